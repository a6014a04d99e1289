"""Printable cards: partnership and 8-box individual, blank or filled from a game."""

import pytest
from django.urls import reverse

from scoring.services import scorecard_submit
from tests.scoring.factories import (
    NS_WINS_10_2,
    PASSED,
    PROGRESSIVE_EIGHT,
    made,
    seated_game,
    team_game,
)

pytestmark = pytest.mark.django_db


def _page(client, name, *args, **params):
    response = client.get(reverse(f"scoring:{name}", args=args), params)
    assert response.status_code == 200
    return response.content.decode()


def test_a_blank_partnership_card_has_boxes_signatures_and_who_hands_it_in(client):
    page = _page(client, "ruleset_print", "classic-tens")
    assert page.count('class="paper-card"') == 2  # two cards to a page by default
    assert "N-S captain's signature" in page and "E-W captain's signature" in page
    assert "N-S hands in the card, E-W keeps a copy" in page
    assert "a passed deal is an X hand" in page and "points beyond 10 count" in page
    assert page.count("<tr><td>20</td>") == 2  # twenty numbered hand rows per card
    assert "css/scorecard.css" in page


def test_the_number_of_blank_cards_is_chosen_and_bad_input_falls_back(client):
    assert _page(client, "ruleset_print", "cca-league", copies="5").count("paper-card") == 5
    for bad in ("0", "99", "x", "²", ""):
        assert _page(client, "ruleset_print", "cca-league", copies=bad).count("paper-card") == 2


def test_blank_individual_cards_have_eight_boxes_initials_partner_and_opponent(client):
    page = _page(client, "ruleset_print", "progressive")
    assert page.count('class="paper-card"') == 4  # one per player at the table
    assert page.count('<span class="init">init.</span>') == 32
    assert "agrees after hand 8, initials" in page and "Opponent's initials" in page
    assert "Corrections in boxes 1–8 must be initialed" in page


def test_a_filled_partnership_card_shows_x_for_no_points_and_running_totals(client):
    tg = team_game("classic-tens")
    hands = [PASSED, made("EW", 3), *[made("NS", 5)] * 5]
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=hands)
    page = _page(client, "game_print", tg.game.pk)
    assert "<tr><td>1</td><td></td><td>X</td><td>0</td><td>X</td><td>0</td></tr>" in page
    assert "<tr><td>2</td><td></td><td>X</td><td>0</td><td>1</td><td>1</td></tr>" in page
    assert tg.ns_team.name in page and tg.game.label in page
    assert f'{tg.ns_team.name} <span class="blank">10</span>' in page
    assert f"{tg.ew_team.name} captain's signature" in page
    assert "N-S" not in page and "E-W" not in page


def test_a_filled_individual_card_shows_each_players_boxes_and_total(client):
    game, users = seated_game("progressive")
    scorecard_submit(game=game, user=users["N"], side="NS", hands=PROGRESSIVE_EIGHT)
    page = _page(client, "game_print", game.pk)
    north = page.split("Seat: North")[1].split("</section>")[0]
    values = [part.split("</span>")[0] for part in north.split('<span class="v">')[1:]]
    assert values == ["5", "X", "X", "X", "1", "2", "1", "X", "9"]
    assert users["S"].player.name in north  # the partner who agrees


def test_a_game_without_a_card_prints_a_blank_card_for_it(client):
    tg = team_game()
    page = _page(client, "game_print", tg.game.pk)
    assert tg.ew_team.name in page and page.count('class="paper-card"') == 1


def test_print_pages_of_unknown_things_are_404(client):
    assert client.get(reverse("scoring:game_print", args=[99999])).status_code == 404
    assert client.get(reverse("scoring:ruleset_print", args=["nope"])).status_code == 404


def test_print_page_queries_do_not_grow_with_hands(client, django_assert_max_num_queries):
    tg = team_game()
    scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    with django_assert_max_num_queries(6):
        client.get(reverse("scoring:game_print", args=[tg.game.pk]))
