"""Reads for a person's profile: what the viewer may see, and the summaries of their record.

Every summary is an aggregate over the player's game lines (one query each, whatever the
number of games), so a player with thousands of games costs the same few queries as a
newcomer. Only the rating history is read point by point, as two small columns, and
thinned to at most `CHART_POINTS` before it reaches the page.
"""

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery, Sum

from league.models import Player
from people.access import can_see_everything_of
from people.models import GameLine, PlayerRating, ProfileChoice, RatingPoint
from people.page_cache import MERGES_AT
from queries.compiled import CompiledQuery

CHART_POINTS = 200
TOP_PARTNERS = 8
MERGE_CHAIN_LIMIT = 20  # a chain of merges is short; a loop in bad data must still end

WON, LOST, TIED = GameLine.Result.WON, GameLine.Result.LOST, GameLine.Result.TIED
RECORD = {
    "games": Count("pk"),
    "won": Count("pk", filter=Q(result=WON)),
    "lost": Count("pk", filter=Q(result=LOST)),
    "tied": Count("pk", filter=Q(result=TIED)),
}
HAND_FIELDS = (
    "hands",
    "hand_points",
    "trump_made",
    "trump_made_good",
    "marches",
    "euchres_suffered",
    "euchres_given",
    "lone_tried",
    "lone_made",
    "lone_marched",
    "reneges",
)


@dataclass(frozen=True)
class Visibility:
    everything: bool
    results: bool
    statistics: bool
    rating: bool

    @property
    def anything(self) -> bool:
        return self.results or self.statistics or self.rating


def player_kept(pk: int) -> tuple[Player | None, bool]:
    """The record at `pk`, following merges to the one kept; True when it was merged away."""
    player = Player.objects.filter(pk=pk).first()
    moved = False
    seen: set[int] = set()
    while player is not None and player.merged_into_id and len(seen) < MERGE_CHAIN_LIMIT:
        if player.merged_into_id in seen or player.merged_into_id == player.pk:
            break
        seen.add(player.pk)
        kept = Player.objects.filter(pk=player.merged_into_id).first()
        if kept is None:
            break
        player, moved = kept, True
    return player, moved


def profile_visibility(user: Any, player: Player) -> Visibility:
    """The person and their staff see everything; others what the person chose to show."""
    if can_see_everything_of(user, player):
        return Visibility(everything=True, results=True, statistics=True, rating=True)
    choice = ProfileChoice.objects.filter(player=player).first()
    if choice is None:
        return Visibility(everything=False, results=False, statistics=False, rating=False)
    return Visibility(
        everything=False,
        results=choice.show_results,
        statistics=choice.show_statistics,
        rating=choice.show_rating,
    )


_OWN_LINES = GameLine.objects.filter(player=OuterRef("pk")).order_by()
# What the profile is built from, read with the player in one query. A card confirmed or
# corrected deletes the player's lines and writes them anew, so ids only grow: the count
# and the last id move on with any change of the lines (a merge moving lines in, too).
STAMP = {
    "line_count": Subquery(_OWN_LINES.values("player").annotate(n=Count("pk")).values("n")[:1]),
    "line_last": Subquery(_OWN_LINES.order_by("-pk").values("pk")[:1]),
    "choice_at": F("profile_choice__updated_at"),
    "choice_results": F("profile_choice__show_results"),
    "choice_statistics": F("profile_choice__show_statistics"),
    "choice_rating": F("profile_choice__show_rating"),
    "rating_at": F("rating__updated_at"),
    "merges_at": MERGES_AT,
}


# Only what the page shows of the row (a player has many columns, the page three), compiled
# once per process: building this query costs more than running it (`queries.compiled`).
_STAMPED = CompiledQuery(
    lambda pk: (
        Player.objects.filter(pk=pk)
        .only("pk", "name", "merged_into")
        .annotate(**STAMP)
        .order_by()[:1]
    ),
    -(2**62),
)


def player_stamped(pk: int) -> Player | None:
    """The record at `pk` with its profile's stamp (`STAMP`), in one query."""
    if not 0 < pk < 2**63:  # past any id (the ORM's lookup would match nothing either)
        return None
    found = _STAMPED.instances(pk)
    return found[0] if found else None


def profile_stamp(player: Player, seen: "Visibility") -> tuple:
    """The parts of the profile's cache key the player's row gives (`player_stamped`)."""
    lines = (getattr(player, "line_count", None) or 0, getattr(player, "line_last", None))
    kept = (getattr(player, "choice_at", None), getattr(player, "rating_at", None))
    merges = getattr(player, "merges_at", None)
    return (player.pk, player.name, player.merged_into_id, seen, lines, kept, merges)


