"""A manager's live standings: computed once per results version, changed by every result."""

import re
import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.demo.results import bulk_season
from league.nights.services.forfeits import forfeit_overturn, forfeit_record
from league.standings import views
from league.standings.services import standings_publish, standings_recipients
from tests.factories import manager_user, player_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team

pytestmark = pytest.mark.django_db


def _live(season, **params):
    base = reverse("league:season_standings", args=[season.league.slug, season.slug])
    query = "&".join(f"{k}={v}" for k, v in {"week": "live", **params}.items())
    return f"{base}?{query}"


def _row(page: str, team: str) -> list[str]:
    """The cells of `team`'s row (rank, team, games won, games lost, ...), as text."""
    start = page.index(f">{team}</a>")
    row = page[page.rindex("<tr>", 0, start) : page.index("</tr>", start)]
    return [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]


@pytest.fixture
def league_night():
    season = night_season(levels=("A",))
    aces, bowers = (ready_team(season, name)[1] for name in ("Aces", "Bowers"))
    return season, aces, bowers


def test_a_confirmed_card_shows_in_the_live_standings_at_once(
    client, league_night, django_capture_on_commit_callbacks
):
    """Two cards of three: the fixture itself doesn't change, the results' version does."""
    season, aces, bowers = league_night
    fixture = fixture_between(season, aces, bowers, 1)
    client.force_login(manager_user())
    assert _row(client.get(_live(season)).content.decode(), "Aces")[1:4] == ["Aces", "0", "0"]
    with django_capture_on_commit_callbacks(execute=True):
        play(fixture, (10, 1), (4, 10))
    after = client.get(_live(season)).content.decode()
    assert _row(after, "Aces")[1:4] == ["Aces", "1", "1"]


def test_a_forfeit_booked_and_overturned_shows_in_the_live_standings(
    client, league_night, django_capture_on_commit_callbacks
):
    season, aces, bowers = league_night
    manager = manager_user()
    client.force_login(manager)
    fixture = fixture_between(season, aces, bowers, 1)
    empty = _row(client.get(_live(season)).content.decode(), "Aces")
    with django_capture_on_commit_callbacks(execute=True):  # late: game 1 only
        forfeit = forfeit_record(fixture=fixture, team=bowers, by=manager, minutes_late=15)
    won = _row(client.get(_live(season)).content.decode(), "Aces")
    assert empty[2:4] == ["0", "0"] and won[2:4] == ["1", "0"]
    with django_capture_on_commit_callbacks(execute=True):
        forfeit_overturn(forfeit=forfeit, by=manager, reason="The bar was closed")
    assert _row(client.get(_live(season)).content.decode(), "Aces") == empty


def test_the_live_standings_are_computed_once_per_results_version(
    client, django_assert_max_num_queries
):
    """500 games: the second view reads no game, whatever the season's size."""
    season = night_season(weeks=20, levels=())
    bulk_season(season, levels=2, teams_per_level=10, weeks=20)
    client.force_login(manager_user())
    with CaptureQueriesContext(connection) as first:
        assert client.get(_live(season)).status_code == 200
    with CaptureQueriesContext(connection) as second:
        assert client.get(_live(season, level=season.skill_levels.last().pk)).status_code == 200
    assert any("league_fixturegame" in q["sql"] for q in first.captured_queries)
    assert not any("league_fixturegame" in q["sql"] for q in second.captured_queries)
    assert len(second.captured_queries) < len(first.captured_queries)
    cache.clear()  # computed afresh, the page is the same
    with django_assert_max_num_queries(len(first.captured_queries)):
        client.get(_live(season))


