"""Round robin pairings by the circle method (Berger tables) with de Werra's home/away rule.

Within ``N`` teams, pad to an even ``M`` with a phantom team when ``N`` is odd (meeting the
phantom is a bye). With ``n = M - 1`` and one fixed team, round ``r`` pairs the fixed team
with ``r`` and ``{r + k, r - k} (mod n)`` for ``k = 1 .. M/2 - 1``: every pair meets once in
``n`` rounds. ``r + k`` is at home when ``k`` is even, the fixed team in even rounds, so each
team's games alternate home and away except once per cycle. See league/seasons/scheduling.py
for how a season uses it.
"""


def round_robin_round(n_teams: int, rnd: int) -> list[tuple[int, int | None]]:
    """Pairs ``(home, away)`` of team indexes for round ``rnd`` (0-based) of one cycle.

    ``away`` is ``None`` for the bye. The bye, when there is one, comes first.
    The circle method with de Werra's home/away rule (see the module docstring).
    """
    if n_teams <= 1:
        return [(0, None)] if n_teams == 1 else []
    m = n_teams + (n_teams % 2)
    n = m - 1  # teams 0..n-1 rotate; index n is the fixed team (or the phantom)
    r = rnd % n
    pairs: list[tuple[int, int | None]] = []
    if n_teams % 2:
        pairs.append((r, None))
    else:
        pairs.append((n, r) if r % 2 == 0 else (r, n))
    for k in range(1, m // 2):
        a, b = (r + k) % n, (r - k) % n
        pairs.append((a, b) if k % 2 == 0 else (b, a))
    return pairs
