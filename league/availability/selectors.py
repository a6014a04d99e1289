"""Reads on availability: who is coming to each fixture, and where a team will be short.

A team's players for a fixture are its regulars (captain or player) whose roster dates
cover the night, plus the approved subs entered for that fixture. Each of them is coming,
maybe, not coming or hasn't answered; `expected` counts all but those not coming, and a
team is short when that falls below the season's `min_roster`. Every read here costs a
fixed number of queries whatever the number of fixtures, teams or players.
"""

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, FilteredRelation, Q
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from accounts import permissions
from league.availability.models import Availability
from league.nights.selectors.due import ANNOUNCE_FORM
from league.seasons.models import Fixture, Player, RosterEntry, Season, Team

AHEAD_DAYS = 14  # how far ahead the pages look
Answer = Availability.Answer


@dataclass
class Headcount:
    """One team's players for one fixture, by answer (lists of Player, by name)."""

    team: Team
    needed: int  # the season's min_roster
    coming: list[Player] = field(default_factory=list)
    maybe: list[Player] = field(default_factory=list)
    not_coming: list[Player] = field(default_factory=list)
    unanswered: list[Player] = field(default_factory=list)
    answers: dict[int, str] = field(default_factory=dict)  # player id -> answer

    @property
    def expected(self) -> int:
        """Everyone who hasn't said no: a "maybe" or no answer may still come."""
        return len(self.coming) + len(self.maybe) + len(self.unanswered)

    @property
    def short(self) -> bool:
        return self.expected < self.needed

    @property
    def players(self) -> list[Player]:
        return sorted(
            self.coming + self.maybe + self.not_coming + self.unanswered,
            key=lambda p: (p.name.casefold(), p.pk),
        )

    @property
    def rows(self) -> list[tuple[Player, str]]:
        """(player, answer or "") for everyone, by name."""
        return [(p, self.answer_of(p.pk)) for p in self.players]

    def answer_of(self, player_id: int) -> str:
        return self.answers.get(player_id, "")


@dataclass(frozen=True)
class Shortfall:
    """A fixture where `team` will have fewer players than the season needs."""

    fixture: Fixture
    team: Team
    headcount: Headcount

    @property
    def opponent(self) -> Team | None:
        return self.fixture.opponent_of(self.team.pk)

    @property
    def missing(self) -> int:
        return self.headcount.needed - self.headcount.expected

    @property
    def sub_request_url(self) -> str:
        """The sub finder's page for this fixture and team ("" while it isn't installed)."""
        try:
            return reverse(
                "league:sub_request", kwargs={"pk": self.fixture.pk, "team": self.team.pk}
            )
        except NoReverseMatch:
            return ""

    @property
    def forfeit_url(self) -> str:
        """The fixture page's "announce a forfeit" form."""
        return reverse("league:fixture_detail", args=[self.fixture.pk]) + ANNOUNCE_FORM


def _covers(entry: RosterEntry, on: datetime.date) -> bool:
    return (entry.starts_on is None or entry.starts_on <= on) and (
        entry.ends_on is None or entry.ends_on >= on
    )


