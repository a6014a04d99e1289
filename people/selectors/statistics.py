"""Reads for a season's or an event's statistics: one row per player, one per partnership.

Rows are aggregates over the game lines of the season or event, computed in the database
(rates included), so the table sorts any column there and a season of a thousand games
is a handful of queries. Hand counts come from cards entered hand by hand only; games and
W-L count every confirmed card.
"""

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, ExpressionWrapper, F, FloatField, Q, QuerySet, Sum, Value
from django.db.models.functions import Cast, Coalesce, NullIf

from people.models import GameLine
from people.selectors.profiles import RECORD

MIN_HANDS_FOR_RATE = 20  # the made-good leader needs this many hands, so one lucky night isn't it
BY_HAND = Q(by_hand=True)


def _sum(name: str) -> Coalesce:
    return Coalesce(Sum(name, filter=BY_HAND), Value(0))


def _rate(part: str, whole: str, scale: float) -> ExpressionWrapper:
    """part / whole × scale in the database, as a float (never integer division), NULL when
    whole is 0."""
    return ExpressionWrapper(
        Cast(F(part), FloatField())
        * Value(scale)
        / NullIf(Cast(F(whole), FloatField()), Value(0.0)),
        output_field=FloatField(),
    )


def _counts(lone_prefix: str) -> dict[str, Any]:
    return {
        **RECORD,
        "by_hand_games": Count("pk", filter=BY_HAND),
        "hands": _sum("hands"),
        "hand_points": _sum("hand_points"),
        "trump_made": _sum("trump_made"),
        "trump_made_good": _sum("trump_made_good"),
        "marches": _sum("marches"),
        "euchres_suffered": _sum("euchres_suffered"),
        "euchres_given": _sum("euchres_given"),
        "lone_tried": _sum(f"{lone_prefix}lone_tried"),
        "lone_made": _sum(f"{lone_prefix}lone_made"),
        "lone_marched": _sum(f"{lone_prefix}lone_marched"),
        "reneges": _sum("reneges"),
    }


def _with_rates(rows: QuerySet) -> QuerySet:
    return rows.annotate(
        made_good_pct=_rate("trump_made_good", "trump_made", 100.0),
        points_per_hand=_rate("hand_points", "hands", 1.0),
    )


def scope_lines(*, season_id: int | None = None, tournament_id: int | None = None) -> QuerySet:
    if season_id is not None:
        return GameLine.objects.filter(season_id=season_id)
    return GameLine.objects.filter(tournament_id=tournament_id)


def player_rows(lines: QuerySet[GameLine]) -> QuerySet:
    """One row per player: the record and the hand statistics (the player's own lone hands)."""
    rows = lines.values("player_id", "player__name").annotate(**_counts(""))
    return _with_rates(rows).order_by("player__name", "player_id")


def partnership_rows(lines: QuerySet[GameLine]) -> QuerySet:
    """One row per pair of partners (read from the partner with the lower id: each game once),
    with the side's lone hands, whoever of the two played them."""
    pairs = lines.filter(partner__isnull=False, player_id__lt=F("partner_id"))
    rows = pairs.values("player_id", "player__name", "partner_id", "partner__name").annotate(
        **_counts("side_")
    )
    return _with_rates(rows).order_by("player__name", "partner__name", "player_id")


@dataclass(frozen=True)
class Leader:
    label: str
    name: str
    player_id: int
    value: str


def leaders(rows: list[dict[str, Any]]) -> list[Leader]:
    """The leaders box: each count's top player (first by name on a tie), when anyone has one."""
    found = []
    for label, key in (
        ("Most lone hands made", "lone_made"),
        ("Most marches", "marches"),
        ("Most euchres given", "euchres_given"),
    ):
        best = max(rows, key=lambda row: (row[key], _by_name(row)), default=None)
        if best and best[key]:
            found.append(Leader(label, best["player__name"], best["player_id"], str(best[key])))
    eligible = [
        row
        for row in rows
        if row["hands"] >= MIN_HANDS_FOR_RATE and row["made_good_pct"] is not None
    ]
    best = max(eligible, key=lambda row: (row["made_good_pct"], _by_name(row)), default=None)
    if best:
        found.append(
            Leader(
                f"Best made-good % (min {MIN_HANDS_FOR_RATE} hands)",
                best["player__name"],
                best["player_id"],
                f"{best['made_good_pct']:.1f}%",
            )
        )
    return found


def _by_name(row: dict[str, Any]) -> tuple:
    # max() keeps the largest: invert the name so the alphabetically first wins a tie.
    return tuple(-ord(c) for c in row["player__name"].lower())


def games_counted(lines: QuerySet[GameLine]) -> dict[str, int]:
    """How many games the page counts, and how many of them were entered hand by hand."""
    return lines.aggregate(
        games=Count("game_id", distinct=True),
        by_hand=Count("game_id", distinct=True, filter=BY_HAND),
    )
