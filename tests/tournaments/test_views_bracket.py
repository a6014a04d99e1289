"""Bracket pages drawn with their lines, byes in their slots and the places decided
(templates/tournaments/_bracket.html, selectors.bracket)."""

import re

import pytest
from django.urls import reverse

from tests.tournaments.factories import bracket, double_elimination, started
from tournaments.models import BracketMatch
from tournaments.selectors import bracket_view

pytestmark = pytest.mark.django_db


def _win_all(confirm, tournament, top=True):
    while match := (
        BracketMatch.objects.filter(
            tournament=tournament, winner__isnull=True, is_bye=False, games__isnull=False
        )
        .order_by("bracket", "round", "position")
        .first()
    ):
        game = match.games.order_by("-number").first()
        ns_wins = top == game.top_is_ns
        confirm(game.game, {"NS": 10, "EW": 4} if ns_wins else {"NS": 3, "EW": 10})


def test_each_match_joins_the_next_round_with_lines_pairs_or_straight():
    tournament = started(double_elimination(8))
    views = bracket_view(tournament)

    main = [[v.link_out for v in r.matches] for r in views["main"]]
    assert main == [["down", "up", "down", "up"], ["down", "up"], [""]]
    losers = [[v.link_out for v in r.matches] for r in views["losers"]]
    assert losers == [["straight", "straight"], ["down", "up"], ["straight"], [""]]
    assert [[v.link_in for v in r.matches] for r in views["main"]][1:] == [[True] * 2, [True]]
    assert not any(v.link_in for v in views["main"][0].matches)
    assert [r.name for r in views["main"]] == ["Round 1", "Winners' semifinals", "Winners' final"]
    assert [r.name for r in views["losers"]][-1] == "Losers' final"
    assert [r.name for r in views["final"]] == ["Grand final", "Reset match"]


def test_a_first_round_bye_holds_its_slot_so_the_rounds_line_up(client):
    tournament = started(bracket(6))

    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()

    first_round = html.split('aria-label="Quarterfinals"')[1].split("</section>")[0]
    assert len(re.findall(r'class="b-slot[ "]', first_round)) == 4  # two byes, two matches
    assert first_round.count("match match-bye") == 2
    assert html.count("b-out-down") == 3 and html.count("b-out-up") == 3


def test_the_double_elimination_page_shows_every_bracket(client):
    tournament = started(double_elimination(12))

    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()

    for heading in ("Winners' bracket", "Losers' bracket", "Grand final"):
        assert f"<h2>{heading}</h2>" in html
    assert "out after its second loss" in html
    assert html.count("match match-bye") == 4  # winners' round one; losers' byes come later


def test_places_show_the_champion_runner_up_and_the_paid_places_with_prizes(client, confirm):
    tournament = started(double_elimination(6, prizes=[30000, 15000, 5000]))
    _win_all(confirm, tournament)

    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()

    places = html.split('id="places-heading"')[1].split("</section>")[0]
    rows = re.findall(r'<span class="place">([^<]+)</span>', places)
    assert rows == ["1st", "2nd", "3rd"]
    assert "$300.00" in places and "$150.00" in places and "$50.00" in places


def test_a_void_losers_match_and_an_unneeded_reset_say_so(client, confirm):
    tournament = started(double_elimination(5))
    _win_all(confirm, tournament)

    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()

    assert "No match: two byes" in html
    assert "Not needed" in html


def test_single_elimination_places_tie_the_semifinal_losers(client, confirm):
    tournament = started(bracket(4, prizes=[1000, 500, 300]))
    _win_all(confirm, tournament)

    html = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()

    assert "3rd–4th" in html and "$1.50" in html


@pytest.mark.parametrize("teams", [4, 24])
def test_the_double_elimination_pages_need_the_same_few_queries_for_any_size(
    client, django_assert_max_num_queries, confirm, teams
):
    tournament = started(double_elimination(teams, best_of=3))
    match = BracketMatch.objects.filter(
        tournament=tournament, bracket="main", is_bye=False, round=1
    ).first()
    confirm(match.games.get().game, {"NS": 10, "EW": 7})
    for name in ("detail", "big_screen"):
        with django_assert_max_num_queries(11):
            response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]))
        assert response.status_code == 200
    client.force_login(tournament.director)
    with django_assert_max_num_queries(16):
        assert client.get(reverse("tournaments:manage", args=[tournament.slug])).status_code == 200
