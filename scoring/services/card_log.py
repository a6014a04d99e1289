"""The card actions in the activity log: one entry per submit, confirm, dispute, settle or
correct, written in the action's transaction, in the game owner's league or tournament."""

from typing import Any

from activity.services import activity_record
from scoring.models import Scorecard, ScorecardVersion
from scoring.owners import game_scope
from scoring.sides import PLAIN_SIDES, SideNames, side_names


def score_text(version: ScorecardVersion | None, names: SideNames | None = None) -> str:
    """'Left Bowers 10 – Jacks 7' ('N-S 10 – E-W 7' without teams, or the seats' totals of
    an individual card), '—' without a card."""
    if version is None:
        return "—"
    if version.ns_total is None and version.seat_totals:
        return ", ".join(f"{seat} {points}" for seat, points in sorted(version.seat_totals.items()))
    text = (names or PLAIN_SIDES).score(version.ns_total, version.ew_total)
    return text + (" (time)" if version.timed_out else "")


def card_logged(
    card: Scorecard,
    version: ScorecardVersion,
    *,
    verb: str,
    user: Any,
    detail: str = "",
    before: ScorecardVersion | None = None,
) -> None:
    """Record `verb` on the card's game: the version and its score (after the one it
    replaced, for a staff decision), then `detail` (a side, a reason)."""
    kind, scope_id = game_scope(card.game_id)
    names = side_names(card.game, players=False)  # the locked card has the game's teams
    head = f"v{version.number}: {score_text(version, names)}"
    if before is not None:
        head = f"v{before.number}: {score_text(before, names)} → {head}"
    activity_record(
        actor=user,
        verb=verb,
        target=card.game,
        scope_kind=kind,
        scope_id=scope_id,
        detail=f"{head} · {detail}" if detail else head,
        label=card.game.label,
    )
