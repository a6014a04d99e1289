"""Maximum flow (Dinic's algorithm) on small integer networks, and the minimum cut it finds.

Pure Python, no Django. Nodes are the integers ``0 .. nodes - 1``; capacities are integers
(pass a number larger than any cut for "unbounded"). The search for augmenting paths is
iterative, so long residual paths never reach Python's recursion limit.
"""

from __future__ import annotations

from collections import deque


class FlowNetwork:
    """A directed network; each edge keeps its reverse edge at the index ``e ^ 1``."""

    __slots__ = ("_cap", "_edges", "_to")

    def __init__(self, nodes: int) -> None:
        self._edges: list[list[int]] = [[] for _ in range(nodes)]
        self._to: list[int] = []
        self._cap: list[int] = []

    def add_edge(self, tail: int, head: int, capacity: int) -> None:
        if capacity < 0:
            raise ValueError("an edge's capacity cannot be negative")
        self._edges[tail].append(len(self._to))
        self._to.append(head)
        self._cap.append(capacity)
        self._edges[head].append(len(self._to))
        self._to.append(tail)
        self._cap.append(0)

    def max_flow(self, source: int, sink: int) -> int:
        """The value of a maximum flow; the network keeps it (see `source_side`)."""
        flow = 0
        while True:
            level = self._levels(source)
            if level[sink] < 0:
                return flow
            pointer = [0] * len(self._edges)
            while pushed := self._augment(source, sink, level, pointer):
                flow += pushed

    def source_side(self, source: int) -> set[int]:
        """After `max_flow`: the nodes still reachable from the source, one side of a
        minimum cut."""
        level = self._levels(source)
        return {node for node, depth in enumerate(level) if depth >= 0}

    def sink_side(self, sink: int) -> set[int]:
        """After `max_flow`: the nodes that can still reach the sink, the other side of the
        minimum cut closest to the sink."""
        seen = {sink}
        stack = [sink]
        edges, to, cap = self._edges, self._to, self._cap
        while stack:
            node = stack.pop()
            for e in edges[node]:  # e leaves node; e ^ 1 comes into it
                tail = to[e]
                if cap[e ^ 1] > 0 and tail not in seen:
                    seen.add(tail)
                    stack.append(tail)
        return seen

    def _levels(self, source: int) -> list[int]:
        level = [-1] * len(self._edges)
        level[source] = 0
        queue = deque([source])
        edges, to, cap = self._edges, self._to, self._cap
        while queue:
            node = queue.popleft()
            for e in edges[node]:
                head = to[e]
                if cap[e] > 0 and level[head] < 0:
                    level[head] = level[node] + 1
                    queue.append(head)
        return level

    def _augment(self, source: int, sink: int, level: list[int], pointer: list[int]) -> int:
        """Push one blocking path of the level graph; 0 when none is left."""
        edges, to, cap = self._edges, self._to, self._cap
        path: list[int] = []
        node = source
        while True:
            if node == sink:
                pushed = min(cap[e] for e in path)
                for e in path:
                    cap[e] -= pushed
                    cap[e ^ 1] += pushed
                return pushed
            out = edges[node]
            while pointer[node] < len(out):
                e = out[pointer[node]]
                if cap[e] > 0 and level[to[e]] == level[node] + 1:
                    break
                pointer[node] += 1
            else:  # a dead end: step back and skip the edge that led here
                if not path:
                    return 0
                e = path.pop()
                node = to[e ^ 1]
                pointer[node] += 1
                continue
            path.append(e)
            node = to[e]