def fixtures_headcounts(fixtures: Iterable[Fixture]) -> dict[int, dict[int, Headcount]]:
    """{fixture id: {team id: Headcount}} for these fixtures (their `season` loaded, or one
    query more per season), in one query: the rosters with their answers."""
    fixtures = list(fixtures)
    if not fixtures:
        return {}
    team_ids = {team_id for f in fixtures for team_id in f.team_ids()}
    fixture_ids = [f.pk for f in fixtures]
    # The answers come joined to the roster (one row per entry and answer given): the
    # start page counts its queries.
    rows = (
        RosterEntry.objects.filter(team_id__in=team_ids, team__status=Team.Status.ACTIVE)
        .filter(
            (Q(fixture__isnull=True) & ~Q(role=RosterEntry.Role.SUB))
            | Q(fixture_id__in=fixture_ids, role=RosterEntry.Role.SUB, approved=True)
        )
        .annotate(
            given=FilteredRelation(
                "player__availability",
                condition=Q(player__availability__fixture_id__in=fixture_ids),
            ),
            answer_fixture=F("given__fixture_id"),
            answer_value=F("given__answer"),
        )
        .select_related("player", "team")
        .order_by("player__name", "pk")
    )
    entries: list[RosterEntry] = []
    answers: dict[tuple[int, int], str] = {}
    for row in rows:
        if not entries or entries[-1].pk != row.pk:
            entries.append(row)
        if row.answer_fixture is not None:
            answers[(row.answer_fixture, row.player_id)] = row.answer_value
    by_team: dict[int, list[RosterEntry]] = {}
    for entry in entries:
        by_team.setdefault(entry.team_id, []).append(entry)
    result: dict[int, dict[int, Headcount]] = {}
    for fixture in fixtures:
        counts = result.setdefault(fixture.pk, {})
        seen: set[tuple[int, int]] = set()  # a regular also entered as a sub counts once
        for entry in (
            e for team_id in sorted(fixture.team_ids()) for e in by_team.get(team_id, [])
        ):
            if entry.fixture_id is None and not _covers(entry, fixture.date):
                continue
            if entry.fixture_id not in (None, fixture.pk):
                continue
            count = counts.get(entry.team_id)
            if count is None:
                count = counts[entry.team_id] = Headcount(entry.team, fixture.season.min_roster)
            if (entry.team_id, entry.player_id) in seen:
                continue
            seen.add((entry.team_id, entry.player_id))
            answer = answers.get((fixture.pk, entry.player_id), "")
            _place(count, entry.player, answer)
        for team_id in fixture.team_ids():
            if team_id not in counts:  # nobody on the roster at all
                team = fixture.home if team_id == fixture.home_id else fixture.away
                counts[team_id] = Headcount(team, fixture.season.min_roster)
    return result


def _place(count: Headcount, player: Player, answer: str) -> None:
    if answer:
        count.answers[player.pk] = answer
    {
        Answer.COMING: count.coming,
        Answer.MAYBE: count.maybe,
        Answer.NOT_COMING: count.not_coming,
    }.get(answer, count.unanswered).append(player)


def fixture_headcount(fixture: Fixture) -> dict[int, Headcount]:
    """{team id: Headcount} for one fixture (the sub finder asks this before and after)."""
    return fixtures_headcounts([fixture]).get(fixture.pk, {})


def upcoming_fixtures(
    *,
    season: Season | None = None,
    team_ids: Iterable[int] | None = None,
    today: datetime.date | None = None,
    days: int = AHEAD_DAYS,
) -> list[Fixture]:
    """Scheduled fixtures (not byes) of published seasons from `today` to `days` ahead, for
    one season or the teams given, soonest first (one query)."""
    today = today or timezone.localdate()
    fixtures = Fixture.objects.filter(
        status=Fixture.Status.SCHEDULED,
        away__isnull=False,
        date__gte=today,
        date__lte=today + datetime.timedelta(days=days),
        season__schedule_state=Season.ScheduleState.PUBLISHED,
    )
    if season is not None:
        fixtures = fixtures.filter(season=season)
    if team_ids is not None:
        ids = list(team_ids)
        fixtures = fixtures.filter(Q(home_id__in=ids) | Q(away_id__in=ids))
    return list(
        fixtures.select_related("season__league", "home", "away", "table__venue").order_by(
            "date", "start_time", "pk"
        )
    )


def shortfalls_of(
    fixtures: list[Fixture],
    counts: dict[int, dict[int, Headcount]],
    team_ids: set[int] | None = None,
) -> list[Shortfall]:
    """The short teams (of `team_ids`, when given) among fixtures already counted."""
    return [
        Shortfall(fixture, count.team, count)
        for fixture in fixtures
        for team_id in (fixture.home_id, fixture.away_id)
        if (count := counts[fixture.pk][team_id]).short
        and (team_ids is None or team_id in team_ids)
    ]


