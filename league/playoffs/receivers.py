"""Playoff series listen to scoring and to league nights: a confirmed card or a forfeit in a
playoff fixture may decide a series; a team removed from the league leaves the bracket."""

from typing import Any

from django.dispatch import receiver

from league.nights import signals
from league.nights.models import FixtureGame
from league.playoffs.services import playoff_record_series, playoffs_team_removed
from league.seasons.models import Fixture, Team
from scoring.signals import card_confirmed


@receiver(card_confirmed, dispatch_uid="league.playoffs.card_confirmed")
def record_confirmed_playoff_card(
    sender: Any, game: Any, version: Any = None, **kwargs: Any
) -> None:
    fixture_game = FixtureGame.objects.filter(game_id=game.pk).select_related("fixture").first()
    if fixture_game is None or fixture_game.fixture.stage != Fixture.Stage.PLAYOFF:
        return
    playoff_record_series(
        fixture=fixture_game.fixture, by=version.confirmed_by if version else None
    )


@receiver(signals.playoff_fixture_changed, dispatch_uid="league.playoffs.fixture_changed")
def record_changed_playoff_fixture(
    sender: Any, fixture: Fixture, by: Any = None, **kwargs: Any
) -> None:
    playoff_record_series(fixture=fixture, by=by)


@receiver(signals.team_removed, dispatch_uid="league.playoffs.team_removed")
def drop_removed_team(sender: Any, team: Team, **kwargs: Any) -> None:
    playoffs_team_removed(team=team)
