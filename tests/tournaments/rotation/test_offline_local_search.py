"""The offline search for stored rotations, and the stored tables' claims
(tournaments.rotation.offline.local_search, tournaments/rotation/tables/).

The checks count from the JSON from scratch, without the search's own counting."""

import json
import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tournaments.rotation.offline import local_search

TABLES = Path(local_search.__file__).resolve().parent.parent / "tables"
# (players, rounds) -> the most pairs opposed twice the stored table may have.
STORED_TARGETS = {(20, 10): 24, (24, 10): 3}


def relation_counts(data: dict) -> tuple[Counter, Counter, Counter]:
    """(partnered, opposed, met) counts keyed by frozenset pairs, after checking
    that every round seats each player exactly once at tables of four."""
    n = data["players"]
    partners: Counter = Counter()
    opposed: Counter = Counter()
    met: Counter = Counter()
    assert len(data["rounds_seats"]) == data["rounds"]
    for rnd in data["rounds_seats"]:
        assert all(len(table) == 4 for table in rnd)
        assert sorted(p for table in rnd for p in table) == list(range(n))
        for north, south, east, west in rnd:
            partners[frozenset((north, south))] += 1
            partners[frozenset((east, west))] += 1
            for a in (north, south):
                for b in (east, west):
                    opposed[frozenset((a, b))] += 1
            for a, b in combinations((north, south, east, west), 2):
                met[frozenset((a, b))] += 1
    return partners, opposed, met


def assert_claims_hold(data: dict) -> None:
    partners, opposed, met = relation_counts(data)
    claims = data["claims"]
    assert set(data) == {"players", "rounds", "claims", "rounds_seats"}
    assert set(claims) == {
        "partners_unique",
        "pairs_opposed_twice_at_most",
        "max_opposed",
        "max_table_meetings",
    }
    assert max(met.values()) <= claims["max_table_meetings"]
    if claims["partners_unique"]:
        assert max(partners.values()) == 1
    assert sum(1 for c in opposed.values() if c >= 2) <= claims["pairs_opposed_twice_at_most"]
    assert max(opposed.values()) <= claims["max_opposed"]


def test_a_short_search_seats_everyone_once_a_round_with_unique_partners(tmp_path):
    out = tmp_path / "n12_r5.json"
    local_search.main(["--players", "12", "--rounds", "5", "--moves", "500000", "--out", str(out)])
    data = json.loads(out.read_text())
    assert (data["players"], data["rounds"]) == (12, 5)
    assert_claims_hold(data)
    assert data["claims"]["partners_unique"] is True
    # Truncated Wh(12) rounds start with several pairs opposed twice; the search
    # gets down to a handful (the lower bound for 12 x 5 is none).
    assert data["claims"]["pairs_opposed_twice_at_most"] <= 4
    assert data["claims"]["max_opposed"] == 2


def test_the_search_counts_pairs_as_an_independent_count_does():
    seats, fig, moves = local_search.search(16, 6, 0, random.Random(3), max_moves=300_000)
    assert moves > 0
    data = local_search.to_json(16, seats)
    partners, opposed, met = relation_counts(data)
    assert fig.partner_repeats == sum(1 for c in partners.values() if c >= 2)
    assert fig.opposed_twice == sum(1 for c in opposed.values() if c >= 2)
    assert fig.opposed_thrice == sum(1 for c in opposed.values() if c >= 3)
    assert fig.met_twice == sum(1 for c in met.values() if c >= 2)
    assert fig.met_thrice == sum(1 for c in met.values() if c >= 3)
    assert (fig.max_opposed, fig.max_met) == (max(opposed.values()), max(met.values()))


def test_a_search_bounded_by_moves_is_the_same_whatever_the_machines_load():
    first = local_search.search(12, 5, 0, random.Random(7), max_moves=50_000)
    again = local_search.search(12, 5, 0, random.Random(7), max_moves=50_000)
    assert first == again and first[2] >= 50_000


def test_a_stored_table_is_kept_when_the_new_search_does_worse(tmp_path):
    out = tmp_path / "n12_r5.json"
    local_search.main(["--players", "12", "--rounds", "5", "--moves", "300000", "--out", str(out)])
    stored = out.read_text()
    # No move at all: the result is the seed, worse than the stored table.
    local_search.main(["--players", "12", "--rounds", "5", "--moves", "0", "--out", str(out)])
    assert out.read_text() == stored
    local_search.main(
        ["--players", "12", "--rounds", "5", "--moves", "0", "--out", str(out), "--force"]
    )
    assert out.read_text() != stored


@pytest.mark.parametrize(("players", "rounds"), sorted(STORED_TARGETS))
def test_the_stored_table_keeps_its_claims_and_meets_the_target(players, rounds):
    data = json.loads((TABLES / f"n{players}_r{rounds}.json").read_text())
    assert (data["players"], data["rounds"]) == (players, rounds)
    assert_claims_hold(data)
    claims = data["claims"]
    assert claims["partners_unique"] is True
    assert claims["max_opposed"] == 2 and claims["max_table_meetings"] == 2
    assert claims["pairs_opposed_twice_at_most"] <= STORED_TARGETS[players, rounds]