def short_fixtures(
    *,
    season: Season | None = None,
    team_ids: Iterable[int] | None = None,
    today: datetime.date | None = None,
    days: int = AHEAD_DAYS,
) -> list[Shortfall]:
    """Every upcoming scheduled fixture where a team (of `team_ids`, when given) expects
    fewer players than its season needs: two queries."""
    wanted = None if team_ids is None else set(team_ids)
    if wanted is not None and not wanted:
        return []
    fixtures = upcoming_fixtures(season=season, team_ids=wanted, today=today, days=days)
    return shortfalls_of(fixtures, fixtures_headcounts(fixtures), wanted)


@dataclass(frozen=True)
class MyNight:
    """One upcoming fixture of the person's: the team they play for and their answer."""

    fixture: Fixture
    team: Team
    answer: str
    headcount: Headcount


def player_nights(
    player_id: int | None, *, today: datetime.date | None = None, days: int = AHEAD_DAYS
) -> list[MyNight]:
    """The player's upcoming fixtures (as a regular or an approved sub) with their answer and
    their team's headcount, soonest first: three queries."""
    if player_id is None:
        return []
    team_ids = set(
        RosterEntry.objects.filter(player_id=player_id, team__status=Team.Status.ACTIVE)
        .exclude(role=RosterEntry.Role.SUB, approved=False)
        .values_list("team_id", flat=True)
    )
    if not team_ids:
        return []
    fixtures = upcoming_fixtures(team_ids=team_ids, today=today, days=days)
    counts = fixtures_headcounts(fixtures)
    nights = []
    for fixture in fixtures:
        for count in counts[fixture.pk].values():
            if any(p.pk == player_id for p in count.players):
                nights.append(MyNight(fixture, count.team, count.answer_of(player_id), count))
                break
    return nights


@dataclass(frozen=True)
class UserNights:
    """The start page's: the person's nights to answer, and their captained teams' shortfalls."""

    mine: list[MyNight]
    short: list[Shortfall]


def user_nights(
    user: Any, *, today: datetime.date | None = None, days: int = AHEAD_DAYS
) -> UserNights:
    """Both from one read (two queries): the teams come with the signed-in user."""
    team_ids = permissions.team_ids_for(user) if user.is_authenticated else frozenset()
    if not team_ids:
        return UserNights([], [])
    player_id = permissions.player_id_for(user)
    fixtures = upcoming_fixtures(team_ids=team_ids, today=today, days=days)
    counts = fixtures_headcounts(fixtures)
    mine = []
    for fixture in fixtures:
        for count in counts[fixture.pk].values():
            if any(p.pk == player_id for p in count.players):
                mine.append(MyNight(fixture, count.team, count.answer_of(player_id), count))
                break
    captained = set(permissions.captained_team_ids(user))
    return UserNights(mine, shortfalls_of(fixtures, counts, captained) if captained else [])


@dataclass(frozen=True)
class TeamNight:
    """One upcoming fixture of a team with its players' answers."""

    fixture: Fixture
    headcount: Headcount

    @property
    def shortfall(self) -> Shortfall | None:
        count = self.headcount
        return Shortfall(self.fixture, count.team, count) if count.short else None


def teams_nights(
    team_ids: Iterable[int], *, today: datetime.date | None = None, days: int = AHEAD_DAYS
) -> dict[int, list[TeamNight]]:
    """{team id: its upcoming fixtures with who is coming}, two queries for all teams."""
    ids = set(team_ids)
    nights: dict[int, list[TeamNight]] = {team_id: [] for team_id in ids}
    if not ids:
        return nights
    fixtures = upcoming_fixtures(team_ids=ids, today=today, days=days)
    counts = fixtures_headcounts(fixtures)
    for fixture in fixtures:
        for team_id in fixture.team_ids() & ids:
            nights[team_id].append(TeamNight(fixture, counts[fixture.pk][team_id]))
    return nights


def team_nights(
    team: Team, *, today: datetime.date | None = None, days: int = AHEAD_DAYS
) -> list[TeamNight]:
    """The team's upcoming fixtures with who is coming (two queries)."""
    return teams_nights([team.pk], today=today, days=days)[team.pk]
