"""The scorekeeper page: a round's tables typed at the desk and saved in one submit; and the
scores showing wherever a card exists, however it was entered."""

import re

import pytest
from django.urls import reverse

from accounts.models import Role, RoleName, Scope
from scoring.models import Scorecard, ScorecardVersion
from tests.factories import UserFactory, director_user, manager_user, player_user
from tests.tournaments.factories import bracket, progressive, started
from tournaments.models import Round
from tournaments.selectors import progressive_leaderboard

pytestmark = pytest.mark.django_db


@pytest.fixture
def director():
    return UserFactory()


@pytest.fixture
def event(director):
    return started(progressive(players=8, rounds=2, director=director))


def url(tournament, number=1):
    return reverse("tournaments:round_scores", args=[tournament.slug, number])


def boxes(*tables):
    """The POST for tables typed in order: table n's N, S, E, W."""
    data = {}
    for number, totals in enumerate(tables, start=1):
        for seat, value in zip("NSEW", totals, strict=True):
            data[f"t{number}-{seat}"] = value
    return data


def keeper_of(tournament):
    user = UserFactory()
    Role.objects.create(
        user=user, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk, role=RoleName.SCOREKEEPER
    )
    return user


def test_the_page_lists_every_table_with_its_players_and_starts_in_the_first_box(
    client, event, director
):
    client.force_login(director)
    page = client.get(url(event)).content.decode()
    row = Round.objects.get(tournament=event, number=1)
    for table in row.tables.all():
        assert f'id="table-{table.number}"' in page
        for seat in table.seats.select_related("entry__player"):
            assert seat.entry.player.name in page
    assert 'name="t1-N"' in page and 'name="t2-W"' in page
    assert page.count("autofocus") == 1 and 'inputmode="numeric"' in page


def test_a_scorekeeper_saves_the_whole_round_in_one_submit(client, event):
    keeper = keeper_of(event)
    client.force_login(keeper)
    response = client.post(url(event), boxes((6, 6, 2, 2), (1, 1, 7, 7)), follow=True)
    assert "Round 1: tables 1 and 2 entered and confirmed." in response.content.decode()
    assert Scorecard.objects.filter(status="confirmed").count() == 2
    # The page shows them confirmed, with their scores in the boxes.
    page = client.get(url(event)).content.decode()
    assert page.count("✔ Confirmed") == 2 and 'value="7"' in page
    assert "autofocus" not in page


def test_a_bad_table_is_named_and_nothing_is_saved(client, event, director):
    client.force_login(director)
    response = client.post(url(event), boxes((6, 6, 2, 2), (6, 2, 2, 2)))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was saved" in page and "Table 2: These four totals" in page
    assert not ScorecardVersion.objects.exists()


@pytest.mark.parametrize("typed", ["abc", "-1", "100", "9" * 40, "1e309"])
def test_a_box_that_is_not_a_score_is_refused_with_a_message(client, event, director, typed):
    client.force_login(director)
    response = client.post(url(event), boxes((typed, 6, 2, 2)))
    assert response.status_code == 200
    assert "fix the boxes marked below" in response.content.decode()
    assert not ScorecardVersion.objects.exists()


def test_changing_a_confirmed_table_asks_for_the_reason(client, event, director):
    client.force_login(director)
    client.post(url(event), boxes((6, 6, 2, 2)))
    response = client.post(url(event), boxes((1, 1, 7, 7)))
    assert "Give a reason for the correction" in response.content.decode()
    data = boxes((1, 1, 7, 7)) | {"reason": "Read the wrong line"}
    response = client.post(url(event), data, follow=True)
    assert "table 1 corrected" in response.content.decode()
    assert ScorecardVersion.objects.filter(kind="correction").get().reason == "Read the wrong line"


def test_a_round_not_started_takes_no_scores(client, event, director):
    client.force_login(director)
    assert "hasn't started" in client.get(url(event, 2)).content.decode()
    response = client.post(url(event, 2), boxes((6, 6, 2, 2)))
    assert "hasn't started" in response.content.decode()
    assert not ScorecardVersion.objects.exists()


