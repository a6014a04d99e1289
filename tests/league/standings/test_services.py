"""Weekly publishing: a stored snapshot per week that later changes never shift."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.nights.services.forfeits import forfeit_overturn, forfeit_record
from league.standings.models import StandingsSnapshot
from league.standings.selectors import live_standings, snapshot_levels, snapshot_rows
from league.standings.services import standings_publish
from notices.models import Announcement, Notice
from scoring.models import Scorecard
from scoring.services import scorecard_correct
from tests.factories import director_user, manager_user
from tests.league.night_factories import fixture_between, night, night_season, play, ready_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def league_weeks():
    """Three teams' two weeks: A beats B in week 1 (3-0), C forfeits to B in week 2."""
    season = night_season(weeks=4)
    teams = {n: ready_team(season, n)[1] for n in "ABC"}
    week1 = fixture_between(season, teams["A"], teams["B"], 1)
    play(week1, (10, 1), (10, 2), (10, 3))
    week2 = fixture_between(season, teams["B"], teams["C"], 2)
    forfeit = forfeit_record(fixture=week2, team=teams["C"], by=manager_user(), no_show=True)
    return season, teams, week1, forfeit


def _ranks(rows):
    return [(r.team_name, r.rank, r.games_won, r.games_lost) for r in rows]


def test_a_published_week_never_shifts_when_results_change_later(league_weeks):
    season, teams, week1, forfeit = league_weeks
    manager = manager_user()
    snapshot = standings_publish(season=season, week=2, by=manager)
    before = _ranks(snapshot_rows(snapshot))
    assert before == [("A", 1, 3, 0), ("B", 2, 3, 3), ("C", 3, 0, 3)]
    # Later: a card of week 1 is corrected and the week-2 forfeit overturned.
    card = Scorecard.objects.filter(game__fixture_game__fixture=week1).order_by("pk").first()
    scorecard_correct(
        scorecard=card, user=manager, reason="B won game 1.", final_scores={"NS": 8, "EW": 10}
    )
    forfeit_overturn(forfeit=forfeit, by=manager, reason="Venue closed early.")
    snapshot = StandingsSnapshot.objects.get(pk=snapshot.pk)
    assert _ranks(snapshot_rows(snapshot)) == before
    (live,) = live_standings(season)
    assert _ranks(live.rows) == [("A", 1, 2, 1), ("B", 2, 1, 2), ("C", 3, 0, 0)]


def test_a_week_is_published_once(league_weeks):
    season, *_ = league_weeks
    standings_publish(season=season, week=1, by=manager_user())
    with pytest.raises(ValidationError, match="already published"):
        standings_publish(season=season, week=1, by=manager_user())


def test_a_week_not_played_yet_or_out_of_range_is_refused(league_weeks):
    season, teams, *_ = league_weeks
    later = fixture_between(season, teams["A"], teams["C"], 3)
    later.date = datetime.date.today() + datetime.timedelta(days=3)
    later.save()
    for week, message in ((3, "hasn't been played"), (4, "no fixtures"), (9, "from 1 to 4")):
        with pytest.raises(ValidationError, match=message):
            standings_publish(season=season, week=week, by=manager_user())


def test_publishing_stores_the_order_open_games_and_levels_and_tells_everyone(league_weeks):
    season, *_ = league_weeks
    night(season, week=2)  # a fixture of week 2 with no cards yet
    snapshot = standings_publish(season=season, week=2, by=manager_user(), note="Rain week.")
    assert snapshot.standings_order == ["win_pct", "head_to_head", "sos", "differential"]
    assert snapshot.open_games == 3
    assert [lv.name for lv in snapshot_levels(snapshot)] == ["A"]
    notice = Notice.objects.get(kind=Notice.Kind.STANDINGS_PUBLISHED)
    assert notice.subject.endswith("standings after week 2")
    assert notice.messages.count() >= 3  # every active team's captain
    assert Announcement.objects.filter(notice=notice, league=season.league).exists()


@pytest.mark.parametrize("who", ["captain", "director"])
def test_only_managers_publish(league_weeks, who):
    season, teams, *_ = league_weeks
    user = teams["A"].roster.get(role="captain").player.user if who == "captain" else None
    with pytest.raises(PermissionDenied):
        standings_publish(season=season, week=1, by=user or director_user())
    assert not StandingsSnapshot.objects.exists()


def test_a_season_of_another_level_layout_publishes_every_level():
    season = night_season(levels=("A", "B"))
    a = [ready_team(season, f"A{i}", "A")[1] for i in range(2)]
    b = [ready_team(season, f"B{i}", "B")[1] for i in range(2)]
    play(fixture_between(season, a[0], a[1], 1), (10, 1), (10, 2), (10, 3))
    play(fixture_between(season, b[0], b[1], 1), (10, 1), (1, 10), (10, 3))
    snapshot = standings_publish(season=season, week=1, by=manager_user())
    levels = snapshot_levels(snapshot)
    assert [lv.name for lv in levels] == ["A", "B"]
    assert [r.team_name for r in snapshot_rows(snapshot, levels[1])] == ["B0", "B1"]


def test_a_note_too_long_or_with_control_characters_is_refused_not_cut(league_weeks):
    season, *_ = league_weeks
    for note, message in (("n" * 201, "Keep the note to 200"), ("a\x00b", "can't be shown")):
        with pytest.raises(ValidationError, match=message):
            standings_publish(season=season, week=2, by=manager_user(), note=note)
    assert not StandingsSnapshot.objects.exists()


def test_the_log_counts_one_open_game_in_the_singular():
    from league.standings.services import _publish_detail

    assert _publish_detail(StandingsSnapshot(open_games=1, note="")) == "1 game still open"
    assert _publish_detail(StandingsSnapshot(open_games=3, note="Rain.")) == (
        "3 games still open · Rain."
    )
