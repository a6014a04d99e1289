"""Who played for a team in a league fixture: the two players, as the seats of its games.

A team with three regulars (two partners and an alternate), or a sub and two regulars,
can't be told from the roster; its captain or a league manager records the two who played.
The home team sits N and S, the away team E and W, on every game of the fixture, so the
players' ratings and game lines count those games (`people.selectors.games`). A manager may
fix the record after the cards are confirmed; recording the same two again changes nothing.
"""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from league.nights.selectors.lineups import eligible_players, seats_for
from league.nights.services.results import fixture_games_ensure, locked_fixture
from league.seasons.activity import fixture_label, league_activity
from league.seasons.models import Fixture, Player, Team
from scoring.models import Game, GameSeat
from scoring.signals import game_players_changed

PLAYABLE = (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)


def may_record(user: Any, fixture: Fixture, team_id: int) -> bool:
    """The team's captain or a manager of the fixture's league (`can_act_for_team`'s rule)."""
    return permissions.is_captain_of(user, team_id) or permissions.can_manage_season(
        user, fixture.season
    )


def _refusal(fixture: Fixture, team: Team) -> str:
    if team.pk not in fixture.team_ids() or fixture.away_id is None:
        return "That team doesn't play in this fixture."
    if fixture.status not in PLAYABLE:
        return "This fixture isn't played: there is nobody to record."
    if fixture.date > timezone.localdate():
        return "Record who played on the night of the fixture or after it."
    return ""


def _chosen(fixture: Fixture, team: Team, player_ids: list[int]) -> list[Player]:
    ids = list(dict.fromkeys(player_ids))
    if len(ids) != 2 or len(player_ids) != 2:
        raise ValidationError("Choose two different players: the two who played.")
    eligible = {p.pk: p for p in eligible_players(fixture).get(team.pk, [])}
    strangers = [pk for pk in ids if pk not in eligible]
    if strangers:
        raise ValidationError(
            f"Choose players on {team}'s roster that night (a regular or a sub for this fixture)."
        )
    return [eligible[pk] for pk in ids]


@transaction.atomic
def fixture_lineup_record(
    *, fixture: Fixture, team: Team, player_ids: list[int], by: Any
) -> list[Player]:
    """Seat the two players who played for `team` on every game of `fixture`.

    Replaces that side's previous seats; the same two again is a no-op (a double click).
    Refuses with PermissionDenied (not the team's captain, nor a manager of its league) or
    a ValidationError saying why; either way nothing changed.
    """
    fixture = locked_fixture(fixture)  # one line-up write at a time per fixture
    if not may_record(by, fixture, team.pk):
        raise PermissionDenied(f"Only {team}'s captain or a league manager records who played.")
    refusal = _refusal(fixture, team)
    if refusal:
        raise ValidationError(refusal)
    team = fixture.home if team.pk == fixture.home_id else fixture.away
    players = _chosen(fixture, team, player_ids)
    game_ids = [fg.game_id for fg in fixture_games_ensure(fixture=fixture)]
    if not game_ids:
        raise ValidationError("This fixture has no games to record players on.")
    seats = seats_for(fixture, team.pk)
    current = GameSeat.objects.filter(game_id__in=game_ids, seat__in=seats)
    wanted = {p.pk for p in players}
    by_game: dict[int, set[int]] = {}
    for game_id, player_id in current.values_list("game_id", "player_id"):
        by_game.setdefault(game_id, set()).add(player_id)
    if all(by_game.get(game_id) == wanted for game_id in game_ids):
        return players  # recorded already: nothing to change
    other = GameSeat.objects.filter(game_id__in=game_ids, player_id__in=wanted).exclude(
        seat__in=seats
    )
    if other.exists():
        raise ValidationError("A player can't sit on both sides of a game.")
    current.delete()
    try:
        with transaction.atomic():  # the constraints are the last guard against a race
            GameSeat.objects.bulk_create(
                GameSeat(game_id=game_id, seat=seat, player=player)
                for game_id in game_ids
                for seat, player in zip(seats, players, strict=True)
            )
    except IntegrityError:
        raise ValidationError("Those seats were just recorded: reload the page.") from None
    # The fixture page's stamp moves with the fixture's own columns: the line-up shows at once.
    Fixture.objects.filter(pk=fixture.pk).update(updated_at=timezone.now())
    names = " & ".join(p.name for p in players)
    league_activity(
        season=fixture.season,
        actor=by,
        verb=Verb.LINEUP_RECORDED,
        target=fixture,
        label=fixture_label(fixture),
        detail=f"{team}: {names}",
    )
    transaction.on_commit(lambda: game_players_changed.send(sender=Game, game_ids=list(game_ids)))
    return players
