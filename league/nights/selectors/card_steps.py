"""Where a fixture's cards stand for the person acting on them: the cards their side saved
that wait on the other captain, and the disputes a manager settles (both cards, what differs).

Reads only; the fixture page shows them, the services check everything again.
"""

from dataclasses import dataclass, field
from typing import Any

from league.nights.selectors.due import AWAY, HOME
from league.nights.selectors.results import FixtureResult, GameLine
from league.seasons.models import Fixture, Team
from scoring.models import ScorecardVersion

SIDE_OF = {HOME: "NS", AWAY: "EW"}


def saved_cards(result: FixtureResult, side: str, user: Any, *, manager: bool) -> list[GameLine]:
    """Cards waiting for confirmation that this person's side entered: a captain's own
    team's (home sits N-S); for a manager who captains neither team, every waiting card."""
    code = SIDE_OF.get(side)
    if code is None and not manager:
        return []
    return [
        g
        for g in result.games
        if g.state == "submitted"
        and g.version is not None
        and (code is None or g.version.submitted_for == code)
    ]


def saved_initial(saved: list[GameLine]) -> dict[str, Any]:
    """The saved scores, to start a change from them."""
    initial: dict[str, Any] = {}
    for g in saved:
        initial.update(
            {
                f"home_{g.number}": g.home_score,
                f"away_{g.number}": g.away_score,
                f"timed_out_{g.number}": g.timed_out,
            }
        )
    return initial


def waiting_on(saved: list[GameLine], fixture: Fixture) -> Team | None:
    """The team whose captain confirms the saved cards (when it is one team for all)."""
    teams = {
        fixture.away if g.version is not None and g.version.submitted_for == "NS" else fixture.home
        for g in saved
    }
    return teams.pop() if len(teams) == 1 else None


@dataclass(frozen=True)
class CardSide:
    """One card of a disputed game, told in the fixture's team names."""

    version: ScorecardVersion
    team: Team | None  # whose captain entered it (None: staff)
    home_score: int | None
    away_score: int | None
    timed_out: bool


@dataclass(frozen=True)
class Dispute:
    """A disputed game: the card disputed, the other side's card when it entered one, and
    the differences between them; or only the disputed card and the reason given."""

    line: GameLine
    disputed: CardSide
    disputed_by: Team | None
    reason: str
    other: CardSide | None = None
    differences: list[str] = field(default_factory=list)


def _side(version: ScorecardVersion, fixture: Fixture) -> CardSide:
    team = {"NS": fixture.home, "EW": fixture.away}.get(version.submitted_for)
    return CardSide(version, team, version.ns_total, version.ew_total, version.timed_out)


def _differences(a: CardSide, b: CardSide, fixture: Fixture) -> list[str]:
    found = []
    for team, mine, theirs in (
        (fixture.home, a.home_score, b.home_score),
        (fixture.away, a.away_score, b.away_score),
    ):
        if mine != theirs:
            found.append(f"{team}: {_score(mine)} on one card, {_score(theirs)} on the other")
    if a.timed_out != b.timed_out:
        found.append("Time ran out on one card only")
    return found


def _score(value: int | None) -> str:
    return "–" if value is None else str(value)


def fixture_disputes(result: FixtureResult) -> list[Dispute]:
    """The fixture's disputed games, each with both cards where there are two.

    One query for all the games' earlier versions (only when a game is disputed).
    """
    fixture = result.fixture
    disputed = [g for g in result.games if g.state == "disputed" and g.version is not None]
    if not disputed:
        return []
    card_ids = [g.version.scorecard_id for g in disputed]  # type: ignore[union-attr]
    earlier: dict[int, list[ScorecardVersion]] = {}
    for version in (
        ScorecardVersion.objects.filter(scorecard_id__in=card_ids, kind="submission")
        .select_related("submitted_by")
        .order_by("-number")
    ):
        earlier.setdefault(version.scorecard_id, []).append(version)
    disputes = []
    for g in disputed:
        version = g.version
        assert version is not None
        mine = _side(version, fixture)
        other_code = "EW" if version.submitted_for == "NS" else "NS"
        others = [
            v
            for v in earlier.get(version.scorecard_id, [])
            if v.submitted_for == other_code and v.pk != version.pk
        ]
        other = _side(others[0], fixture) if others else None
        disputes.append(
            Dispute(
                line=g,
                disputed=mine,
                disputed_by={"NS": fixture.away, "EW": fixture.home}.get(version.submitted_for),
                reason=version.dispute_reason,
                other=other,
                differences=_differences(mine, other, fixture) if other else [],
            )
        )
    return disputes
