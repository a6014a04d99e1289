"""The standings page: per level, week selector, live for managers, CSV, publish, query bound."""

import csv
import io

import pytest
from django.urls import reverse

from league.demo.results import bulk_season
from league.standings.models import StandingsSnapshot
from league.standings.services import standings_publish
from tests.factories import director_user, manager_user, player_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team
from tests.notices.factories import SubscriptionFactory
from tests.notices.told import captains_of_every_kind, notice_ids, said, written

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = night_season(levels=("A", "B"))
    a = [ready_team(season, f"Ace {i}", "A")[1] for i in range(2)]
    b = [ready_team(season, f"Bee {i}", "B")[1] for i in range(2)]
    play(fixture_between(season, a[0], a[1], 1), (10, 1), (10, 2), (4, 10))
    play(fixture_between(season, b[0], b[1], 1), (1, 10), (2, 10), (3, 10))
    play(fixture_between(season, a[1], a[0], 2), (10, 1), (10, 2), (10, 3))
    return season


def _url(season, **params):
    base = reverse("league:season_standings", args=[season.league.slug, season.slug])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def test_before_any_publishing_the_public_sees_a_note_and_managers_see_live(client, season):
    page = client.get(_url(season)).content.decode()
    assert "No standings have been published yet" in page
    client.force_login(manager_user())
    live = client.get(_url(season)).content.decode()
    assert "<strong>live</strong>" in live and "Ace 1" in live
    assert "Publish standings" in live


def test_the_public_page_shows_the_latest_week_per_level_with_sos_explained(client, season):
    manager = manager_user()
    standings_publish(season=season, week=1, by=manager)
    standings_publish(season=season, week=2, by=manager)
    page = client.get(_url(season)).content.decode()
    assert "after week 2" in page
    assert "Ace 1" in page and "Bee 1" not in page  # level A first
    assert "Strength of schedule (SOS) measures" in page
    assert "Ranked by winning percentage, then head-to-head" in page
    level_b = season.skill_levels.get(name="B").pk
    week1_b = client.get(_url(season, week=1, level=level_b)).content.decode()
    assert "after week 1" in week1_b and "Bee 1" in week1_b
    # The public never gets live standings; an unknown week falls back to the latest.
    assert "after week 2" in client.get(_url(season, week="live")).content.decode()
    assert "after week 2" in client.get(_url(season, week="99x")).content.decode()


def test_the_csv_has_every_level_of_the_week(client, season):
    standings_publish(season=season, week=2, by=manager_user())
    response = client.get(_url(season, week=2, export="csv"))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["level_name", "rank", "team_name"]
    assert [(r[0], r[1], r[2]) for r in rows[1:]] == [
        ("A", "1", "Ace 1"),
        ("A", "2", "Ace 0"),
        ("B", "1", "Bee 1"),
        ("B", "2", "Bee 0"),
    ]


@pytest.mark.parametrize(
    ("who", "status"),
    [("anonymous", 302), ("player", 403), ("captain", 403), ("director", 403), ("manager", 302)],
)
def test_publishing_per_role(client, season, who, status):
    user = {
        "anonymous": lambda: None,
        "player": lambda: player_user()[0],
        "captain": lambda: season.teams.get(name="Ace 0").roster.get(role="captain").player.user,
        "director": director_user,
        "manager": manager_user,
    }[who]()
    if user is not None:
        client.force_login(user)
    url = reverse("league:standings_publish", args=[season.league.slug, season.slug])
    response = client.post(url, {"week": "1"})
    assert response.status_code == status
    assert StandingsSnapshot.objects.filter(week=1).exists() is (who == "manager")


def test_bad_publish_input_is_explained(client, season):
    client.force_login(manager_user())
    url = reverse("league:standings_publish", args=[season.league.slug, season.slug])
    for week in ("", "abc", "12345", "0", "11"):
        response = client.post(url, {"week": week}, follow=True)
        assert "message-error" in response.content.decode()
    assert not StandingsSnapshot.objects.exists()


def _count(client, url, django_assert_max_num_queries):
    with django_assert_max_num_queries(30) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def _counts(client, season, manager, django_assert_max_num_queries):
    client.logout()
    counts = {
        "published": _count(client, _url(season), django_assert_max_num_queries),
        "csv": _count(client, _url(season, export="csv"), django_assert_max_num_queries),
    }
    client.force_login(manager)
    counts["live"] = _count(client, _url(season, week="live"), django_assert_max_num_queries)
    return counts


