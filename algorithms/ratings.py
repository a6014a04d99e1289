"""Partnership euchre ratings: every confirmed game, partners sharing its result.

The rating maths is openskill's (a maintained library), not ours. We use its
Plackett-Luce model: it rates teams of any size (heads-up 1v1 and the usual 2v2 alike),
takes ties as draws through equal ranks, and is the library's recommended, best-tested
model; with two sides per game the ranking models agree closely anyway.

A player's rating is a skill estimate ``mu`` and its uncertainty ``sigma``. People see one
conservative number, ``display_value``: 1000 + 40 x (mu - 3 sigma), so a newcomer shows
1000 and it rises as games shrink the uncertainty. Fewer than ``PROVISIONAL_UNDER`` games
is provisional.

``rate_games`` is deterministic: the same games give identical floats. Games are taken in
``played_at`` order; games with the same ``played_at`` keep their input order (a stable
sort), so callers pass them sorted by (played_at, game id) to fix ties. Rating the games in
two parts (the second part starting from the first's result) gives exactly the ratings of
rating them all at once, which is how the app re-rates from one game on.

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, tau 25/300

STARTING_VALUE = 1000
DISPLAY_SCALE = 40  # display points per unit of conservative skill
PROVISIONAL_UNDER = 10

EXPLANATION = (
    "Every confirmed game counts toward a player's rating, and partners share the result: "
    "when a side wins, both of its players go up and both opponents go down, by more when "
    "the win was unexpected. The rating keeps two figures for each player, an estimate of "
    "skill and how uncertain that estimate still is. The number shown is the conservative "
    "one, skill minus three times the uncertainty, so everyone starts at 1000 and the "
    "number rises as games make the estimate surer. A rating is provisional until the "
    f"player has {PROVISIONAL_UNDER} games. A side's chance of winning comes from both of "
    "its players' ratings against both of its opponents'."
)


class RatingError(ValueError):
    """A game that can't be rated; the message says why."""


