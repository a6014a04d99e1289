"""The game's card page, for each role, with a bounded number of queries."""

import pytest
from django.urls import reverse

from scoring.services import scorecard_confirm, scorecard_dispute, scorecard_submit
from tests.factories import admin_user, captain_user, manager_user, player_user
from tests.scoring.factories import (
    NS_WINS_10_2,
    PROGRESSIVE_EIGHT,
    made,
    seated_game,
    team_game,
)

pytestmark = pytest.mark.django_db


def _url(game):
    return reverse("scoring:game_detail", args=[game.pk])


def test_anyone_can_read_a_card_but_anonymous_visitors_get_no_buttons(client):
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    page = client.get(_url(tg.game)).content.decode()
    assert f"{tg.ns_team.name} 10 – {tg.ew_team.name} 2" in page
    assert "Awaiting confirmation" in page
    assert "Confirm this card" not in page
    assert "Tricks the makers took" not in page


def test_the_page_shows_hands_with_running_totals(client):
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    page = client.get(_url(tg.game)).content.decode()
    assert f"{tg.ns_team.name} marched: 2 points." in page
    assert "2 <small>· 10</small>" in page  # the last march, the N-S side's running total 10
    assert f"{tg.ns_team.name}" in page and f"{tg.ew_team.name}" in page


def test_the_other_captain_sees_confirm_and_dispute(client):
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    client.force_login(tg.ew_captain)
    page = client.get(_url(tg.game)).content.decode()
    assert "Confirm this card" in page and "Dispute this card" in page


def test_the_submitter_sees_no_confirm_button(client):
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    client.force_login(tg.ns_captain)
    page = client.get(_url(tg.game)).content.decode()
    assert "Confirm this card" not in page
    assert "You submitted this card" in page


@pytest.mark.parametrize("role", ["player", "other_captain"])
def test_players_and_other_captains_can_read_but_not_act(client, role):
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    user = player_user(team=tg.ew_team)[0] if role == "player" else captain_user()[0]
    client.force_login(user)
    page = client.get(_url(tg.game)).content.decode()
    assert "Confirm this card" not in page and "Settle this card" not in page
    assert "Tricks the makers took" not in page


def test_a_captain_of_an_empty_card_gets_the_entry_component(client):
    tg = team_game()
    client.force_login(tg.ns_captain)
    page = client.get(_url(tg.game)).content.decode()
    assert "Tricks the makers took" in page
    assert f"Submit the card for {tg.ns_team.name}" in page


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_staff_may_settle_an_open_card_and_correct_a_confirmed_one(client, staff):
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    client.force_login(staff())
    page = client.get(_url(tg.game)).content.decode()
    assert "Settle this card" in page and "Correct this card" not in page
    scorecard_confirm(version=version, user=tg.ew_captain)
    page = client.get(_url(tg.game)).content.decode()
    assert "Correct this card" in page and "Settle this card" not in page
    assert "Confirm this card" not in page


def test_a_disputed_card_shows_the_reason(client):
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_dispute(version=version, user=tg.ew_captain, reason="Hand 3 was ours.")
    page = client.get(_url(tg.game)).content.decode()
    assert "Disputed" in page and "Hand 3 was ours." in page


def test_an_individual_card_shows_each_players_total(client):
    game, users = seated_game("progressive")
    scorecard_submit(game=game, user=users["N"], side="NS", hands=PROGRESSIVE_EIGHT)
    client.force_login(users["E"])
    page = client.get(_url(game)).content.decode()
    assert "N 9 · S 8 · E 6 · W 6" in page
    assert "Confirm this card" in page


def test_an_unknown_game_is_a_404(client):
    assert client.get(reverse("scoring:game_detail", args=[999999])).status_code == 404


def test_the_game_page_runs_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    tg = team_game()
    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    scorecard_dispute(version=version, user=tg.ew_captain, reason="No.")
    ew_wins = [made("EW", 3)] * 9 + [made("NS", 4)] * 9 + [made("EW", 4)]
    scorecard_submit(game=tg.game, user=tg.ew_captain, side="EW", hands=ew_wins)
    client.force_login(tg.ns_captain)
    # 11 for the card and the viewer, 12 for asking the game's owners whether it may be
    # confirmed and entered now (the fixture, the event, both teams' eligibility), and 1 for
    # the page it links back to, and up to 4 for each side's chance (seats, fixture, line-ups,
    # ratings): a constant.
    with django_assert_max_num_queries(28):
        response = client.get(_url(tg.game))
    assert response.status_code == 200


def _no_seat_labels(page):
    return "N-S" not in page and "E-W" not in page


def test_a_league_games_page_names_the_sides_by_team_only(client):
    tg = team_game()
    ns, ew = tg.ns_team.name, tg.ew_team.name
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    client.force_login(tg.ew_captain)
    page = client.get(_url(tg.game)).content.decode()
    assert f"Waiting for {ew} to confirm." in page and f" for {ns} ·" in page
    assert f'<th scope="col" class="pts">{ns}</th><th scope="col" class="pts">{ew}</th>' in page
    assert f"{ns} 10 – {ew} 2" in page and f"{ew} made it with 3 tricks" in page
    assert _no_seat_labels(page)


def test_a_league_captains_entry_buttons_and_labels_name_the_teams(client):
    from scoring.services import draft_add_hand

    tg = team_game("classic-tens")  # has a penalty for an unproven renege claim
    ns, ew = tg.ns_team.name, tg.ew_team.name
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=made("NS", 4))
    client.force_login(tg.ns_captain)
    page = client.get(_url(tg.game)).content.decode()
    assert f'name="maker" value="NS">{ns}</label>' in page
    assert f'name="maker" value="EW">{ew}</label>' in page
    assert f'value="EW">By {ew}</label>' in page
    assert f'value="NS" class="secondary">{ns} reneged</button>' in page
    assert f"Submit the card for {ns}" in page and f"{ns} made it with 4 tricks" in page
    assert _no_seat_labels(page)


def test_a_table_without_teams_keeps_the_seats_and_names_the_players(client):
    game, users = seated_game("cca-league")
    seated = {seat.seat: seat.player.name for seat in game.seats.all()}
    scorecard_submit(game=game, user=users["N"], side="NS", hands=NS_WINS_10_2)
    client.force_login(users["N"])
    page = client.get(_url(game)).content.decode()
    assert "N-S 10 – E-W 2" in page and "N-S marched: 2 points." in page
    assert f'value="EW">E-W · {seated["E"]} &amp; {seated["W"]}</label>' in page
    assert "Waiting for E-W · " in page
