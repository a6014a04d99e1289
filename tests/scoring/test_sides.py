"""How a game's pages name its sides: by team in a league game, by seat (and players) without."""

import pytest

from scoring.models import Game
from scoring.sides import PLAIN_SIDES, side_names
from tests.scoring.factories import preset, seated_game, team_game

pytestmark = pytest.mark.django_db


def test_a_league_game_names_each_side_by_its_team():
    tg = team_game()
    names = side_names(tg.game)
    assert names == {"NS": tg.ns_team.name, "EW": tg.ew_team.name}
    assert names.short == dict(names) and names.has_teams
    assert names.other("NS") == tg.ew_team.name


def test_engine_messages_are_said_in_the_team_names():
    tg = team_game()
    ns, ew = tg.ns_team.name, tg.ew_team.name
    said = side_names(tg.game).say("E-W reneged: N-S get 4 points.")
    assert said == f"{ew} reneged: {ns} get 4 points."
    assert side_names(tg.game).score(10, 6) == f"{ns} 10 – {ew} 6"


def test_a_team_named_like_a_seat_is_not_renamed_twice():
    tg = team_game()
    tg.ns_team.name = "E-W Jacks"
    names = side_names(tg.game)
    assert names.say("N-S 10, E-W 6") == f"E-W Jacks 10, {tg.ew_team.name} 6"


def test_a_game_without_teams_keeps_the_seats_with_who_sits_there():
    game, _ = seated_game("cca-league")
    seated = {seat.seat: seat.player.name for seat in game.seats.all()}
    names = side_names(game)
    assert names["NS"] == f"N-S · {seated['N']} & {seated['S']}"
    assert names["EW"] == f"E-W · {seated['E']} & {seated['W']}"
    assert names.short == {"NS": "N-S", "EW": "E-W"} and not names.has_teams
    assert names.say("N-S 10, E-W 6") == "N-S 10, E-W 6"  # messages stay as they are
    assert side_names(game, players=False) == {"NS": "N-S", "EW": "E-W"}


def test_a_game_without_teams_or_players_is_plain_seats():
    game = Game.objects.create(rule_set=preset("cca-league"), label="Table 9")
    assert side_names(game) == PLAIN_SIDES == {"NS": "N-S", "EW": "E-W"}
