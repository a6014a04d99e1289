"""A manager withdraws a team: what the preview promises is what happens to its fixtures."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from league.nights import signals
from league.nights.models import FixtureGame
from league.nights.selectors.results import fixture_result
from league.nights.selectors.withdrawals import withdrawal_preview
from league.nights.services.results import (
    GameScore,
    fixture_games_ensure,
    fixture_refresh_status,
    fixture_submit_scores,
)
from league.nights.services.withdrawals import team_withdraw
from league.seasons.models import Fixture, RescheduleRequest, Season, Team
from league.standings.selectors import standing_rows
from notices.models import Notice
from scoring.models import Game
from tests.factories import LeagueFactory, manager_user
from tests.league.factories import TableFactory, VenueFactory
from tests.league.night_factories import captain_of, night_season, play, ready_team

pytestmark = pytest.mark.django_db


class Quitters:
    """A published season in its eleventh week: the team has two played fixtures, one
    past fixture waiting for results, a postponed one, tonight's and two to come."""

    def __init__(self) -> None:
        self.season = night_season(weeks=10)
        self.manager = manager_user(league=self.season.league)
        _, self.team = ready_team(self.season, "Quitters")
        self.rivals = [ready_team(self.season, f"Rival {n}")[1] for n in range(7)]
        table = TableFactory(venue=VenueFactory(league=self.season.league))
        self.season.venues.add(table.venue)
        today = timezone.localdate()
        start = self.season.starts_on

        def fixture(rival: int, date: datetime.date, *, home: bool = True, **kw) -> Fixture:
            team, other = self.team, self.rivals[rival]
            return Fixture.objects.create(
                season=self.season,
                week=(date - start).days // 7 + 1,
                date=date,
                skill_level=team.skill_level,
                home=team if home else other,
                away=other if home else team,
                games=3,
                **kw,
            )

        self.played = [
            fixture(0, start),
            fixture(1, start + datetime.timedelta(weeks=1), home=False),
        ]
        for done in self.played:
            play(done, (10, 5), (10, 6), (4, 10))
            fixture_refresh_status(fixture=done)  # what card_confirmed does on commit
        self.open = fixture(2, start + datetime.timedelta(weeks=2))
        self.postponed = fixture(
            3, start + datetime.timedelta(weeks=3), status=Fixture.Status.POSTPONED
        )
        self.tonight = fixture(4, today, table=table)
        self.next_week = fixture(5, today + datetime.timedelta(weeks=1), table=table)
        self.later = fixture(6, today + datetime.timedelta(weeks=2), home=False)
        self.remaining = [self.postponed, self.tonight, self.next_week, self.later]


def test_the_preview_says_what_becomes_of_each_fixture():
    q = Quitters()
    preview = withdrawal_preview(q.team)
    assert [f.pk for f in preview.remaining] == [f.pk for f in q.remaining]
    assert (preview.played, preview.open_fixtures, preview.draft) == (2, 1, False)
    assert preview.lines[:3] == [
        "Its 4 remaining fixtures become byes for the opponents.",
        "Its 2 played fixtures stand: the results stay in its opponents' records, "
        "and the team leaves the standings.",
        "1 fixture already under way or waiting for results stays as it is: close it from "
        "the results queue.",
    ]


def test_withdrawing_gives_the_remaining_fixtures_to_the_opponents_as_byes():
    q = Quitters()
    fixture_games_ensure(fixture=q.next_week)
    assert Game.objects.filter(fixture_game__fixture=q.next_week).count() == 3
    done = team_withdraw(team=q.team, by=q.manager, reason="  Two players moved away. ")
    assert done.message == "Quitters has withdrawn. 4 fixtures became byes for the opponents."
    q.team.refresh_from_db()
    assert q.team.status == Team.Status.WITHDRAWN
    for fixture, rival in zip(q.remaining, (3, 4, 5, 6), strict=True):
        fixture.refresh_from_db()
        assert (fixture.home_id, fixture.away_id, fixture.table_id, fixture.games) == (
            q.rivals[rival].pk,
            None,
            None,
            0,
        )
    assert not FixtureGame.objects.filter(fixture=q.next_week).exists()
    assert fixture_result(q.played[0].pk).home_wins == 2  # played fixtures stand
    still_open = Fixture.objects.get(pk=q.open.pk)  # left for the manager to close
    assert (still_open.home_id, still_open.away_id) == (q.team.pk, q.rivals[2].pk)
    rows = [row.team for rows in standing_rows(q.season).values() for row in rows]
    assert q.team.pk not in rows and q.rivals[0].pk in rows


