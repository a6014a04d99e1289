"""Keep every player's rating equal to rating all confirmed games from scratch, in played order.

A card confirmed, settled or corrected re-rates from that game on: history points from
that game on are dropped, each affected player starts again from their last point before
it, and the later games are replayed. So a rebuild from scratch (`manage.py
rebuild_ratings`) always gives the same numbers. One locked row keeps two workers from
interleaving; every step is idempotent, so a task run twice changes nothing more.
"""

import datetime
from collections import defaultdict
from collections.abc import Iterable

from django.db import connection, transaction
from django.db.models import Q

from algorithms.ratings import RatedGame, Rating, display_value, rate_in_order
from people.models import GameLine, PlayerRating, RatingPoint, RatingsLock
from people.services.lines import game_lines_rebuild, game_lines_write

Position = tuple[datetime.datetime, int]  # (played_at, game id): the rating order


def _lock() -> RatingsLock:
    RatingsLock.objects.get_or_create(name="ratings")
    return RatingsLock.objects.select_for_update().get(name="ratings")


def _from(position: Position) -> Q:
    at, game_id = position
    return Q(played_at__gt=at) | Q(played_at=at, game_id__gte=game_id)


def _games_from(position: Position | None) -> tuple[list[int], list[RatedGame]]:
    """The rated games from `position` on (all when None), in order, from the game lines."""
    lines = GameLine.objects.filter(rated=True)
    if position is not None:
        lines = lines.filter(_from(position))
    sides: dict[int, dict[str, list[int]]] = defaultdict(lambda: {"NS": [], "EW": []})
    points: dict[int, dict[str, int]] = defaultdict(dict)
    when: dict[int, datetime.datetime] = {}
    for game_id, played_at, side, player_id, points_for in lines.order_by(
        "played_at", "game_id", "side", "player_id"
    ).values_list("game_id", "played_at", "side", "player_id", "points_for"):
        sides[game_id][side].append(player_id)
        points[game_id][side] = points_for
        when[game_id] = played_at
    order = sorted(when, key=lambda pk: (when[pk], pk))
    games = [
        RatedGame(
            side_a=tuple(sides[pk]["NS"]),
            side_b=tuple(sides[pk]["EW"]),
            points_a=points[pk].get("NS", 0),
            points_b=points[pk].get("EW", 0),
            played_at=when[pk],
        )
        for pk in order
    ]
    return order, games


def _start_ratings(player_ids: set[int], position: Position) -> dict[int, Rating]:
    """Each player's rating just before `position`: their last history point before it."""
    start: dict[int, Rating] = {}
    earlier = (
        RatingPoint.objects.filter(player_id__in=player_ids)
        .exclude(_from(position))
        .order_by("player_id", "played_at", "game_id")
        .values_list("player_id", "mu", "sigma", "games")
    )
    for player_id, mu, sigma, games in earlier.iterator(chunk_size=5000):
        start[player_id] = Rating(mu=mu, sigma=sigma, games=games)  # the last one wins
    return start


def _rerate(position: Position | None) -> int:
    """Drop the history from `position` on and replay it; returns the games rated."""
    order, games = _games_from(position)
    dropped = (
        RatingPoint.objects.all()
        if position is None
        else RatingPoint.objects.filter(_from(position))
    )
    touched = set(dropped.values_list("player_id", flat=True).distinct())
    dropped.delete()
    players = {pk for game in games for pk in (*game.side_a, *game.side_b)}
    touched |= players
    start = {} if position is None else _start_ratings(players, position)
    current: dict[int, Rating] = dict(start)
    points = []
    at_value = connection.ops.adapt_datetimefield_value
    for index, updated in rate_in_order(games, start=start):
        game_id, played_at = order[index], at_value(games[index].played_at)
        for player_id, rating in updated.items():
            current[player_id] = rating
            value = display_value(rating)
            points.append(
                (player_id, game_id, played_at, rating.mu, rating.sigma, rating.games, value)
            )
    _insert_points(points)
    # Players left without any rated game lose their rating row; the rest get their last point.
    if position is not None:
        for player_id, rating in _start_ratings(touched - set(current), position).items():
            current[player_id] = rating
    PlayerRating.objects.filter(player_id__in=touched).delete()
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                player_id=pk, mu=r.mu, sigma=r.sigma, games=r.games, value=display_value(r)
            )
            for pk, r in current.items()
            if pk in touched
        ),
        batch_size=5000,
    )
    return len(games)


def _insert_points(rows: list[tuple]) -> None:
    """History points in plain batched INSERTs: a rebuild writes one per player per game,
    and building a model instance for each would cost more than the rating itself."""
    table = RatingPoint._meta.db_table
    columns = "player_id, game_id, played_at, mu, sigma, games, value"
    sql = f"INSERT INTO {table} ({columns}) VALUES (%s, %s, %s, %s, %s, %s, %s)"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 5000):
            cursor.executemany(sql, rows[start : start + 5000])


def _first_position(game_ids: list[int]) -> Position | None:
    """The earliest place in the rating order any of these games holds, before or after."""
    found = [
        (at, pk)
        for model in (RatingPoint, GameLine)
        for at, pk in model.objects.filter(game_id__in=game_ids)
        .values_list("played_at", "game_id")
        .distinct()
    ]
    return min(found) if found else None


def _all_rated(game_ids: list[int]) -> bool:
    """Every rated line of these games has its history point."""
    lines = GameLine.objects.filter(game_id__in=game_ids, rated=True).count()
    return lines == RatingPoint.objects.filter(game_id__in=game_ids).count()


@transaction.atomic
def games_rerate(*, game_ids: Iterable[int]) -> int:
    """A card of these games changed: rewrite their lines and re-rate from the earliest on."""
    ids = list(game_ids)
    _lock()
    before = _first_position(ids)
    if not game_lines_write(game_ids=ids) and _all_rated(ids):
        return 0  # counted already (a task run twice, a game a rebuild took in)
    after = _first_position(ids)
    starts = [p for p in (before, after) if p is not None]
    if not starts:
        return 0
    return _rerate(min(starts))


@transaction.atomic
def players_rerate(*, player_ids: Iterable[int]) -> int:
    """Rows of these records moved to another (a merge or its undo): their games' lines are
    written again from the cards and everything is re-rated from the first of them on.

    Unlike a changed card, the lines may already read right (they moved with the rest)
    while the ratings don't: the re-rating is forced.
    """
    ids = list(player_ids)
    _lock()
    game_ids = {
        *GameLine.objects.filter(player_id__in=ids).values_list("game_id", flat=True),
        *RatingPoint.objects.filter(player_id__in=ids).values_list("game_id", flat=True),
    }
    rated = 0
    if game_ids:
        before = _first_position(list(game_ids))
        game_lines_write(game_ids=game_ids)
        after = _first_position(list(game_ids))
        rated = _rerate(min(p for p in (before, after) if p is not None))
    # A record left without rated games keeps no rating of its own.
    PlayerRating.objects.filter(player_id__in=ids).exclude(
        player_id__in=RatingPoint.objects.filter(player_id__in=ids).values("player_id")
    ).delete()
    return rated


@transaction.atomic
def ratings_rebuild() -> int:
    """Every line and every rating from scratch; returns how many games were rated."""
    lock = _lock()
    game_lines_rebuild()
    rated = _rerate(None)
    lock.rebuilt_at = datetime.datetime.now(tz=datetime.UTC)
    lock.save(update_fields=["rebuilt_at"])
    return rated
