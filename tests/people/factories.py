"""People's test data: game lines, ratings and their history, written directly."""

import datetime
from typing import Any

from django.utils import timezone

from people.models import GameLine, PlayerRating, ProfileChoice, RatingPoint
from scoring.models import Game, RuleSet

START = datetime.datetime(2026, 1, 5, 19, 0, tzinfo=datetime.UTC)


def game(label: str = "Game") -> Game:
    return Game.objects.create(rule_set=RuleSet.objects.get(slug="cca-league"), label=label)


def line(player: Any, **fields: Any) -> GameLine:
    """One player's line; a new game unless `game` is given, hand counts only when by hand."""
    fields.setdefault("game", None)
    if fields["game"] is None:
        fields["game"] = game()
    fields.setdefault("played_at", timezone.now())
    fields.setdefault("side", "NS")
    fields.setdefault("result", GameLine.Result.WON)
    return GameLine.objects.create(player=player, **fields)


def pair_lines(
    first: Any, second: Any, *, opponents: tuple[Any, Any] | None = None, **fields: Any
) -> list[GameLine]:
    """Both partners' lines for one game (and the opponents', the other result) at once."""
    played = game()
    result = fields.pop("result", GameLine.Result.WON)
    lines = [
        line(first, game=played, partner=second, result=result, **fields),
        line(second, game=played, partner=first, result=result, **fields),
    ]
    if opponents:
        other = {"won": "lost", "lost": "won", "tied": "tied"}[result]
        for player, partner in (opponents, opponents[::-1]):
            lines.append(
                line(player, game=played, partner=partner, side="EW", result=other, **fields)
            )
    return lines


def many_lines(player: Any, count: int, *, partner: Any = None, **fields: Any) -> None:
    """`count` games for `player`, a day apart, in two bulk inserts (games, then lines)."""
    rules = RuleSet.objects.get(slug="cca-league")
    games = Game.objects.bulk_create(
        [Game(rule_set=rules, label=f"Game {n}") for n in range(count)]
    )
    results = ("won", "won", "lost", "tied")
    GameLine.objects.bulk_create(
        [
            GameLine(
                player=player,
                game=each,
                partner=partner,
                played_at=START + datetime.timedelta(hours=n),
                side="NS",
                result=results[n % 4],
                points_for=10,
                points_against=6,
                **fields,
            )
            for n, each in enumerate(games)
        ]
    )


def rating(player: Any, *, value: int = 1100, games: int = 12, history: int = 0) -> PlayerRating:
    """The player's current rating and `history` points of it (with games of their own)."""
    if history:
        rules = RuleSet.objects.get(slug="cca-league")
        games_made = Game.objects.bulk_create(
            [Game(rule_set=rules, label=f"Rated {n}") for n in range(history)]
        )
        RatingPoint.objects.bulk_create(
            [
                RatingPoint(
                    player=player,
                    game=each,
                    played_at=START + datetime.timedelta(hours=n),
                    mu=25.0,
                    sigma=8.0,
                    games=n + 1,
                    value=1000 + (n * 7) % 150,
                )
                for n, each in enumerate(games_made)
            ]
        )
    return PlayerRating.objects.create(player=player, mu=25.0, sigma=3.0, games=games, value=value)


def choose(player: Any, **shown: bool) -> ProfileChoice:
    choice, _ = ProfileChoice.objects.update_or_create(player=player, defaults=shown)
    return choice