@pytest.mark.parametrize("who", ["other_director", "manager", "player"])
def test_other_people_are_refused_the_page(client, event, who):
    other = progressive(players=4, director=UserFactory())
    user = {
        "other_director": lambda: director_user(tournament=other),
        "manager": manager_user,
        "player": lambda: player_user()[0],
    }[who]()
    client.force_login(user)
    assert client.get(url(event)).status_code == 403
    assert client.post(url(event), boxes((6, 6, 2, 2))).status_code == 403
    assert not ScorecardVersion.objects.exists()


def test_anonymous_visitors_are_sent_to_log_in(client, event):
    assert "/accounts/login/" in client.get(url(event))["Location"]


def test_rounds_that_do_not_exist_and_other_formats_are_not_found(client, director):
    tournament = started(progressive(players=4, rounds=1, director=director))
    cup = started(bracket(4, director=director))
    client.force_login(director)
    assert client.get(url(tournament, 9)).status_code == 404
    assert client.get(url(cup)).status_code == 404


def test_the_control_and_round_pages_link_to_the_scores_page(client, event, director):
    client.force_login(director)
    manage = client.get(reverse("tournaments:manage", args=[event.slug])).content.decode()
    assert url(event) in manage
    client.force_login(keeper_of(event))
    round_page = client.get(reverse("tournaments:round", args=[event.slug, 1])).content.decode()
    assert url(event) in round_page
    client.logout()
    round_page = client.get(reverse("tournaments:round", args=[event.slug, 1])).content.decode()
    assert url(event) not in round_page


def test_final_scores_show_on_the_control_and_round_pages_big_screen_and_leaderboard(
    client, event, director
):
    client.force_login(director)
    client.post(url(event), boxes((6, 6, 2, 2), (1, 1, 7, 7)))
    row = Round.objects.get(tournament=event, number=1)
    east = row.tables.get(number=2).seats.get(seat="E").entry
    shown = f'{east.player.name} <strong class="seat-points">7</strong>'
    pages = {
        "manage": reverse("tournaments:manage", args=[event.slug]),
        "round": reverse("tournaments:round", args=[event.slug, 1]),
        "big screen": reverse("tournaments:big_screen_panel", args=[event.slug]),
    }
    for name, path in pages.items():
        page = client.get(path).content.decode()
        assert shown in page, name
        assert "N-S – · E-W –" not in page and "N-S –" not in page, name
    board = client.get(reverse("tournaments:leaderboard", args=[event.slug])).content.decode()
    board = re.sub(r"\s+", " ", board)
    assert '<th class="wide"> R1 </th>' in board  # each round, on a wide screen
    profile = reverse("people:profile", args=[east.player_id])
    name = f'<a href="{profile}">{east.player.name}</a>'
    assert f'<td data-label="Player">{name}</td><td data-label="Points">7</td>' in board
    rows = {r.entry.pk: r for r in progressive_leaderboard(event).rows}
    assert (rows[east.pk].rounds, rows[east.pk].standing.points) == (["7"], 7)


# --- where a scorekeeper starts ---


def _start(tournament):
    return reverse("tournaments:scorekeeping", args=[tournament.slug])


def test_the_scorekeeping_page_opens_the_round_being_played(client, event):
    client.force_login(keeper_of(event))
    response = client.get(_start(event))
    assert response.status_code == 302
    assert response.url == url(event, event.current_round)


def test_before_the_first_round_it_says_score_entry_opens_when_the_event_starts(client):
    tournament = progressive(players=8, rounds=2, director=UserFactory())
    client.force_login(keeper_of(tournament))
    page = client.get(_start(tournament)).content.decode()
    assert 'id="not-started"' in page and "first round hasn" in page


def test_a_bracket_scorekeeper_is_pointed_to_the_matches_cards(client):
    tournament = started(bracket(4, director=UserFactory()))
    client.force_login(keeper_of(tournament))
    page = client.get(_start(tournament)).content.decode()
    assert reverse("tournaments:detail", args=[tournament.slug]) in page


def test_the_scorekeeping_page_is_only_the_events_staff(client, event):
    other = progressive(players=8, rounds=2, director=UserFactory())
    for user in (keeper_of(other), player_user()[0], manager_user()):
        client.force_login(user)
        assert client.get(_start(event)).status_code == 403
