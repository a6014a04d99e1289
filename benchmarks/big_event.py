"""A big progressive event under way, built through the tournament's own services.

`build_big_event()` writes: a director, a progressive event of `players` checked-in players
(default 100: 25 tables a round) over `rounds` rounds, its first `played` rounds with every
table's card entered by the scorekeeper's round entry and confirmed, and the next round
open with `half_in` of its tables entered (the room display's usual state mid-event).
Everything goes through the services a director uses (registration, check-in, start, round
entry, next round), so the rotation, seats, games and cards are the real ones.

Call it after `benchmarks.big_season.set_up_django()`, inside a database of your own.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

PASSWORD = "benchmark-password-not-a-secret"
# Each player's total (N, S, E, W) in an eight-hand game of the progressive rule set.
SCORES = tuple(
    dict(zip("NSEW", totals, strict=True))
    for totals in ((6, 6, 2, 2), (4, 4, 4, 4), (3, 3, 5, 5), (8, 8, 2, 2), (7, 7, 1, 1))
)


@dataclass
class BigEvent:
    tournament: Any  # tournaments.models.Tournament
    director: Any  # runs the event (password PASSWORD)
    seconds: float

    def describe(self) -> str:
        t = self.tournament
        tables = t.round_set.get(number=1).tables.count()
        return (
            f"{t.entries.count()} players, {tables} tables a round, round {t.current_round} "
            f"of {t.rounds} under way (built in {self.seconds:.1f} s)"
        )


def _enter(tournament: Any, number: int, director: Any, share: float) -> None:
    from tournaments.models import Round
    from tournaments.services import round_enter_scores
    from tournaments.services.scores import TableResult

    tables = Round.objects.get(tournament=tournament, number=number).tables.count()
    typed = max(1, round(tables * share)) if share else 0
    results = {n: TableResult(SCORES[(n + number) % len(SCORES)]) for n in range(1, typed + 1)}
    round_enter_scores(tournament=tournament, number=number, user=director, results=results)


def build_big_event(
    *, players: int = 100, rounds: int = 8, played: int = 5, half_in: float = 0.5, slug: str = "big"
) -> BigEvent:
    """The event described above; `played` must be below `rounds`."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from accounts.models import RoleName, Scope
    from accounts.services import role_grant
    from scoring.models import RuleSet
    from tournaments.models import Tournament
    from tournaments.services import (
        entry_check_in,
        entry_register,
        round_start_next,
        tournament_start,
    )

    began = time.perf_counter()
    director = get_user_model().objects.create_user(f"{slug}-director", password=PASSWORD)
    tournament = Tournament.objects.create(
        name=f"Benchmark Progressive {slug}",
        slug=f"{slug}-progressive",
        date=timezone.localdate(),
        director=director,
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        rounds=rounds,
        prizes=[15000, 9000, 6000, 3000],
    )
    role_grant(
        user=director, role=RoleName.DIRECTOR, scope_kind=Scope.TOURNAMENT, scope_id=tournament.pk
    )
    for n in range(1, players + 1):
        entry = entry_register(tournament=tournament, player_name=f"{slug} player {n:03d}")
        entry_check_in(entry=entry)
    tournament_start(tournament=tournament, by=director)
    for number in range(1, played + 1):
        _enter(tournament, number, director, 1.0)
        round_start_next(tournament=tournament, by=director)
    _enter(tournament, played + 1, director, half_in)
    tournament.refresh_from_db()
    return BigEvent(tournament, director, time.perf_counter() - began)