def test_the_log_and_the_captains_hear_of_it():
    q = Quitters()
    team_withdraw(team=q.team, by=q.manager, reason="Two players moved away.")
    entry = Activity.objects.get(verb=Verb.TEAM_WITHDRAWN)
    assert (entry.actor, entry.scope_id) == (q.manager, q.season.league_id)
    assert entry.detail == "Two players moved away. · 4 fixtures to byes"
    notice = Notice.objects.get(key=f"team_withdrawn:{q.team.pk}")
    told = set(notice.messages.values_list("player_id", flat=True))
    captains = {captain_of(t).player.pk for t in [q.team, *q.rivals[3:]]}
    assert told == captains
    assert "Rival 6 now has a bye" in notice.body


def test_a_fixture_with_a_card_tonight_stands_and_pending_requests_are_withdrawn():
    q = Quitters()
    fixture_submit_scores(fixture=q.tonight, user=captain_of(q.team), scores=[GameScore(1, 10, 8)])
    request = RescheduleRequest.objects.create(
        fixture=q.later,
        requested_by_team=q.rivals[6],
        proposed_date=q.later.date + datetime.timedelta(days=1),
        reason="Holiday",
    )
    preview = withdrawal_preview(q.team)
    assert q.tonight.pk not in {f.pk for f in preview.remaining}
    assert preview.open_fixtures == 2
    team_withdraw(team=q.team, by=q.manager, reason="Folded.")
    assert Fixture.objects.get(pk=q.tonight.pk).home_id == q.team.pk
    request.refresh_from_db()
    assert request.status == RescheduleRequest.Status.WITHDRAWN


def test_the_playoffs_hear_that_the_team_left():
    q = Quitters()
    heard = []

    def listen(sender, team, **kwargs):
        heard.append(team.pk)

    signals.team_removed.connect(listen, dispatch_uid="test-withdraw")
    try:
        team_withdraw(team=q.team, by=q.manager, reason="Folded.")
    finally:
        signals.team_removed.disconnect(dispatch_uid="test-withdraw")
    assert heard == [q.team.pk]


def test_a_team_withdraws_once():
    q = Quitters()
    team_withdraw(team=q.team, by=q.manager, reason="Folded.")
    with pytest.raises(ValidationError, match="already left the league"):
        team_withdraw(team=q.team, by=q.manager, reason="Folded again.")
    assert Activity.objects.filter(verb=Verb.TEAM_WITHDRAWN).count() == 1


@pytest.mark.parametrize(
    ("reason", "message"),
    [("  ", "Say why"), ("x" * 201, "200"), ("Gone\x00", "can't be shown")],
)
def test_a_withdrawal_needs_a_short_reason(reason, message):
    q = Quitters()
    with pytest.raises(ValidationError, match=message):
        team_withdraw(team=q.team, by=q.manager, reason=reason)
    assert Team.objects.get(pk=q.team.pk).status == Team.Status.ACTIVE
    assert Fixture.objects.get(pk=q.later.pk).away_id == q.team.pk


@pytest.mark.parametrize("who", ["other_manager", "captain", "nobody"])
def test_only_the_leagues_managers_withdraw_its_teams(who):
    q = Quitters()
    user = {
        "other_manager": lambda: manager_user(league=LeagueFactory()),
        "captain": lambda: captain_of(q.team),
        "nobody": lambda: None,
    }[who]()
    with pytest.raises(PermissionDenied):
        team_withdraw(team=q.team, by=user, reason="Folded.")
    assert Team.objects.get(pk=q.team.pk).status == Team.Status.ACTIVE
    assert Fixture.objects.get(pk=q.later.pk).away_id == q.team.pk
    assert not Notice.objects.filter(key__startswith="team_withdrawn").exists()


def test_in_a_draft_the_preview_says_to_regenerate():
    q = Quitters()
    Season.objects.filter(pk=q.season.pk).update(schedule_state=Season.ScheduleState.DRAFT)
    q.team.refresh_from_db()
    assert withdrawal_preview(q.team).lines[-2] == (
        "The schedule is a draft: regenerate it to leave the team out."
    )