def test_the_standings_pages_use_the_same_queries_for_20_and_100_teams(
    client, django_assert_max_num_queries
):
    """20 weeks of confirmed cards each; the page never asks the database per row."""
    manager = manager_user()
    counts = []
    for teams in (20, 100):
        season = night_season(weeks=20, levels=())
        bulk_season(season, levels=2, teams_per_level=teams // 2, weeks=20)
        standings_publish(season=season, week=20, by=manager)
        counts.append(_counts(client, season, manager, django_assert_max_num_queries))
    assert counts[0] == counts[1]


def test_a_newly_published_week_shows_at_once_though_published_pages_are_kept(client, season):
    manager = manager_user()
    standings_publish(season=season, week=1, by=manager)
    first = client.get(_url(season)).content.decode()
    assert "after week 1" in first and "week=2" not in first
    standings_publish(season=season, week=2, by=manager)
    second = client.get(_url(season)).content.decode()
    assert "after week 2" in second and "?week=1" in second
    assert client.get(_url(season, week=1)).content.decode().count("after week 1") == 1


@pytest.mark.parametrize("week", ["live", "1"])
def test_the_csv_makes_formula_names_plain_text_and_keeps_negative_margins_numbers(client, week):
    season = night_season()
    link = '=HYPERLINK("http://evil.example","Click")'
    home, away = (ready_team(season, name, "A")[1] for name in (link, "+1"))
    play(fixture_between(season, home, away, 1), (10, 1), (10, 2), (10, 3))
    manager = manager_user()
    standings_publish(season=season, week=1, by=manager)
    client.force_login(manager)
    response = client.get(_url(season, week=week, export="csv"))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    by_name = {row["team_name"]: row for row in rows}
    assert set(by_name) == {"'" + link, "'+1"}
    assert by_name["'+1"]["differential"] == "-24"
    assert by_name["'" + link]["differential"] == "24"


NOT_MEASURED = '<abbr title="Nothing to measure yet: none of the team&#x27;s opponents'


def test_a_week_with_no_sos_to_measure_shows_dashes_and_says_why(client, season):
    # After week 1 every team has played one opponent, who has played no one else.
    standings_publish(season=season, week=1, by=manager_user())
    page = client.get(_url(season, week=1)).content.decode()
    assert page.count(NOT_MEASURED) == 4  # SOS and OOWP of level A's two teams
    assert "— Nothing to measure yet: none of the team" in page
    assert "its SOS shows a dash (—), not .000" in page
    rows = list(csv.DictReader(io.StringIO(client.get(_url(season, week=1, export="csv")).text)))
    assert {(row["sos"], row["oowp"]) for row in rows} == {("", "")}


def test_live_standings_show_the_dash_too(client, season):
    client.force_login(manager_user())
    page = client.get(_url(season, week="live")).content.decode()
    assert page.count(NOT_MEASURED) == 4
    rows = list(
        csv.DictReader(io.StringIO(client.get(_url(season, week="live", export="csv")).text))
    )
    assert {(row["sos"], row["oowp"]) for row in rows} == {("", "")}


def test_an_sos_that_measures_something_shows_its_figure_even_at_zero(client):
    season = night_season(levels=("A",))
    one, two, three = (ready_team(season, name, "A")[1] for name in ("One", "Two", "Three"))
    play(fixture_between(season, one, two, 1), (10, 1), (10, 2), (10, 3))
    play(fixture_between(season, three, two, 2), (10, 1), (10, 2), (10, 3))
    standings_publish(season=season, week=2, by=manager_user())
    rows = {
        row["team_name"]: row
        for row in csv.DictReader(io.StringIO(client.get(_url(season, export="csv")).text))
    }
    # One's only opponent, Two, lost its other game: One's SOS is a true 0, and Three's.
    # Two's opponents have played no one else: its SOS measures nothing; its OOWP does.
    assert [(rows[t]["sos"], rows[t]["oowp"]) for t in ("One", "Two", "Three")] == [
        ("0.0000", ""),
        ("", "0.0000"),
        ("0.0000", ""),
    ]
    page = client.get(_url(season)).content.decode()
    assert page.count(NOT_MEASURED) == 3


@pytest.mark.parametrize("published_first", [False, True])
def test_the_publish_form_says_who_is_told_and_publishing_tells_exactly_them(
    client, season, published_first
):
    """Live (nothing published) or on a published week: the count is the notice's."""
    captains_of_every_kind(season.teams.get(name="Ace 0"), "Ace")
    SubscriptionFactory(league=season.league, by_sms=True)
    manager = manager_user(league=season.league)
    if published_first:
        standings_publish(season=season, week=1, by=manager)
    before = notice_ids()
    client.force_login(manager)
    shown = said(client.get(_url(season)).content.decode(), "who-will-be-told")
    assert (shown.emails, shown.texts) == (7, 2)  # 4 login captains, 2 more, the subscriber
    url = reverse("league:standings_publish", args=[season.league.slug, season.slug])
    client.post(url, {"week": "2"})
    assert written(before) == shown
