"""What card pages show: hand lines with running totals, seat columns, the entry state.

Builds plain values for templates from versions, drafts and engine tallies, so the
game page, the entry component and the printable cards all read a card the same way.
"""

from dataclasses import dataclass, field
from typing import Any

from accounts import permissions
from scoring.engine import INDIVIDUAL, SEAT_NAMES, InvalidHand, RuleSpec
from scoring.handrows import CardTally, HandRow, next_dealer, tally_progress
from scoring.models import Game, Scorecard, ScorecardVersion
from scoring.owners import CardStep, card_fixes, card_refusals
from scoring.selectors import draft_for
from scoring.sides import PLAIN_SIDES, SideNames, side_names

SEAT_ORDER = ("N", "S", "E", "W")  # partners side by side on the card


def cell(points: int) -> str:
    """A scorecard box: the points, or X when the hand gave none."""
    return "X" if points == 0 else str(points)


@dataclass(frozen=True)
class HandLine:
    number: int
    dealer: str
    summary: str
    passed: bool
    ns_points: int
    ew_points: int
    ns_running: int
    ew_running: int
    seat_points: list[int] = field(default_factory=list)  # in SEAT_ORDER
    seat_running: list[int] = field(default_factory=list)

    @property
    def ns_cell(self) -> str:
        return cell(self.ns_points)

    @property
    def ew_cell(self) -> str:
        return cell(self.ew_points)

    @property
    def seat_cells(self) -> list[str]:
        return [cell(points) for points in self.seat_points]

    @property
    def columns(self) -> list[tuple[str, int]]:
        """(box, running total) per side, or per player in individual mode."""
        if self.seat_points:
            return list(zip(self.seat_cells, self.seat_running, strict=False))
        return [(self.ns_cell, self.ns_running), (self.ew_cell, self.ew_running)]


def _ordered(values: dict[str, int]) -> list[int]:
    return [values.get(seat, 0) for seat in SEAT_ORDER] if values else []


def version_lines(
    version: ScorecardVersion | None, names: SideNames = PLAIN_SIDES
) -> list[HandLine]:
    """Lines of a stored version (uses its prefetched `hands`), summaries in `names`."""
    if version is None:
        return []
    return [
        HandLine(
            number=hand.number,
            dealer=hand.dealer,
            summary=names.say(hand.summary),
            passed=hand.passed,
            ns_points=hand.ns_points,
            ew_points=hand.ew_points,
            ns_running=hand.ns_running,
            ew_running=hand.ew_running,
            seat_points=_ordered(hand.seat_points),
            seat_running=_ordered(hand.seat_running),
        )
        for hand in version.hands.all()
    ]


def tally_lines(
    rows: list[HandRow], tally: CardTally, names: SideNames = PLAIN_SIDES
) -> list[HandLine]:
    """Lines of a card still being entered, straight from the engine, in `names`."""
    seat_running = tally.seat_running or [{}] * len(rows)
    return [
        HandLine(
            number=number,
            dealer=row.dealer,
            summary=names.say(hand.summary),
            passed=hand.passed,
            ns_points=hand.points["NS"],
            ew_points=hand.points["EW"],
            ns_running=running["NS"],
            ew_running=running["EW"],
            seat_points=_ordered(hand.seat_points),
            seat_running=_ordered(seats),
        )
        for number, (row, hand, running, seats) in enumerate(
            zip(rows, tally.hands, tally.running, seat_running, strict=True), start=1
        )
    ]


def seat_headings(game: Game) -> list[dict[str, str]]:
    """Column headings for individual cards: seat letter, seat name and who sat there."""
    seated = {seat.seat: seat.player.name for seat in game.seats.all()}
    return [
        {"seat": seat, "name": SEAT_NAMES[seat], "player": seated.get(seat, "")}
        for seat in SEAT_ORDER
    ]