def visibility_stamped(user: Any, player: Player) -> Visibility:
    """`profile_visibility` for a player read with `player_stamped`: the choices come with
    the row, and nobody signed out is asked about (no query for the public)."""
    signed_in = getattr(user, "is_authenticated", False)
    if signed_in and can_see_everything_of(user, player):
        return Visibility(everything=True, results=True, statistics=True, rating=True)
    return Visibility(
        everything=False,
        results=bool(getattr(player, "choice_results", False)),
        statistics=bool(getattr(player, "choice_statistics", False)),
        rating=bool(getattr(player, "choice_rating", False)),
    )


def profile_choice_for(player: Player) -> ProfileChoice:
    """The person's choices, unsaved defaults (name only) when they never chose."""
    return ProfileChoice.objects.filter(player=player).first() or ProfileChoice(player=player)


def _lines(player: Player) -> QuerySet[GameLine]:
    return GameLine.objects.filter(player=player)


def record_overall(player: Player) -> dict[str, int]:
    return _lines(player).aggregate(**RECORD)


def records_by_season(player: Player) -> list[dict[str, Any]]:
    """W-L-T in each season played, newest first, with what the links need."""
    return list(
        _lines(player)
        .exclude(season=None)
        .values(
            "season_id",
            "season__name",
            "season__slug",
            "season__league__slug",
            "season__league__name",
        )
        .annotate(**RECORD)
        .order_by("-season__starts_on", "-season_id")
    )


def records_by_event(player: Player) -> list[dict[str, Any]]:
    """W-L-T in each event played, newest first."""
    return list(
        _lines(player)
        .exclude(tournament=None)
        .values("tournament_id", "tournament__name", "tournament__slug", "tournament__date")
        .annotate(**RECORD)
        .order_by("-tournament__date", "-tournament_id")
    )


def teams_played_for(player: Player) -> list[dict[str, Any]]:
    return list(
        _lines(player)
        .exclude(team=None)
        .values("team_id", "team__name", "team__season__name", "team__season__league__name")
        .annotate(**RECORD)
        .order_by("-games", "team__name")
    )


def partners_most_frequent(player: Player, limit: int = TOP_PARTNERS) -> list[dict[str, Any]]:
    """The partners played with most, each with the record together."""
    return list(
        _lines(player)
        .exclude(partner=None)
        .values("partner_id", "partner__name")
        .annotate(**RECORD)
        .order_by("-games", "partner__name")[:limit]
    )


def recent_lines(player: Player) -> QuerySet[GameLine]:
    """Every game, newest first (the order of the `line_player_recent` index, so a page of
    them is read from it without sorting them all), with the season, event and partner."""
    return (
        _lines(player)
        .select_related("partner", "season__league", "tournament", "team", "game")
        .order_by("-played_at", "-game_id")
    )


def hand_statistics(lines: QuerySet[GameLine]) -> dict[str, Any]:
    """Career hand statistics of `lines` (by-hand cards only) and how many games counted."""
    sums = lines.aggregate(
        games=Count("pk"),
        by_hand_games=Count("pk", filter=Q(by_hand=True)),
        **{name: Sum(name, filter=Q(by_hand=True)) for name in HAND_FIELDS},
    )
    stats = {name: sums[name] or 0 for name in HAND_FIELDS}
    stats["games"], stats["by_hand_games"] = sums["games"], sums["by_hand_games"]
    stats["made_good_pct"] = percent(stats["trump_made_good"], stats["trump_made"])
    stats["points_per_hand"] = ratio(stats["hand_points"], stats["hands"])
    return stats


def percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 2) if whole else None


@dataclass(frozen=True)
class RatingSummary:
    value: int
    games: int
    provisional: bool
    explanation: str
    history: list[int]
    first_at: Any = None
    last_at: Any = None


def rating_summary(player: Player) -> RatingSummary | None:
    """The current rating and its history thinned for the chart; None before any rated game."""
    from algorithms import ratings  # the pure rating rules (lazily: loaded with the page)

    current = PlayerRating.objects.filter(player=player).first()
    if current is None:
        return None
    points = list(
        RatingPoint.objects.filter(player=player)
        .order_by("played_at", "game_id")
        .values_list("played_at", "value")
    )
    kept = thin(points, CHART_POINTS)
    rated = ratings.Rating(mu=current.mu, sigma=current.sigma, games=current.games)
    return RatingSummary(
        value=current.value,
        games=current.games,
        provisional=ratings.is_provisional(rated),
        explanation=ratings.EXPLANATION,
        history=[value for _, value in kept],
        first_at=kept[0][0] if kept else None,
        last_at=kept[-1][0] if kept else None,
    )


def thin(points: list, limit: int) -> list:
    """At most `limit` of `points`, evenly spread, always keeping the first and the last."""
    if len(points) <= limit:
        return points
    if limit < 2:
        return points[-1:]
    step = (len(points) - 1) / (limit - 1)
    return [points[round(i * step)] for i in range(limit)]
