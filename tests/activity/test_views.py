"""The activity pages: a league's for its managers, a tournament's for its director."""

import csv
import io

import pytest
from django.urls import resolve, reverse

from activity.models import Scope, Verb
from tests.activity.factories import entry
from tests.factories import (
    LeagueFactory,
    TournamentFactory,
    UserFactory,
    captain_user,
    director_user,
    manager_user,
    player_user,
)

pytestmark = pytest.mark.django_db


def _league_log(league):
    return reverse("league:league_activity", args=[league.slug])


def _league_page(league):
    return reverse("league:league_detail", args=[league.slug])


def _tournament_log(tournament):
    return reverse("tournaments:activity", args=[tournament.slug])


LEAGUE_ROLES = [
    (lambda: player_user()[0], 403),
    (lambda: captain_user()[0], 403),
    (director_user, 403),
    (manager_user, 200),
]


@pytest.mark.parametrize(("make_user", "status"), LEAGUE_ROLES)
def test_only_league_managers_read_a_leagues_log(client, make_user, status):
    league = LeagueFactory()
    client.force_login(make_user())
    assert client.get(_league_log(league)).status_code == status


def test_anonymous_visitors_are_sent_to_log_in(client):
    league, tournament = LeagueFactory(), TournamentFactory(director=director_user())
    for url in (_league_log(league), _tournament_log(tournament)):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_manager_sees_the_leagues_entries_and_not_anothers(client):
    league, other = LeagueFactory(), LeagueFactory()
    alice = UserFactory(username="alice")
    entry(scope_id=league.pk, actor=alice, label="Week 2: Aces v Bowers", detail="20 minutes")
    entry(scope_id=other.pk, label="Week 9: Elsewhere")
    entry(scope_id=league.pk, scope_kind=Scope.TOURNAMENT, label="A tournament's line")
    client.force_login(manager_user())
    page = client.get(_league_log(league)).content.decode()
    assert "Week 2: Aces v Bowers" in page and "20 minutes" in page and "alice" in page
    assert "Forfeit recorded" in page
    assert "Elsewhere" not in page and "A tournament&#x27;s line" not in page


@pytest.mark.parametrize(
    ("make_user", "status"),
    [
        (lambda t: t.director, 200),
        (lambda t: director_user(tournament=TournamentFactory()), 403),
        (lambda t: manager_user(), 403),
    ],
)
def test_only_the_tournaments_director_reads_its_log(client, make_user, status):
    tournament = TournamentFactory(director=director_user())
    entry(scope_id=tournament.pk, scope_kind=Scope.TOURNAMENT, verb=Verb.ROUND_STARTED)
    client.force_login(make_user(tournament))
    response = client.get(_tournament_log(tournament))
    assert response.status_code == status
    if status == 200:
        assert "Round started" in response.content.decode()


def test_the_filters_narrow_the_page(client):
    league = LeagueFactory()
    entry(scope_id=league.pk, verb=Verb.NIGHT_CANCELLED, label="Tuesday March 3")
    entry(scope_id=league.pk, verb=Verb.FORFEIT_RECORDED, label="Week 4: Clubs v Hearts")
    client.force_login(manager_user())
    page = client.get(_league_log(league), {"verb": "night_cancelled"}).content.decode()
    assert "Tuesday March 3" in page and "Clubs v Hearts" not in page
    page = client.get(_league_log(league), {"q": "hearts"}).content.decode()
    assert "Tuesday March 3" not in page and "Clubs v Hearts" in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"since": "1066-10-14"}, "Pick a date between Sat 1 Jan 2000 and"),
        ({"until": "9999-12-31"}, "Pick a date between Sat 1 Jan 2000 and"),
        ({"since": "2026-05-02", "until": "2026-05-01"}, "comes before the start"),
        ({"since": "not a date"}, "Enter a valid date"),
        ({"q": "x" * 101}, "at most 100 characters"),
    ],
)
def test_out_of_bounds_filters_are_refused_with_a_message(client, query, message):
    league = LeagueFactory()
    client.force_login(manager_user())
    response = client.get(_league_log(league), query)
    assert response.status_code == 200
    assert message in response.content.decode()


def test_the_csv_export_holds_the_filtered_entries_escaped_for_spreadsheets(client):
    league = LeagueFactory(slug="monday")
    bob = UserFactory(username="bob")
    entry(scope_id=league.pk, actor=bob, label="=HYPERLINK(1)", detail="+1 rain")
    entry(scope_id=league.pk, verb=Verb.STANDINGS_PUBLISHED, label="Week 1 standings")
    client.force_login(manager_user())
    response = client.get(_league_log(league), {"export": "csv", "actor": bob.pk})
    assert response["Content-Disposition"] == 'attachment; filename="monday-activity.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["when", "who", "action", "verb", "object", "detail"]
    assert [row[1:] for row in rows[1:]] == [
        ["bob", "Forfeit recorded", "forfeit_recorded", "'=HYPERLINK(1)", "'+1 rain"]
    ]


def test_a_tournaments_csv_export_is_escaped_for_spreadsheets_too(client):
    director = director_user()
    tournament = TournamentFactory(director=director)
    entry(
        scope_id=tournament.pk,
        scope_kind=Scope.TOURNAMENT,
        verb=Verb.ROUND_STARTED,
        label="+1 table",
        detail="@boss",
    )
    client.force_login(director)
    response = client.get(_tournament_log(tournament), {"export": "csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert [row[4:] for row in rows[1:]] == [["'+1 table", "'@boss"]]


def test_the_page_is_a_bounded_number_of_queries_however_long_the_log(
    client, django_assert_max_num_queries
):
    league = LeagueFactory()
    people = [UserFactory() for _ in range(8)]
    for n in range(80):
        entry(scope_id=league.pk, actor=people[n % 8], label=f"Week {n}", detail=f"line {n}")
    client.force_login(manager_user())
    with django_assert_max_num_queries(8):
        response = client.get(_league_log(league), {"page": 2})
    assert response.status_code == 200
    assert response.content.decode().count("<tr") == 31  # a header and the 30 left


def test_htmx_filtering_swaps_only_the_results(client):
    league = LeagueFactory()
    client.force_login(manager_user())
    response = client.get(_league_log(league), headers={"HX-Request": "true"})
    page = response.content.decode()
    assert 'id="activity-results"' in page and "<html" not in page


def test_the_staff_pages_link_to_the_log(client):
    league = LeagueFactory()
    tournament = TournamentFactory(director=director_user())
    client.force_login(manager_user())
    assert _league_log(league) in client.get(_league_page(league)).content.decode()
    client.force_login(tournament.director)
    manage = client.get(reverse("tournaments:manage", args=[tournament.slug]))
    assert _tournament_log(tournament) in manage.content.decode()


def test_the_public_league_page_has_no_link_to_the_log(client):
    league = LeagueFactory()
    assert _league_log(league) not in client.get(_league_page(league)).content.decode()


def test_the_log_path_comes_before_a_seasons_path():
    assert resolve("/leagues/fall/activity/").view_name == "league:league_activity"
    assert resolve("/leagues/fall/spring/").view_name == "league:season_detail"