def score_line(version: ScorecardVersion, individual: bool, names: SideNames | None = None) -> str:
    """'Left Bowers 10 – Jacks 6' ('N-S 10 – E-W 6' without `names` or teams), or each
    player's total on an individual card."""
    if individual and version.seat_totals:
        return " · ".join(f"{seat} {version.seat_totals.get(seat, 0)}" for seat in SEAT_ORDER)
    return (names or PLAIN_SIDES).score(version.ns_total, version.ew_total)


@dataclass
class EntryState:
    """Everything `scoring/_entry.html` needs for one user and game."""

    game: Game
    spec: RuleSpec
    individual: bool
    sides: list[str]
    side: str
    side_names: SideNames
    card: Scorecard | None
    lines: list[HandLine]
    tally: CardTally | None
    problem: str
    next_dealer: str
    timed_out: bool
    hand_count: int
    can_submit: bool
    is_staff: bool
    seat_headings: list[dict[str, str]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)  # the game's owner says not now
    fixes: list[tuple[str, str]] = field(default_factory=list)  # (label, url) to fix them

    @property
    def refusal_text(self) -> str:
        """The refusals as a refused POST words them (shown once, not twice)."""
        return " ".join(self.refusals)

    @property
    def message(self) -> str:
        """Where the card stands ("Left Bowers reached 10: …"), in the sides' names."""
        return self.side_names.say(self.tally.message) if self.tally else ""

    @property
    def ready(self) -> bool:
        return self.tally is not None and self.tally.ended_by != "incomplete"

    @property
    def totals(self) -> list[tuple[str, str, int]]:
        """(label, key, running total) for each side, or each player in individual mode."""
        tally = self.tally
        if self.individual:
            seats = tally.seat_totals if tally else {}
            return [
                (
                    f"{h['name']} · {h['player']}" if h["player"] else h["name"],
                    h["seat"],
                    seats.get(h["seat"], 0),
                )
                for h in self.seat_headings
            ]
        return [
            (self.side_names["NS"], "NS", tally.ns_total or 0 if tally else 0),
            (self.side_names["EW"], "EW", tally.ew_total or 0 if tally else 0),
        ]


def entry_state(user: Any, game: Game, card: Scorecard | None = None) -> EntryState | None:
    """The entry component's state, or None when the user can't enter this card.

    Pass the game's card when the page already loaded it (saves its queries).
    """
    sides = permissions.scoring_sides_for(user, game)
    if not sides:
        return None
    if card is None or card.game_id != game.pk:
        card = Scorecard.objects.select_related("current_version").filter(game=game).first()
    draft = draft_for(user, game)
    spec = game.rule_set.to_spec()
    rows = draft.rows() if draft else []
    timed_out = bool(draft and draft.timed_out and spec.time_limit_minutes is not None)
    tally, problem = None, ""
    try:
        tally = tally_progress(spec, rows, timed_out=timed_out)
    except InvalidHand as exc:  # the rule set changed under an old draft
        problem = f"{exc} Take hands back or start again."
    side = draft.side if draft and draft.side in sides else sides[0]
    names = side_names(game)
    individual = spec.scoring_mode == INDIVIDUAL
    is_staff = permissions.can_settle_game(user, game)
    is_open = card is None or card.is_open
    # Ask the owner only for a card that could still be entered (the services ask again).
    refusals = card_refusals(game, CardStep.ENTER) if is_open else []
    return EntryState(
        game=game,
        spec=spec,
        individual=individual,
        sides=sides,
        side=side,
        side_names=names,
        card=card,
        lines=tally_lines(rows, tally, names) if tally else [],
        tally=tally,
        problem=names.say(problem),
        next_dealer=next_dealer(rows),
        timed_out=timed_out,
        hand_count=len(rows),
        can_submit=is_open and not refusals,
        is_staff=is_staff,
        seat_headings=seat_headings(game) if individual else [],
        refusals=refusals,
        fixes=card_fixes(game, user) if refusals else [],
    )
