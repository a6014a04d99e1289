"""League nights listen to scoring: confirmed cards complete fixtures and move playoff series;
a card entered for a league game tells the other captain it waits for confirmation."""

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from league.models import Fixture, FixtureGame
from scoring.models import ScorecardVersion
from scoring.signals import card_confirmed


@receiver(card_confirmed, dispatch_uid="league.card_confirmed")
def record_confirmed_card(sender: Any, game: Any, version: Any = None, **kwargs: Any) -> None:
    fixture_game = FixtureGame.objects.filter(game_id=game.pk).select_related("fixture").first()
    if fixture_game is None:
        return
    fixture = fixture_game.fixture
    if fixture.stage == Fixture.Stage.PLAYOFF:
        from league.services.playoffs import playoff_record_series

        playoff_record_series(fixture=fixture, by=version.confirmed_by if version else None)
    else:
        from league.services.results import fixture_refresh_status

        fixture_refresh_status(fixture=fixture)


@receiver(post_save, sender=ScorecardVersion, dispatch_uid="league.card_submitted")
def notify_card_submitted(
    sender: Any, instance: ScorecardVersion, created: bool, **kwargs: Any
) -> None:
    if not created or kwargs.get("raw"):
        return
    if instance.kind != ScorecardVersion.Kind.SUBMISSION:
        return
    if instance.state != ScorecardVersion.State.PENDING:
        return
    from league.services.result_notices import version_awaiting_notify
    from league.services.results import batch_notice_pending

    if not batch_notice_pending():
        version_awaiting_notify(instance)
