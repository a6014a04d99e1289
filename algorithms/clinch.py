"""Who has clinched a place, who is out of the race, who is still alive.

Pure Python, no Django. ``clinch_status(games_won, remaining, places)``: ``games_won`` maps
each team to the games it has won; ``remaining`` lists the fixtures still to play as
``(team_a, team_b, games)``, each fixture's games going to its two teams in any split; the
final order is by games won, ties unbroken, and the top ``places`` finish in. A team has

* **clinched** when in every completion at most ``places - 1`` other teams finish with at
  least as many games as it does;
* is **eliminated** when in every completion at least ``places`` others finish with
  strictly more;
* is **alive** otherwise. (Both at once is impossible: a completion always exists.)

The method, exact
-----------------
Worst and best cases are one completion each: giving a team's games to its opponents
never helps it, giving them to it never hurts it. So a team t

* has **not clinched** iff, with t winning nothing more (its games to its opponents),
  ``places`` other teams can all reach t's total ``m`` at once;
* is **not eliminated** iff, with t winning all its games (total ``M``), the others'
  games can be split so that at most ``places - 1`` of them pass ``M``.

Whether a chosen set of teams can all stay at or under ``M`` (or all reach ``m``) is a
max-flow question, the classic baseball-elimination network: source -> fixture (its
games) -> its two teams -> sink (the room a team has under ``M``, or the games it still
needs to reach ``m``). When the flow falls short its minimum cut names an over-full set
(teams who cannot all stay under / all get there), and any answer must let one of them
pass ``M`` (or give one of them up). With one place that settles it (one flow per team).
With more, choosing which teams to let pass is NP-hard in general (vertex cover reduces
to it: all teams level, one game per edge), so the search branches on the members of
each over-full set, with

* shrinking first: a team that cannot pass ``M`` even winning all its games takes them
  all and leaves; so, for ``m``, does a team that has reached it (its games go to its
  opponents) and one that cannot reach it;
* bounds: over-full sets found disjoint each need their own team to pass, and so does
  the total excess; giving up a team lowers the games missing by at most what it needed;
  a branch that needs more teams than it may use is cut;
* no set tried twice: the i-th branch keeps the first i - 1 members as they are.

Reduced instances of real standings are small (teams far from the line leave first), so
a 125-team level with 10 weeks left takes well under a second (``benchmarks/clinch.py``).
Tested against a brute-force enumerator of every completion.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Final

from algorithms.clinch_graph import Graph, connected_parts, fixture_network, without

CLINCHED: Final = "clinched"
ELIMINATED: Final = "eliminated"
ALIVE: Final = "alive"
STATES: Final = (CLINCHED, ELIMINATED, ALIVE)


def clinch_status[T: Hashable](
    games_won: Mapping[T, int],
    remaining: Sequence[tuple[T, T, int]],
    places: int,
    *,
    outside: Mapping[T, int] | None = None,
) -> dict[T, str]:
    """Each team's state, ``"clinched"``, ``"eliminated"`` or ``"alive"`` (see the module).

    ``outside`` (optional) gives each team's games left against teams not in this race (a
    game against another level): they may go either way and the opponent never counts.
    """
    if places < 1:
        raise ValueError("at least one place must finish in")
    teams = list(games_won)
    index = {team: i for i, team in enumerate(teams)}
    won = [games_won[team] for team in teams]
    if any(w < 0 for w in won):
        raise ValueError("games won cannot be negative")
    graph: Graph = {i: {} for i in range(len(teams))}
    for a, b, games in remaining:
        if a not in index or b not in index:
            raise ValueError(f"a remaining fixture names a team with no games won: {a!r}-{b!r}")
        if a == b:
            raise ValueError(f"a team cannot play itself: {a!r}")
        if games < 0:
            raise ValueError("a fixture's games cannot be negative")
        if games:
            i, j = index[a], index[b]
            graph[i][j] = graph[i].get(j, 0) + games
            graph[j][i] = graph[j].get(i, 0) + games
    if places >= len(teams):
        return dict.fromkeys(teams, CLINCHED)
    extra = [0] * len(teams)
    for team, games in (outside or {}).items():
        if team not in index or games < 0:
            raise ValueError(f"outside games need a team of the race and a count: {team!r}")
        extra[index[team]] = games
    # A team's own outside games: t wins them at best and loses them at worst; anyone
    # else's may go either way, so each check gives them the side that suits it.
    left = [sum(graph[i].values()) + extra[i] for i in range(len(teams))]
    fixtures = [(i, j, g) for i, opponents in graph.items() for j, g in opponents.items() if i < j]
    states: dict[T, str] = {}
    for t, team in enumerate(teams):
        if not _can_be_caught(t, won, left, graph, extra, places):
            states[team] = CLINCHED
        elif _can_finish_in(t, won, left, graph, fixtures, places):
            states[team] = ALIVE
        else:
            states[team] = ELIMINATED
    return states


# Eliminated? ---------------------------------------------------------------------------------


def _can_finish_in(
    t: int,
    won: list[int],
    left: list[int],
    graph: Graph,
    fixtures: list[tuple[int, int, int]],
    places: int,
) -> bool:
    """Some completion leaves at most ``places - 1`` teams strictly above t."""
    best = won[t] + left[t]
    others = [s for s in graph if s != t]
    forced = [s for s in others if won[s] > best]
    budget = places - 1 - len(forced)
    if budget < 0:
        return False
    # Who could pass t at all, with t taking its own games: few enough and nothing to search.
    threats = [s for s in others if won[s] + sum(graph[s].values()) - graph[t].get(s, 0) > best]
    if len(threats) <= places - 1:
        return True
    if _balanced_passers(t, best, won, fixtures, budget) <= places - 1:
        return True  # one completion shows it, no flow needed
    room = {s: best - won[s] for s in others}
    out = {t, *forced}  # they take their games: t to reach M, the forced as they pass anyway
    sub = {s: {o: g for o, g in graph[s].items() if o not in out} for s in others if s not in out}
    return _fit(sub, room, budget, frozenset())


def _balanced_passers(
    t: int, best: int, won: list[int], fixtures: list[tuple[int, int, int]], allowed: int
) -> int:
    """How many teams pass ``best`` in one completion: t wins its games; the teams already
    past it and the ``allowed`` next best take every game they play; every other fixture
    is split to leave its two teams as much room under ``best`` as it can. A quick witness
    (mid-season it usually settles the question); the flow decides otherwise."""
    room = [best - w for w in won]
    ahead = sorted((s for s in range(len(won)) if s != t), key=lambda s: room[s])
    takers = {s for s in ahead if room[s] < 0} | set(ahead[:allowed])
    for a, b, games in fixtures:
        if a == t or b == t:
            continue
        if a in takers or b in takers:
            taker = a if a in takers else b
            room[taker] -= games
            continue
        to_a = min(games, max(0, (room[a] - room[b] + games) // 2))
        room[a] -= to_a
        room[b] -= games - to_a
    return sum(1 for s, r in enumerate(room) if r < 0 and s != t)


def _fit(graph: Graph, room: dict[int, int], budget: int, kept: frozenset[int]) -> bool:
    """At most ``budget`` teams (none of ``kept``) can pass, the rest staying within room."""
    graph = _shed_roomy(graph, room)
    if not graph:
        return True
    if _excess_hits(graph, room) > budget:
        return False
    over = _overfull(graph, room)
    if over is None:
        return True
    if budget == 0 or _disjoint_overfull(graph, room, over, budget) > budget:
        return False
    # One of the set with the fewest teams free to pass must pass; the team whose passing
    # frees the most games first, so the greedy answer is tried first.
    free = min((group - kept for group in over), key=len)
    candidates = sorted(free, key=lambda s: (room[s] - sum(graph[s].values()), s))
    for i, s in enumerate(candidates):
        sub = without(graph, {s})
        if _fit(sub, room, budget - 1, kept | set(candidates[:i])):
            return True
    return False


def _shed_roomy(graph: Graph, room: dict[int, int]) -> Graph:
    """A copy without the teams that can win every game left and stay within room (they take
    their games, which only helps the rest), repeatedly."""
    left = {s: sum(opponents.values()) for s, opponents in graph.items()}
    queue = [s for s in graph if room[s] >= left[s]]
    gone: set[int] = set()
    while queue:
        s = queue.pop()
        if s in gone:
            continue
        gone.add(s)
        for o, games in graph[s].items():
            if o not in gone:
                left[o] -= games
                if room[o] >= left[o]:
                    queue.append(o)
    if not gone:
        return graph  # callers never change a graph in place
    return without(graph, gone)


def _excess_hits(graph: Graph, room: dict[int, int]) -> int:
    """A lower bound on the teams that must pass: the games left over the room in all, which
    each passing team can cut by at most its games minus its room."""
    excess = sum(sum(o.values()) for o in graph.values()) // 2 - sum(room[s] for s in graph)
    hits = 0
    for gain in sorted((sum(graph[s].values()) - room[s] for s in graph), reverse=True):
        if excess <= 0:
            break
        excess -= gain
        hits += 1
    return hits if excess <= 0 else len(graph) + 1


def _overfull(graph: Graph, room: dict[int, int]) -> list[set[int]] | None:
    """None when every team can stay within its room; else disjoint sets of teams whose
    games among themselves exceed their room together: the connected parts of the source
    side of the minimum cut nearest the source (each part holds a fixture with games the
    flow could not place, and its teams are full)."""
    network, teams = fixture_network(graph, {s: room[s] for s in graph})
    games = sum(sum(opponents.values()) for opponents in graph.values()) // 2
    if network.max_flow(0, 1) == games:
        return None
    side = network.source_side(0)
    return connected_parts(graph, {s for s, node in teams.items() if node in side})


def _disjoint_overfull(
    graph: Graph, room: dict[int, int], over: list[set[int]], budget: int
) -> int:
    """How many pairwise disjoint over-full sets there are, counting up to ``budget + 1``:
    those found, then those left once their teams have passed, and so on."""
    found, sets = len(over), over
    while found <= budget:
        graph = _shed_roomy(without(graph, set().union(*sets)), room)
        sets = _overfull(graph, room) if graph else None
        if sets is None:
            break
        found += len(sets)
    return found


# Clinched? -----------------------------------------------------------------------------------


def _can_be_caught(
    t: int, won: list[int], left: list[int], graph: Graph, extra: list[int], places: int
) -> bool:
    """Some completion has at least ``places`` other teams with as many games as t."""
    mark = won[t]
    others = [s for s in graph if s != t]
    if sum(1 for s in others if won[s] + left[s] >= mark) < places:
        return False
    # t loses every game left; the others win their games against outsiders.
    have = {s: won[s] + graph[t].get(s, 0) + extra[s] for s in others}
    if sum(1 for s in others if have[s] >= mark) >= places:
        return True
    sub = {s: {o: g for o, g in graph[s].items() if o != t} for s in others}
    return _reach(sub, have, mark, places, frozenset())


def _reach(graph: Graph, have: dict[int, int], mark: int, need: int, kept: frozenset[int]) -> bool:
    """``need`` teams can all reach ``mark`` at once, giving up none of ``kept``."""
    graph, have, reached = _settle(graph, have, mark)
    need -= reached
    if need <= 0:
        return True
    spare = len(graph) - need  # how many of the rest may be given up
    if spare < 0:
        return False
    found = _short(graph, have, mark)
    if found is None:
        return True
    short, missing = found
    drops = max(len(short), _deficit_drops(graph, have, mark, missing, kept))
    if spare == 0 or drops > spare:
        return False
    # One of the set with the fewest teams free to give up must go; the team furthest from
    # the mark first.
    free = min((group - kept for group in short), key=len)
    candidates = sorted(free, key=lambda s: (have[s], s))
    for i, s in enumerate(candidates):
        sub, sub_have = _give_up(graph, have, {s})
        if _reach(sub, sub_have, mark, need, kept | set(candidates[:i])):
            return True
    return False


def _deficit_drops(
    graph: Graph, have: dict[int, int], mark: int, missing: int, kept: frozenset[int]
) -> int:
    """A lower bound on the teams to give up: giving one up lowers the games missing (what
    the teams need beyond what a maximum flow gives them) by at most what it needed."""
    drops = 0
    for needed in sorted((mark - have[s] for s in graph if s not in kept), reverse=True):
        if missing <= 0:
            break
        missing -= needed
        drops += 1
    return drops if missing <= 0 else len(graph) + 1


def _settle(graph: Graph, have: dict[int, int], mark: int) -> tuple[Graph, dict[int, int], int]:
    """Copies without the teams at the mark already (counted) and those who cannot reach it;
    either kind's games go to its opponents, which only helps them. Repeatedly."""
    graph = {s: dict(opponents) for s, opponents in graph.items()}
    have = dict(have)
    left = {s: sum(opponents.values()) for s, opponents in graph.items()}
    reached = 0
    queue = list(graph)
    while queue:
        s = queue.pop()
        if s not in graph or mark > have[s] and have[s] + left[s] >= mark:
            continue
        reached += have[s] >= mark
        for o, games in graph.pop(s).items():
            del graph[o][s]
            have[o] += games
            left[o] -= games
            queue.append(o)
    return graph, have, reached


def _short(graph: Graph, have: dict[int, int], mark: int) -> tuple[list[set[int]], int] | None:
    """None when every team can reach the mark at once; else disjoint sets of teams whose
    games cannot cover what they need together (the connected parts of the sink side of
    the minimum cut nearest the sink: their games all go to them, one still falls short),
    and how many games the teams miss in all."""
    needed = {s: mark - have[s] for s in graph}
    network, teams = fixture_network(graph, needed)
    missing = sum(needed.values()) - network.max_flow(0, 1)
    if not missing:
        return None
    side = network.sink_side(1)
    return connected_parts(graph, {s for s, node in teams.items() if node in side}), missing


def _give_up(graph: Graph, have: dict[int, int], teams: set[int]) -> tuple[Graph, dict[int, int]]:
    """Copies without ``teams``, their games going to their opponents."""
    have = dict(have)
    for s in teams:
        for o, games in graph[s].items():
            if o not in teams:
                have[o] += games
    return without(graph, teams), have