def test_the_live_csv_is_private_and_answers_304_until_a_result_changes(
    client, league_night, django_capture_on_commit_callbacks
):
    season, aces, bowers = league_night
    fixture = fixture_between(season, aces, bowers, 1)
    client.force_login(manager_user())
    first = client.get(_live(season, export="csv"))
    assert "private" in first["Cache-Control"]
    again = client.get(_live(season, export="csv"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    with django_capture_on_commit_callbacks(execute=True):
        play(fixture, (10, 1), (4, 10))  # two cards of three: the fixture stays as it was
    changed = client.get(_live(season, export="csv"), HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed.content != first.content


def test_a_repeat_view_is_one_query_more_than_the_layout_whatever_the_number_of_teams(client):
    """The season, its published weeks and its versions in one query, then one cache read
    (the body, and the publish form's count of who is told); the rest is what every
    signed-in page reads (the session, the user with their roles), whatever the number of
    teams."""
    seasons = []
    for teams in (20, 100):
        season = night_season(weeks=20, levels=())
        bulk_season(season, levels=2, teams_per_level=teams // 2, weeks=20)
        seasons.append(season)
    manager = manager_user()
    standings_publish(season=seasons[0], week=20, by=manager)  # a week published, or none
    client.force_login(manager)
    with CaptureQueriesContext(connection) as layout:
        assert client.get(reverse("login")).status_code == 200
    counts = []
    for season in seasons:
        assert client.get(_live(season)).status_code == 200  # computed and kept
        with CaptureQueriesContext(connection) as repeat:
            assert client.get(_live(season)).status_code == 200
        counts.append(len(repeat.captured_queries))
    assert counts[0] == counts[1] == len(layout.captured_queries) + 1


def test_what_a_manager_was_shown_reaches_no_one_else(client):
    """Kept per season: another league's manager, a player and a visitor asking for the
    live standings get the published week (or the note), never the kept table."""
    season = night_season(levels=("A",))
    aces, bowers = (ready_team(season, name)[1] for name in ("Aces", "Bowers"))
    play(fixture_between(season, aces, bowers, 1), (10, 1), (10, 2), (4, 10))
    client.force_login(manager_user(league=season.league))
    assert "<strong>live</strong>" in client.get(_live(season)).content.decode()
    other = night_season(levels=("A",))
    for user in (manager_user(league=other.league), player_user(team=aces)[0], None):
        client.logout()
        if user is not None:
            client.force_login(user)
        page = client.get(_live(season)).content.decode()
        assert "<strong>live</strong>" not in page and "Aces" not in page
        assert "No standings have been published yet" in page


def test_a_week_published_shows_in_the_live_standings_at_once(client, league_night):
    season, aces, bowers = league_night
    play(fixture_between(season, aces, bowers, 1), (10, 1), (10, 2), (4, 10))
    manager = manager_user()
    client.force_login(manager)
    before = client.get(_live(season)).content.decode()
    assert "?week=1" not in before and '<option value="1">' in before
    standings_publish(season=season, week=1, by=manager)
    after = client.get(_live(season)).content.decode()
    assert "?week=1" in after and '<option value="1">' not in after


def _told(response) -> str:
    """What the publish form says of who will be told."""
    return re.search(r'<p id="who-will-be-told">(.*?)</p>', response.content.decode())[1]


def test_the_publish_forms_count_is_kept_a_minute_and_read_afresh_after(
    client, league_night, monkeypatch, settings
):
    """A captain added since is counted within a minute (publishing reads who is told
    afresh); the repeat view reads no roster."""
    # The in-process cache, whose clock the test moves on (a Redis keeps its own time).
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    cache.clear()
    season, aces, bowers = league_night
    play(fixture_between(season, aces, bowers, 1), (10, 1), (10, 2), (4, 10))
    client.force_login(manager_user(league=season.league))
    first = _told(client.get(_live(season)))
    with CaptureQueriesContext(connection) as repeat:
        assert _told(client.get(_live(season))) == first
    assert not any("league_rosterentry" in q["sql"] for q in repeat.captured_queries)
    told = len(standings_recipients(season))
    ready_team(season, "Clubs")
    assert len(standings_recipients(season)) == told + 1
    assert _told(client.get(_live(season))) == first  # the count kept, for a minute
    later = time.time() + views.AUDIENCE_SECONDS + 1
    monkeypatch.setattr(time, "time", lambda: later)  # the cache's clock
    assert _told(client.get(_live(season))) != first
