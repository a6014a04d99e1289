"""The room display: its own full-screen page, polling its body for the next page."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.factories import (
    bracket,
    double_elimination,
    heats_event,
    progressive,
    started,
)
from tournaments.models import BracketMatch, Tournament
from tournaments.services import round_enter_scores
from tournaments.services.scores import TableResult

pytestmark = pytest.mark.django_db


def _get(client, name, tournament, **params):
    return client.get(reverse(f"tournaments:{name}", args=[tournament.slug]), params)


def test_the_display_has_no_site_menus_and_asks_for_its_next_page(client):
    tournament = started(progressive(60, rounds=2))  # 15 tables and 60 leaders: 6 pages
    content = _get(client, "big_screen", tournament).content.decode()
    assert "site-header" not in content and "site-nav" not in content
    assert "/static/tournaments/room.css" in content and "/static/js/round-clock.js" in content
    panel = reverse("tournaments:big_screen_panel", args=[tournament.slug])
    assert f'data-hx-get="{panel}?page=1"' in content and 'data-hx-trigger="every 10s"' in content
    assert 'data-hx-swap="outerHTML"' in content
    assert "Round 1<span> of 2</span>" in content


def test_the_panel_answers_with_the_page_asked_and_points_to_the_next(client):
    tournament = started(progressive(60, rounds=2))
    content = _get(client, "big_screen_panel", tournament, page="1").content.decode()
    assert "<!doctype" not in content
    assert "?page=2" in content and "<small>2/2</small>" in content  # the tables' second page
    assert "Table 13" in content and "Table 1<" not in content


@pytest.mark.parametrize("page", ["", "-1", "abc", "9" * 40, "²", "1²", "١٢", "\x00", " 1_0 "])
def test_any_page_parameter_answers(client, page):
    tournament = started(progressive(8, rounds=2))
    assert _get(client, "big_screen_panel", tournament, page=page).status_code == 200
    assert _get(client, "big_screen", tournament, page=page).status_code == 200


def test_the_clock_carries_the_rounds_start_and_limit(client):
    tournament = started(progressive(8, rounds=2, round_minutes=25))
    content = _get(client, "big_screen", tournament).content.decode()
    assert "data-round-clock" in content and 'data-limit-minutes="25"' in content
    assert "Time left" in content


def test_a_round_without_a_limit_counts_up(client):
    tournament = started(progressive(8, rounds=2))
    content = _get(client, "big_screen", tournament).content.decode()
    assert "data-round-clock" in content and "data-limit-minutes" not in content
    assert "Playing for" in content


def test_brackets_and_heats_have_the_room_display_too(client):
    for tournament in (started(bracket(4)), started(heats_event(6))):
        response = _get(client, "big_screen", tournament)
        assert response.status_code == 200 and b"room-wide" in response.content


def test_a_double_elimination_room_shows_the_losers_bracket_and_the_grand_final(client):
    tournament = started(double_elimination(4))
    content = _get(client, "big_screen_panel", tournament).content.decode()
    assert "Winners&#x27; bracket" in content or "Winners' bracket" in content
    assert "Losers&#x27; bracket" in content or "Losers' bracket" in content
    assert "Grand final" in content
    losers = BracketMatch.objects.filter(tournament=tournament, bracket="losers")
    assert all(f'id="match-{m.pk}"' in content for m in losers)
    final = BracketMatch.objects.filter(tournament=tournament, bracket="final")
    assert all(f'id="match-{m.pk}"' in content for m in final)
    assert "Scorecard" not in content  # the room shows the play, not the links to it


def test_the_champion_is_shown_when_the_event_is_over(client):
    tournament = started(bracket(2))
    entry = tournament.entries.first()
    Tournament.objects.filter(pk=tournament.pk).update(
        status=Tournament.Status.FINISHED, champion=entry
    )
    content = _get(client, "big_screen", tournament).content.decode()
    assert f"Champion: <strong>{entry.display_name}</strong>" in content


@pytest.mark.parametrize("players", [8, 60])
def test_the_panel_polled_by_every_screen_takes_one_query_for_any_field(
    client, django_assert_num_queries, players
):
    tournament = started(progressive(players, rounds=2))
    _get(client, "big_screen_panel", tournament)  # the first screen builds what the rest read
    for page in ("1", "2", "3"):
        with django_assert_num_queries(1):  # the event with its results version
            assert _get(client, "big_screen_panel", tournament, page=page).status_code == 200


def test_the_pages_asked_for_go_round_one_turn_of_tables_and_leaders(client):
    tournament = started(progressive(60, rounds=2))  # tables: 2 pages, leaders: 6
    content = _get(client, "big_screen_panel", tournament, page="5").content.decode()
    assert "?page=0" in content and "<small>6/6</small>" in content
    content = _get(client, "big_screen_panel", tournament, page="7").content.decode()
    assert "?page=2" in content and "<small>2/6</small>" in content  # 7 is 1 of the turn


def test_a_field_on_one_page_asks_for_it_again(client):
    tournament = started(progressive(8, rounds=2))
    content = _get(client, "big_screen_panel", tournament, page="1").content.decode()
    assert "?page=0" in content


def test_a_repeat_poll_renders_only_the_header_until_a_result_comes_in(client):
    """The tables and leaders are rendered once per results version and page; a score
    entered shows on the next poll."""
    tournament = started(progressive(12, rounds=2, director=UserFactory()))
    first = _get(client, "big_screen_panel", tournament)
    assert "tournaments/_room_sections.html" in [t.name for t in first.templates]
    again = _get(client, "big_screen_panel", tournament)
    assert "tournaments/_room_sections.html" not in [t.name for t in again.templates]
    body = first.content.decode().split("</header>")[1]
    assert again.content.decode().split("</header>")[1] == body  # the clock apart
    round_enter_scores(
        tournament=tournament,
        number=1,
        user=tournament.director,
        results={1: TableResult({"N": 6, "S": 6, "E": 2, "W": 2})},
    )
    after = _get(client, "big_screen_panel", tournament).content.decode()
    assert '<strong class="seat-points">6</strong>' in after
    assert "room-done" in after and "room-done" not in first.content.decode()


def test_a_page_beyond_the_turn_is_answered_but_not_kept_apart(client):
    tournament = started(progressive(8, rounds=2))  # one page of each: a turn of 1
    for _ in range(2):
        beyond = _get(client, "big_screen_panel", tournament, page="5")
        assert "tournaments/_room_sections.html" in [t.name for t in beyond.templates]
    assert "?page=0" in beyond.content.decode()
