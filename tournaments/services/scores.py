"""Scorekeeper mode: every table's result of a progressive round in one submit.

A director or scorekeeper of the event types what each table's paper card says (each
side's score, or each player's total under an individual rule set); each card is entered and
confirmed at once through scoring (`scorecard_staff_enter`), validated by the rule set.
All or nothing: one bad table refuses the whole round, naming every bad table, and nothing
is saved. A table left blank, or typed as it is already confirmed, is left alone; changing a
confirmed table is a correction and needs the reason.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from accounts.permissions import can_keep_score
from scoring.services import StaffEntry, scorecard_staff_enter
from tournaments.errors import TournamentError
from tournaments.models import Round, Tournament
from tournaments.versions import tournament_results_changed

NOT_STAFF = "Only this tournament's directors and scorekeepers can enter its scores."


@dataclass(frozen=True)
class TableResult:
    """What one table's paper card says: scores keyed N-S/E-W, or N/E/S/W per player."""

    scores: Mapping[str, Any]
    timed_out: bool = False

    @property
    def blank(self) -> bool:
        return not self.timed_out and all(v in (None, "") for v in self.scores.values())


class RoundScoresRefused(TournamentError):
    """Some tables can't be recorded: `problems` maps each table's number to why."""

    def __init__(self, problems: dict[int, str]) -> None:
        self.problems = problems
        listed = " ".join(f"Table {n}: {text}" for n, text in sorted(problems.items()))
        super().__init__(f"Nothing was saved. {listed}")


@dataclass
class RoundScores:
    """Which tables each submit changed, by what happened to their card (table numbers)."""

    outcomes: dict[str, list[int]] = field(default_factory=dict)
    blank: list[int] = field(default_factory=list)

    def tables(self, outcome: str) -> list[int]:
        return self.outcomes.get(outcome, [])


def _round(tournament: Tournament, number: int) -> Round:
    """The round, locked: two submits of one round are recorded one after the other."""
    if not tournament.is_progressive:
        raise TournamentError("Only progressive events have rounds to score.")
    row = Round.objects.select_for_update().filter(tournament=tournament, number=number).first()
    if row is None:
        raise TournamentError(f"There is no round {number}.")
    if row.status == Round.Status.PLANNED:
        raise TournamentError(f"Round {number} hasn't started: its tables have no games yet.")
    return row


@transaction.atomic
def round_enter_scores(
    *,
    tournament: Tournament,
    number: int,
    user: Any,
    results: Mapping[int, TableResult],
    reason: str = "",
) -> RoundScores:
    """Enter and confirm the typed tables of round `number`, all or none.

    `results` maps table numbers to what their cards say; `reason` is kept with any
    confirmed (or disputed) table whose result changes. Raises PermissionDenied for anyone
    but the event's directors and scorekeepers, RoundScoresRefused naming every bad table.
    """
    if not can_keep_score(user, tournament):
        raise PermissionDenied(NOT_STAFF)
    row = _round(tournament, number)
    tables = {t.number: t for t in row.tables.select_related("game").order_by("number")}
    unknown = sorted(set(results) - set(tables))
    if unknown:
        raise TournamentError(f"Round {number} has no table {unknown[0]}.")
    summary = RoundScores()
    problems: dict[int, str] = {}
    for table_number, table in tables.items():  # in table order: locks taken in one order
        result = results.get(table_number)
        if result is None or result.blank:
            summary.blank.append(table_number)
            continue
        if table.game is None:
            problems[table_number] = "this table has no game."
            continue
        try:
            entry: StaffEntry = scorecard_staff_enter(
                game=table.game,
                user=user,
                final_scores=dict(result.scores),
                timed_out=result.timed_out,
                reason=reason,
            )
        except ValidationError as exc:  # its savepoint is rolled back; keep checking the rest
            problems[table_number] = " ".join(exc.messages)
            continue
        summary.outcomes.setdefault(entry.outcome, []).append(table_number)
    if problems:
        raise RoundScoresRefused(problems)
    if summary.outcomes:
        # Last, after every card's lock: the leaderboard's count commits with the cards.
        tournament_results_changed(tournament)
    return summary
