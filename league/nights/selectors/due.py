"""What a fixture asks of the person looking at it: whose side they are on, the cards
waiting for them, the one step due now, and the forfeit clock on the night.

The fixture page and the "tonight" start page both ask here, so they never disagree on
what is due. Nothing here writes; the services check everything again.
"""

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from league.nights import rules
from league.nights.forfeit_rules import ClockStep, forfeit_clock
from league.nights.selectors.results import FixtureResult, GameLine
from league.seasons.eligibility import PlayProblem
from league.seasons.fixes import play_fixes
from league.seasons.models import Fixture, Team
from league.web import Link
from wording.words import every, possessive

HOME, AWAY = "home", "away"

# The fixture page with its "announce a forfeit" form open.
ANNOUNCE_FORM = "?announce=1#announce-forfeit"


def side_of(user: Any, fixture: Fixture) -> str:
    """ "home" or "away" for a captain of that team, else "" (managers, players, others)."""
    if permissions.is_captain_of(user, fixture.home_id):
        return HOME
    if fixture.away_id is not None and permissions.is_captain_of(user, fixture.away_id):
        return AWAY
    return ""


def cards_to_confirm(result: FixtureResult, side: str, user: Any) -> list[GameLine]:
    """Cards the other side entered that this captain's side confirms or disputes."""
    other = {HOME: "EW", AWAY: "NS"}.get(side)
    return [
        g
        for g in result.games
        if g.state == "submitted"
        and g.version is not None
        and g.version.submitted_by_id != user.pk
        and g.version.submitted_for == other
    ]


def cards_to_enter(result: FixtureResult) -> list[GameLine]:
    """Games still without a card (a forfeited or no-result game needs none)."""
    return [g for g in result.games if g.state == "empty"]


def is_open_tonight(result: FixtureResult, today: datetime.date) -> bool:
    """A fixture whose cards may be entered now: on or after its night, not closed."""
    fixture = result.fixture
    return (
        fixture.away_id is not None
        and fixture.status in (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)
        and fixture.date <= today
        and result.closure is None
    )


@dataclass(frozen=True)
class ForfeitClock:
    """Minutes since tonight's start against the season's lateness thresholds."""

    starts_at: datetime.datetime
    now: datetime.datetime
    minutes: int  # negative before the start
    steps: list[ClockStep]

    @property
    def passed(self) -> list[ClockStep]:
        return [step for step in self.steps if step.passed]

    @property
    def until_start(self) -> int:
        return max(0, -self.minutes)

    @property
    def late_minutes(self) -> int | None:
        """What the forfeit form starts from once a threshold has passed."""
        return self.minutes if self.passed else None


def fixture_clock(
    result: FixtureResult, now: datetime.datetime | None = None
) -> ForfeitClock | None:
    """The clock on the fixture's night while nothing is played yet (no card entered and a
    game still open); None on other days, for byes, and for closed or finished fixtures."""
    fixture = result.fixture
    now = now or timezone.now()
    if fixture.date != timezone.localdate(now) or fixture.status != Fixture.Status.SCHEDULED:
        return None
    if fixture.away_id is None or result.closure is not None or result.complete:
        return None
    if any(g.state not in ("empty", "forfeit") for g in result.games):
        return None
    starts_at = rules.fixture_starts_at(fixture)
    minutes = int((now - starts_at).total_seconds() // 60)
    policy = rules.season_policy(fixture.season)
    return ForfeitClock(starts_at, now, minutes, forfeit_clock(policy, minutes))


@dataclass
class Due:
    """One fixture as one person's next step: `action` is the thing to do now (None when
    nothing is theirs to do), `status` where the fixture stands."""

    result: FixtureResult
    team: Team  # the person's team in this fixture
    side: str
    action: Link | None
    status: str
    problems: list[PlayProblem] = field(default_factory=list)
    fixes: list[Link] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)

    @property
    def fixture(self) -> Fixture:
        return self.result.fixture

    @property
    def opponent(self) -> Team | None:
        return self.fixture.opponent_of(self.team.pk)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _status(result: FixtureResult, team: Team, side: str, today: datetime.date) -> str:
    fixture = result.fixture
    if fixture.away_id is None:
        return "A bye: no games this week."
    if fixture.status in (Fixture.Status.CANCELLED, Fixture.Status.POSTPONED):
        return f"{fixture.get_status_display()}: the league says when it is played."
    if result.closure is not None:
        return "Closed by a manager: its results are final."
    if fixture.date > today:
        return ""
    if result.complete:
        ours, theirs = result.home_wins, result.away_wins
        if team.pk == fixture.away_id:
            ours, theirs = theirs, ours
        return f"Every game has a result: {ours}–{theirs} for {team.name}."
    parts = []
    empty = len(cards_to_enter(result))
    submitted = sum(1 for g in result.games if g.state == "submitted")
    disputed = [g.number for g in result.games if g.state == "disputed"]
    if empty:
        who = "you enter" if side == HOME else f"{possessive(fixture.home)} captain enters"
        parts.append(f"{_plural(empty, 'game')} without a card ({who} it)")
    if submitted:
        parts.append(f"{_plural(submitted, 'card')} waiting for confirmation")
    if disputed:
        games = ", ".join(map(str, disputed))
        parts.append(f"game {games} disputed: a manager settles it")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def fixture_due(
    result: FixtureResult,
    *,
    user: Any,
    team: Team,
    problems: list[PlayProblem],
    waiver_signed: bool,
    now: datetime.datetime | None = None,
) -> Due:
    """The one step due on `result` for `user`, who plays for `team` in it.

    In order: sign your own waiver; fix your team's roster; confirm the cards waiting for
    you; enter tonight's card (the home captain). Anything else is a status, not a step.
    """
    fixture = result.fixture
    season = fixture.season
    now = now or timezone.now()
    today = timezone.localdate(now)
    side = side_of(user, fixture)
    url = reverse("league:fixture_detail", args=[fixture.pk])
    live = fixture.away_id is not None and fixture.status == Fixture.Status.SCHEDULED
    live = live and result.closure is None
    problems = problems if live else []
    fixes = play_fixes(problems, user=user, season=season, fixture=fixture)
    own = [p for p in problems if p.team.pk == team.pk]
    own_fixes = play_fixes(own, user=user, season=season, fixture=fixture) if side else []
    action = None
    if not waiver_signed and fixture.status != Fixture.Status.CANCELLED:
        slugs = {"league": season.league.slug, "season": season.slug}
        action = Link(f"Sign the {season.name} waiver", reverse("league:waiver_sign", kwargs=slugs))
    elif own_fixes:
        action = own_fixes[0]
    elif side and is_open_tonight(result, today):
        waiting = cards_to_confirm(result, side, user)
        if waiting:
            count = len(waiting)
            label = f"Confirm {every(count, 'card')}"
            action = Link(label, f"{url}#confirm-cards")
        elif side == HOME and cards_to_enter(result) and not problems:
            action = Link("Enter the card", f"{url}#enter-scores")
    links = [fix for fix in fixes if fix != action]
    links.append(Link("Fixture and scores", url))
    if side and live and now < rules.fixture_starts_at(fixture):
        links.append(Link("Can't make it? Announce a forfeit", url + ANNOUNCE_FORM))
    return Due(
        result=result,
        team=team,
        side=side,
        action=action,
        status=_status(result, team, side, today),
        problems=problems,
        fixes=fixes,
        links=links,
    )
