import pytest

from league.seasons.models import Player
from scoring.models import Game, GameSeat, RuleSet
from scoring.services import scorecard_confirm, scorecard_submit
from tests.factories import UserFactory, admin_user
from tests.tournaments.factories import bracket, heats_event, settle, started
from tournaments.models import BracketMatch, HeatMatch, Tournament

pytestmark = pytest.mark.django_db


def _players_with_accounts(game):
    """Give the seated players logins, as players who enter cards on their phones have."""
    users = {}
    for seat in GameSeat.objects.filter(game=game).select_related("player"):
        seat.player.user = UserFactory()
        seat.player.save()
        users[seat.seat] = seat.player.user
    return users


def test_an_opponents_confirmation_at_the_table_advances_the_bracket(
    django_capture_on_commit_callbacks,
):
    tournament = started(bracket(2))
    match = BracketMatch.objects.get(tournament=tournament)
    game = match.games.get().game
    users = _players_with_accounts(game)
    version = scorecard_submit(
        game=game, user=users["N"], side="NS", final_scores={"NS": 10, "EW": 7}
    )
    match.refresh_from_db()
    assert match.winner_id is None  # submitted is not confirmed
    with django_capture_on_commit_callbacks(execute=True):
        scorecard_confirm(version=version, user=users["E"])
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.champion_id == match.top_id


def test_a_confirmed_heat_card_closes_the_stage(django_capture_on_commit_callbacks):
    tournament = started(heats_event(2, stages=[{"kind": "final"}]))
    match = HeatMatch.objects.get(heat__stage__tournament=tournament)
    users = _players_with_accounts(match.game)
    version = scorecard_submit(
        game=match.game, user=users["E"], side="EW", final_scores={"NS": 3, "EW": 10}
    )
    with django_capture_on_commit_callbacks(execute=True):
        scorecard_confirm(version=version, user=users["S"])
    tournament.refresh_from_db()
    assert tournament.champion_id == match.ew_id


def test_games_outside_tournaments_are_ignored(django_capture_on_commit_callbacks):
    game = Game.objects.create(rule_set=RuleSet.objects.get(slug="classic-tens"), label="Friendly")
    for seat, name in zip("NESW", "abcd", strict=True):
        GameSeat.objects.create(game=game, seat=seat, player=Player.objects.create(name=name))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        settle(game, {"NS": 10, "EW": 2}, user=admin_user())  # no owner: the site's admins
    assert callbacks  # the signal was sent, and nothing in tournaments broke
