"""The fixtures left, as a graph, for the race (`algorithms.clinch`): pure, no Django."""

from __future__ import annotations

from algorithms.flow import FlowNetwork

type Graph = dict[int, dict[int, int]]  # team -> opponent -> games still to play


def without(graph: Graph, teams: set[int]) -> Graph:
    return {
        s: {o: g for o, g in opponents.items() if o not in teams}
        for s, opponents in graph.items()
        if s not in teams
    }


def connected_parts(graph: Graph, teams: set[int]) -> list[set[int]]:
    """``teams`` split into the groups that fixtures among them connect."""
    parts: list[set[int]] = []
    unseen = set(teams)
    while unseen:
        start = unseen.pop()
        part, stack = {start}, [start]
        while stack:
            for o in graph[stack.pop()]:
                if o in unseen:
                    unseen.discard(o)
                    part.add(o)
                    stack.append(o)
        parts.append(part)
    return parts


def fixture_network(graph: Graph, sink_caps: dict[int, int]) -> tuple[FlowNetwork, dict[int, int]]:
    """Source 0 -> each fixture (its games) -> its two teams -> sink 1 (``sink_caps``);
    the network and each team's node."""
    teams = {s: 2 + i for i, s in enumerate(graph)}
    pairs = [(s, o, g) for s, opponents in graph.items() for o, g in opponents.items() if s < o]
    network = FlowNetwork(2 + len(teams) + len(pairs))
    games = sum(g for _, _, g in pairs)
    unbounded = games + sum(sink_caps.values()) + 1
    for k, (s, o, g) in enumerate(pairs):
        node = 2 + len(teams) + k
        network.add_edge(0, node, g)
        network.add_edge(node, teams[s], unbounded)
        network.add_edge(node, teams[o], unbounded)
    for s, node in teams.items():
        network.add_edge(node, 1, sink_caps[s])
    return network, teams
