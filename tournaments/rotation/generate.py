"""``generate_rotation`` and ``rotation_to_dict``: the entry points of the package.

How a fresh rotation is built (``build`` and ``designs``):
the rounds start from a whist tournament - every pair partners once and opposes
twice over a full design - choosing which rounds to keep when fewer are played:
Wh(N) for N = 4n or 4n+1 players; Wh(N-1) plus an extra player (who takes the
seat of someone sitting out) for N = 4n+2; Wh(N-2) plus two extra players, or
Wh(N+1) less a phantom player, for N = 4n+3; for 16 and 17 players two affine
planes AG(2, 4) meet the table-mate bound; for fields with a stored table
(``stored``: 32 and 40 players, nobody sharing a table twice in ten rounds) that
table competes with the designs. A simulated-annealing pass
(``search``) then lowers repeated opponents and table-mates towards the
lower bounds ceil(2R/(N-1)) and ceil(3R/(N-1)), never giving up unique
partners; big fields and regenerations (rounds already played) start from a
greedy schedule instead. Sit-outs are decided first and stay fair: nobody sits
out twice before everyone has sat out once. When those sit-outs force a repeated
partner, ``joint`` chooses sit-outs and partners together, so a redraw repeats
nobody whenever a fair schedule without a repeat exists.

Three-handed tables (``sit_out_rule="three_handed"``, when N = 4n+3): instead of
three players sitting out they play at a last table ``Table(k, ns=(a, b),
ew=(c,))``: a and b are partners against c, who plays alone. With other counts
the rule changes nothing (one or two players sit out).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.rotation import build
from tournaments.rotation.quality import rotation_quality
from tournaments.rotation.types import Round

SIT_OUT_RULES = ("sit_out", "three_handed")


def _validate(players, rounds, played, sit_out_rule) -> list:
    if isinstance(players, int) and not isinstance(players, bool):
        players = list(range(1, players + 1))
    players = list(players)
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise ValueError(f"rounds must be a whole number, got {rounds!r}")
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    if len(players) < 4:
        raise ValueError(f"a rotation needs at least 4 players, got {len(players)}")
    seen: dict = {}
    duplicates = []
    for p in players:
        if p in seen and p not in duplicates:
            duplicates.append(p)
        seen[p] = True
    if duplicates:
        raise ValueError("duplicate players: " + ", ".join(repr(p) for p in duplicates))
    if sit_out_rule not in SIT_OUT_RULES:
        raise ValueError(
            f"sit_out_rule must be one of {', '.join(SIT_OUT_RULES)}, got {sit_out_rule!r}"
        )
    if len(played) > rounds:
        raise ValueError(f"{len(played)} rounds were played but only {rounds} were requested")
    for rnd in played:
        seated = list(rnd.players) + list(rnd.sitting_out)
        if len(set(seated)) != len(seated):
            raise ValueError(f"played round {rnd.number} lists a player twice")
        for table in rnd.tables:
            if not 1 <= len(table.ns) <= 2 or not 1 <= len(table.ew) <= 2:
                raise ValueError(
                    f"played round {rnd.number}, table {table.number}: each side seats 1 or 2"
                )
    return players


def generate_rotation(
    players: Sequence | int,
    rounds: int,
    seed: int = 0,
    played: Sequence[Round] = (),
    sit_out_rule: str = "sit_out",
) -> list[Round]:
    """All ``rounds`` rounds for ``players`` (ids, any hashables; an int N means
    1..N): the ``played`` rounds unchanged, then generated ones numbered on.

    Deterministic for a given ``seed``. Played rounds may mention players who
    withdrew; players not in them are newcomers, who join the sit-out queue level
    with the fewest sit-outs so far (arriving late costs no extra sit-outs). All
    counts (partners, opponents, sit-outs) include the played rounds. Partners
    are kept unique whenever the designs or the search find a way - for fresh
    rotations of up to N-1 rounds, always in the tests; when the played rounds
    make it impossible, repeats are kept as few as the search manages.
    """
    played = list(played)
    players = _validate(players, rounds, played, sit_out_rule)
    if len(played) == rounds:
        return played
    everyone = set(players)
    if played and all({*r.players, *r.sitting_out} == everyone for r in played):
        # Same field as the played rounds: they may be the fresh draw's first rounds.
        fresh = generate_rotation(players, rounds, seed, (), sit_out_rule)
        if [_shape(r) for r in played] == [_shape(r) for r in fresh[: len(played)]]:
            return played + fresh[len(played) :]
    return build.build_rotation(players, rounds, random.Random(seed), played, sit_out_rule)


def _shape(rnd: Round):
    tables = frozenset(
        frozenset((frozenset(t.ns), frozenset(t.ew))) for t in rnd.tables if t.players
    )
    return tables, frozenset(rnd.sitting_out)


def rotation_to_dict(n_players: int, rounds: Sequence[Round]) -> dict:
    """JSON-ready form used by ``manage.py rotation --format json``."""
    quality = rotation_quality(list(range(1, n_players + 1)), rounds)
    return {
        "players": n_players,
        "rounds": [
            {
                "number": rnd.number,
                "tables": [
                    {"number": t.number, "ns": list(t.ns), "ew": list(t.ew)} for t in rnd.tables
                ],
                "sitting_out": list(rnd.sitting_out),
            }
            for rnd in rounds
        ],
        "quality": {
            "partner_max": quality.partner_max,
            "opponent_max": quality.opponent_max,
            "meet_max": quality.meet_max,
            "sit_out_spread": quality.sit_out_spread,
        },
    }
