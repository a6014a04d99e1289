"""The fixture page's "who played" form: shown to whom it should, posting, refusals."""

import pytest
from django.urls import reverse

from league.seasons.models import RosterEntry
from scoring.models import GameSeat
from tests.factories import LeagueFactory, RosterEntryFactory, manager_user, player_user
from tests.league.night_factories import night, play, ready_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    n = night()
    RosterEntryFactory(team=n.home)  # three regulars: the roster can't tell who played
    n.players = [e.player for e in n.home.roster.order_by("pk")]
    return n


def _user(who, n):
    return {
        "anonymous": lambda: None,
        "player": lambda: player_user(team=n.home)[0],
        "other_captain": lambda: ready_team(n.season, "Bystanders")[0],
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "home_captain": lambda: n.home_captain,
        "away_captain": lambda: n.away_captain,
        "manager": lambda: manager_user(league=n.season.league),
    }[who]()


def _as(client, user):
    if user is not None:
        client.force_login(user)
    return client


def page(client, n):
    response = client.get(reverse("league:fixture_detail", args=[n.fixture.pk]))
    assert response.status_code == 200
    return response.content.decode()


def post(client, n, **data):
    return client.post(reverse("league:fixture_lineup", args=[n.fixture.pk]), data, follow=True)


def home_seats(n):
    return set(
        GameSeat.objects.filter(
            game__fixture_game__fixture=n.fixture, seat__in=["N", "S"]
        ).values_list("player_id", flat=True)
    )


@pytest.mark.parametrize(
    ("who", "shown"),
    [
        ("anonymous", False),
        ("player", False),
        ("other_captain", False),
        ("other_manager", False),
        ("away_captain", False),  # the away team has two players: its roster tells it
        ("home_captain", True),
        ("manager", True),
    ],
)
def test_the_form_shows_only_to_the_teams_captain_and_its_leagues_managers(
    client, evening, who, shown
):
    html = page(_as(client, _user(who, evening)), evening)
    assert (f"Who played for {evening.home}?" in html) is shown
    assert f'id="lineup-{evening.away.pk}"' not in html  # nobody records what the roster tells


def test_the_captain_records_who_played_and_everyone_then_sees_it(client, evening):
    a, b, _ = evening.players
    response = post(
        _as(client, evening.home_captain), evening, team=evening.home.pk, players=[a.pk, b.pk]
    )
    assert f"Recorded: {a.name} &amp; {b.name} played for {evening.home}." in (
        response.content.decode()
    )
    assert home_seats(evening) == {a.pk, b.pk}
    client.logout()
    html = page(client, evening)
    assert f"Played: {a.name} &amp; {b.name}" in html
    assert "Who played for" not in html


def test_once_recorded_the_captain_may_change_it(client, evening):
    a, b, c = evening.players
    _as(client, evening.home_captain)
    post(client, evening, team=evening.home.pk, players=[a.pk, b.pk])
    assert f"Change who played for {evening.home}" in page(client, evening)
    post(client, evening, team=evening.home.pk, players=[a.pk, c.pk])
    assert home_seats(evening) == {a.pk, c.pk}


def test_a_manager_fixes_it_after_the_cards_are_confirmed(client, evening):
    play(evening.fixture, (10, 4), (6, 10), (10, 9))
    _, b, c = evening.players
    post(
        _as(client, manager_user(league=evening.season.league)),
        evening,
        team=evening.home.pk,
        players=[b.pk, c.pk],
    )
    assert home_seats(evening) == {b.pk, c.pk}


TEAM_MISSING = "Choose one of the fixture&#x27;s two teams."


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (lambda n, ps: {}, TEAM_MISSING),
        (lambda n, ps: {"team": "x"}, TEAM_MISSING),
        (lambda n, ps: {"team": "9" * 40}, TEAM_MISSING),
        (lambda n, ps: {"team": n.home.pk, "players": [ps[0].pk]}, "Tick exactly two players"),
        (lambda n, ps: {"team": n.home.pk}, "Tick the two players who played."),
        (lambda n, ps: {"team": n.home.pk, "players": ["abc", ps[0].pk]}, "roster that night"),
        (lambda n, ps: {"team": n.home.pk, "players": [999999, 999998]}, "roster that night"),
        (lambda n, ps: {"team": n.home.pk, "players": [p.pk for p in ps]}, "exactly two"),
    ],
)
def test_bad_input_says_why_and_changes_nothing(client, evening, data, message):
    response = post(_as(client, evening.home_captain), evening, **data(evening, evening.players))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert home_seats(evening) == set()


def test_a_sub_of_another_team_is_refused_with_a_message(client, evening):
    stranger = RosterEntry.objects.filter(team=evening.away).first().player
    a = evening.players[0]
    response = post(
        _as(client, evening.home_captain),
        evening,
        team=evening.home.pk,
        players=[a.pk, stranger.pk],
    )
    assert "roster that night" in response.content.decode() and home_seats(evening) == set()


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("player", 403), ("other_captain", 403), ("other_manager", 403)],
)
def test_nobody_else_may_post(client, evening, who, status):
    a, b, _ = evening.players
    response = _as(client, _user(who, evening)).post(
        reverse("league:fixture_lineup", args=[evening.fixture.pk]),
        {"team": evening.home.pk, "players": [a.pk, b.pk]},
    )
    assert response.status_code == status and home_seats(evening) == set()


def test_the_away_captain_may_not_record_the_home_teams_line_up(client, evening):
    a, b, _ = evening.players
    response = _as(client, evening.away_captain).post(
        reverse("league:fixture_lineup", args=[evening.fixture.pk]),
        {"team": evening.home.pk, "players": [a.pk, b.pk]},
    )
    assert response.status_code == 403 and home_seats(evening) == set()


def test_a_get_is_not_allowed(client, evening):
    response = _as(client, evening.home_captain).get(
        reverse("league:fixture_lineup", args=[evening.fixture.pk])
    )
    assert response.status_code == 405