@dataclass(frozen=True)
class RatedGame:
    side_a: tuple[int, ...]  # player ids
    side_b: tuple[int, ...]
    points_a: int  # final points: higher wins, equal is a draw
    points_b: int
    played_at: datetime


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    games: int = 0  # how many games counted for the player

    @property
    def conservative(self) -> float:
        """Skill minus three times its uncertainty: what the player is surely at least."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        return display_value(self)

    @property
    def provisional(self) -> bool:
        return is_provisional(self)


STARTING_RATING = Rating(mu=_MODEL.mu, sigma=_MODEL.sigma, games=0)


def display_value(rating: Rating) -> int:
    """The one number people see: 1000 + 40 x (mu - 3 sigma), rounded."""
    return round(STARTING_VALUE + DISPLAY_SCALE * rating.conservative)


def is_provisional(rating: Rating) -> bool:
    return rating.games < PROVISIONAL_UNDER


def side_value(values: Sequence[int]) -> float:
    """A side's number: the mean of its players' display values."""
    if not values:
        raise ValueError("a side needs at least one player's value")
    return sum(values) / len(values)


def _describe(game: RatedGame) -> str:
    return f"the game of {game.played_at:%Y-%m-%d %H:%M} ({game.side_a} v {game.side_b})"


def _check(game: RatedGame) -> None:
    for name, side in (("first", game.side_a), ("second", game.side_b)):
        if not side:
            raise RatingError(f"The {name} side of {_describe(game)} has no players.")
        twice = sorted({p for p in side if side.count(p) > 1}, key=repr)
        if twice:
            listed = ", ".join(str(p) for p in twice)
            raise RatingError(f"Player {listed} is twice on the {name} side of {_describe(game)}.")
    both = sorted(set(game.side_a) & set(game.side_b), key=repr)
    if both:
        listed = ", ".join(str(p) for p in both)
        raise RatingError(f"Player {listed} is on both sides of {_describe(game)}.")
    if game.points_a < 0 or game.points_b < 0:
        raise RatingError(f"Points can't be negative in {_describe(game)}.")


def _ranks(game: RatedGame) -> list[int]:
    # openskill ranks: lower is better, equal is a draw.
    if game.points_a == game.points_b:
        return [0, 0]
    return [0, 1] if game.points_a > game.points_b else [1, 0]


def rate_in_order(
    games: Sequence[RatedGame], *, start: Mapping[int, Rating] | None = None
) -> Iterator[tuple[int, dict[int, Rating]]]:
    """Rate the games one by one in played order (ties keep input order), yielding each
    game's index in ``games`` and its players' ratings just after it: the history.

    Every game is checked before the first is rated, so a bad game yields nothing.
    """
    order = sorted(range(len(games)), key=lambda i: games[i].played_at)  # stable
    for index in order:
        _check(games[index])
    # (mu, sigma, games) per player; plain tuples keep the loop cheap.
    state: dict[int, tuple[float, float, int]] = {
        p: (r.mu, r.sigma, r.games) for p, r in (start or {}).items()
    }
    fresh = (STARTING_RATING.mu, STARTING_RATING.sigma, 0)
    rating = _MODEL.rating
    for index in order:
        game = games[index]
        sides = (game.side_a, game.side_b)
        teams = [
            [rating(mu=mu, sigma=sigma) for mu, sigma, _ in (state.get(p, fresh) for p in side)]
            for side in sides
        ]
        rated = _MODEL.rate(teams, ranks=_ranks(game))
        after: dict[int, Rating] = {}
        for side, team in zip(sides, rated, strict=True):
            for player, new in zip(side, team, strict=True):
                played = state.get(player, fresh)[2] + 1
                state[player] = (new.mu, new.sigma, played)
                after[player] = Rating(mu=new.mu, sigma=new.sigma, games=played)
        yield index, after


def rate_games(
    games: Iterable[RatedGame], *, start: Mapping[int, Rating] | None = None
) -> dict[int, Rating]:
    """Every player's rating after the games, in played order (ties keep input order).

    Players in ``start`` begin from that rating (and its game count), others from
    ``STARTING_RATING``. Players in ``start`` who play none of the games are returned
    unchanged. A bad game raises ``RatingError`` and nothing is returned.
    """
    final = dict(start or {})
    for _, after in rate_in_order(list(games), start=start):
        final.update(after)
    return final


def _team(ratings: Mapping[int, Rating], side: Sequence[int]) -> list:
    found = (ratings.get(p, STARTING_RATING) for p in side)
    return [_MODEL.rating(mu=r.mu, sigma=r.sigma) for r in found]


def win_probability(
    ratings: Mapping[int, Rating], side_a: Sequence[int], side_b: Sequence[int]
) -> float:
    """The chance side_a beats side_b; players missing from ``ratings`` are at the start.

    The two sides (and the players within each) are put in one canonical order before
    asking openskill, so P(a beats b) + P(b beats a) is exactly 1 and neither the order of
    the sides nor of the partners changes the answer. Equal sides give 0.5. Only an empty
    side is refused: this asks about a table, it does not record a game.
    """
    if not side_a or not side_b:
        raise RatingError("Both sides need at least one player for a win probability.")
    key_a, key_b = sorted(side_a, key=repr), sorted(side_b, key=repr)
    canon_a, canon_b = [repr(p) for p in key_a], [repr(p) for p in key_b]
    if canon_a == canon_b:
        return 0.5
    first, second = (key_a, key_b) if canon_a < canon_b else (key_b, key_a)
    p = _MODEL.predict_win([_team(ratings, first), _team(ratings, second)])[0]
    # Snap p so that 1 - p is exact in floating point: then p + (1 - p) == 1.0 exactly.
    p = 1.0 - (1.0 - p)
    return p if first is key_a else 1.0 - p
