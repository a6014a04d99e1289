"""The scorekeeper's sheet for a progressive round: every table, who sits where, its card."""

from dataclasses import dataclass, field

from scoring.engine import INDIVIDUAL, SEAT_NAMES, SIDE_LABELS
from scoring.models import Scorecard, ScorecardVersion
from tournaments.models import Tournament
from tournaments.selectors.progressive import rounds_view

SEAT_ORDER = ("N", "S", "E", "W")  # partners side by side, as on the card
SIDE_ORDER = ("NS", "EW")
OTHER_SIDE = {"NS": "E-W", "EW": "N-S"}


@dataclass
class ScoreRow:
    """One table: its players, its card's state, and what a confirmed card says."""

    number: int
    game_id: int | None
    players: dict[str, str]  # seat -> player's name
    status: str = "empty"  # a Scorecard.Status value
    status_label: str = "No card yet"
    current: str = ""  # the current card's score, whatever its state
    note: str = ""  # who the card waits for, or what was disputed
    values: dict[str, int] = field(default_factory=dict)  # key -> a confirmed card's score
    timed_out: bool = False

    @property
    def confirmed(self) -> bool:
        return self.status in (Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED)

    def label(self, key: str, individual: bool) -> str:
        """'North · Ada' per player, or 'N-S · Ada & Ben' per side."""
        if individual:
            name = self.players.get(key, "")
            return f"{SEAT_NAMES[key]} · {name}" if name else f"{SEAT_NAMES[key]} (empty seat)"
        names = [self.players[seat] for seat in key if seat in self.players]
        return f"{SIDE_LABELS[key]} · {' & '.join(names)}" if names else SIDE_LABELS[key]


@dataclass
class ScoreSheet:
    number: int
    status: str  # a Round.Status value
    individual: bool
    keys: tuple[str, ...]  # what each table's card records, in the order shown
    timed: bool  # the rule set has a time limit: a table may say time ran out
    rows: list[ScoreRow]
    sitting_out: list[str]

    @property
    def open(self) -> bool:
        return self.status != "planned"


def _score(version: ScorecardVersion, individual: bool) -> str:
    if individual and version.seat_totals:
        return " · ".join(f"{s} {version.seat_totals.get(s, 0)}" for s in SEAT_ORDER)
    return f"N-S {version.ns_total} · E-W {version.ew_total}"


def _values(version: ScorecardVersion, individual: bool) -> dict[str, int]:
    if individual:
        return {seat: int(version.seat_totals.get(seat, 0)) for seat in SEAT_ORDER}
    return {"NS": version.ns_total or 0, "EW": version.ew_total or 0}


def _fill(row: ScoreRow, card: Scorecard, individual: bool) -> None:
    version = card.current_version
    row.status, row.status_label = card.status, card.get_status_display()
    if version is None:
        return
    row.current = _score(version, individual)
    row.timed_out = version.timed_out
    if card.is_confirmed:
        row.values = _values(version, individual)
    elif version.state == ScorecardVersion.State.PENDING:
        row.note = f"waiting for {OTHER_SIDE.get(version.submitted_for, 'the other side')}"
    elif version.state == ScorecardVersion.State.DISPUTED:
        row.note = f"disputed: {version.dispute_reason}"


def round_score_sheet(tournament: Tournament, number: int) -> ScoreSheet | None:
    """The round's tables and their cards in a fixed number of queries; None: no round."""
    views = rounds_view(tournament, [number])
    if not views:
        return None
    view = views[0]
    spec = tournament.rule_set.to_spec()
    individual = spec.scoring_mode == INDIVIDUAL
    rows = [
        ScoreRow(
            number=table.number,
            game_id=table.game_id,
            players={seat: entry.player.name for seat, entry in table.seats.items()},
        )
        for table in view.tables
    ]
    game_ids = [row.game_id for row in rows if row.game_id]
    cards = {
        card.game_id: card
        for card in Scorecard.objects.filter(game_id__in=game_ids).select_related("current_version")
    }
    for row in rows:
        if row.game_id in cards:
            _fill(row, cards[row.game_id], individual)
    return ScoreSheet(
        number=view.number,
        status=view.status,
        individual=individual,
        keys=SEAT_ORDER if individual else SIDE_ORDER,
        timed=spec.time_limit_minutes is not None,
        rows=rows,
        sitting_out=[entry.player.name for entry in view.sitting_out],
    )
