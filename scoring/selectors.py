"""Scoring reads shared by pages, leagues and tournaments."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Prefetch, QuerySet

from scoring.models import (
    Game,
    GameSeat,
    HandEntry,
    Scorecard,
    ScorecardDraft,
    ScorecardVersion,
)


@dataclass(frozen=True)
class ConfirmedResult:
    """A game's confirmed (or settled) result, as standings and brackets need it.

    `ns_total`/`ew_total` are None only for an individual card entered as four player
    totals; `winner` is "NS", "EW" or None (a tie that stands, or no side result).
    """

    game_id: int
    version_id: int
    ns_total: int | None
    ew_total: int | None
    winner: str | None
    seat_totals: dict[str, int] = field(default_factory=dict)
    timed_out: bool = False
    hands: int = 0
    lone_hands_made: dict[str, int] = field(default_factory=dict)
    settled: bool = False  # decided by a manager or director rather than the opponents

    @property
    def side_score(self) -> str:
        """'N-S 10 · E-W 6'; empty for a card entered as four player totals."""
        if self.ns_total is None or self.ew_total is None:
            return ""
        return f"N-S {self.ns_total} · E-W {self.ew_total}"


def confirmed_results(game_ids: Iterable[int]) -> dict[int, ConfirmedResult]:
    """Confirmed results of the given games (one query); games without one are absent."""
    ids = list(game_ids)
    if not ids:
        return {}
    rows = ScorecardVersion.objects.filter(
        scorecard__game_id__in=ids, state=ScorecardVersion.State.CONFIRMED
    ).values(
        "id",
        "scorecard__game_id",
        "kind",
        "ns_total",
        "ew_total",
        "winner",
        "seat_totals",
        "timed_out",
        "hand_count",
        "lone_hands_made",
    )
    return {
        row["scorecard__game_id"]: ConfirmedResult(
            game_id=row["scorecard__game_id"],
            version_id=row["id"],
            ns_total=row["ns_total"],
            ew_total=row["ew_total"],
            winner=row["winner"] or None,
            seat_totals=row["seat_totals"] or {},
            timed_out=row["timed_out"],
            hands=row["hand_count"],
            lone_hands_made=row["lone_hands_made"] or {},
            settled=row["kind"] != ScorecardVersion.Kind.SUBMISSION,
        )
        for row in rows
    }


def _version_people() -> tuple[str, ...]:
    return ("submitted_by", "confirmed_by", "disputed_by")


def scorecard_for_game(game_id: int) -> Scorecard | None:
    """The card with its current version and that version's hands; None before any entry."""
    return (
        Scorecard.objects.select_related(
            "game__rule_set",
            "game__ns_team",
            "game__ew_team",
            *(f"current_version__{person}" for person in _version_people()),
        )
        .prefetch_related(
            Prefetch("current_version__hands", queryset=HandEntry.objects.order_by("number"))
        )
        .filter(game_id=game_id)
        .first()
    )


def game_for_card(game_id: int) -> Game | None:
    """A game with what its card page shows: rule set, teams, seats and players."""
    return (
        Game.objects.select_related("rule_set", "ns_team", "ew_team")
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
        .filter(pk=game_id)
        .first()
    )


def card_history(scorecard: Scorecard) -> QuerySet[ScorecardVersion]:
    """Every version, newest first, with who did what."""
    return scorecard.versions.select_related(*_version_people()).order_by("-number")


def disputed_scorecards() -> QuerySet[Scorecard]:
    """The manager/director queue: disputed cards, oldest first."""
    return (
        Scorecard.objects.filter(status=Scorecard.Status.DISPUTED)
        .select_related(
            "game__rule_set",
            "game__ns_team",
            "game__ew_team",
            *(f"current_version__{person}" for person in _version_people()),
        )
        .order_by("updated_at")
    )


def draft_for(user: Any, game: Game) -> ScorecardDraft | None:
    if not user.is_authenticated:
        return None
    return ScorecardDraft.objects.filter(user=user, game=game).first()
