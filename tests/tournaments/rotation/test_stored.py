"""Stored tables (tournaments/rotation/tables/*.json, read by tournaments.rotation.stored):
every file is checked here from scratch against what it claims, and the generator is
checked to use them."""

import json
import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tournaments.rotation import designs, generate_rotation, rotation_quality, stored
from tournaments.rotation.offline import golfer32, pg33

TABLES = Path(stored.__file__).resolve().parent / "tables"
FILES = sorted(TABLES.glob("*.json"))


def relations(rounds_seats):
    """(partners, opponents, table-mates): how often each pair was each."""
    partners, opponents, mates = Counter(), Counter(), Counter()
    for rnd in rounds_seats:
        for north, south, east, west in rnd:
            partners.update([frozenset((north, south)), frozenset((east, west))])
            opponents.update(frozenset((x, y)) for x in (north, south) for y in (east, west))
            mates.update(frozenset(pair) for pair in combinations((north, south, east, west), 2))
    return partners, opponents, mates


def claim_holds(name, value, rounds_seats) -> bool:
    partners, opponents, mates = relations(rounds_seats)
    if name == "max_table_meetings":
        return max(mates.values()) <= value
    if name == "max_opposed":
        return max(opponents.values()) <= value
    if name == "partners_unique":
        return value is False or max(partners.values()) == 1
    if name == "pairs_opposed_twice_at_most":
        return sum(1 for c in opponents.values() if c >= 2) <= value
    if name == "pairs_met_twice_at_most":
        return sum(1 for c in mates.values() if c >= 2) <= value
    raise AssertionError(f"unknown claim {name!r}")


def seats_everyone_each_round(n, rounds_seats) -> bool:
    return all(
        all(len(table) == 4 for table in rnd)
        and sorted(x for table in rnd for x in table) == list(range(n))
        for rnd in rounds_seats
    )


def test_the_tables_for_32_and_40_players_are_stored():
    assert {"n32_r10.json", "n40_r13.json"} <= {path.name for path in FILES}


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_stored_table_seats_everyone_each_round_and_keeps_its_claims(path):
    data = json.loads(path.read_text())
    n, count, rounds_seats = data["players"], data["rounds"], data["rounds_seats"]

    assert path.name == f"n{n}_r{count}.json"
    assert len(rounds_seats) == count
    assert seats_everyone_each_round(n, rounds_seats)
    claims = data.get("claims", {})
    assert set(claims) <= set(stored.CLAIMS), f"unknown claims: {set(claims) - set(stored.CLAIMS)}"
    for name, value in claims.items():
        assert claim_holds(name, value, rounds_seats), f"{path.name} breaks its claim {name}"


@pytest.mark.parametrize("name", ["n32_r10.json", "n40_r13.json"])
def test_the_tables_for_32_and_40_claim_nobody_shares_a_table_twice(name):
    data = json.loads((TABLES / name).read_text())

    assert data["claims"]["max_table_meetings"] == 1


def test_the_checks_catch_a_round_that_brings_two_table_mates_together_again():
    data = json.loads((TABLES / "n40_r13.json").read_text())
    rounds_seats = [[list(t) for t in rnd] for rnd in data["rounds_seats"]]
    a, b = rounds_seats[0][0][:2]
    with_a = next(t for t in rounds_seats[1] if a in t)
    with_b = next(t for t in rounds_seats[1] if b in t)
    other = next(x for x in with_a if x != a)
    with_a[with_a.index(other)], with_b[with_b.index(b)] = b, other

    assert seats_everyone_each_round(40, rounds_seats)
    assert claim_holds("max_table_meetings", 1, data["rounds_seats"])
    assert not claim_holds("max_table_meetings", 1, rounds_seats)
    # In 13 rounds everyone meets everyone once: the two moved players' six new
    # table-mates are all met again.
    assert not claim_holds("pairs_met_twice_at_most", 5, rounds_seats)
    assert claim_holds("pairs_met_twice_at_most", 6, rounds_seats)
    rounds_seats[2][0][0] = rounds_seats[2][1][0]
    assert not seats_everyone_each_round(40, rounds_seats)


@pytest.mark.parametrize("n", [32, 40])
def test_fresh_rotations_of_ten_rounds_for_32_and_40_players_meet_nobody_twice(n):
    players = list(range(1, n + 1))
    rounds = generate_rotation(players, 10, seed=5)  # its time: benchmarks/rotation.py

    quality = rotation_quality(players, rounds)
    assert (quality.partner_max, quality.opponent_max, quality.meet_max) == (1, 1, 1)
    assert quality.sit_out_spread == 0


@pytest.mark.parametrize(("n", "opposed_twice"), [(20, 24), (24, 3)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fresh_rotations_of_ten_rounds_for_20_and_24_players_reach_the_best_known(
    n, opposed_twice, seed
):
    """At most 24 (20 players) and 3 (24 players) pairs opposed twice, partners unique and
    no pair at one table three times: the best tables known."""
    players = list(range(1, n + 1))
    rounds = generate_rotation(players, 10, seed=seed)
    seats = [[t.players for t in rnd.tables] for rnd in rounds]
    partners, opponents, mates = relations(seats)
    assert max(partners.values()) == 1 and max(mates.values()) <= 2
    assert sum(1 for c in opponents.values() if c >= 2) <= opposed_twice


def test_fewer_rounds_come_from_the_same_table():
    players = [f"p{i}" for i in range(40)]

    rounds = generate_rotation(players, 6, seed=2)

    assert len(rounds) == 6
    assert rotation_quality(players, rounds).meet_max == 1


def test_events_with_different_seeds_get_different_rotations():
    first = generate_rotation(40, 10, seed=1)
    second = generate_rotation(40, 10, seed=2)

    assert first != second
    assert rotation_quality(list(range(1, 41)), second).meet_max == 1


def test_stored_rounds_picks_the_table_for_the_field_and_none_without_one():
    rng = random.Random(0)

    assert len(stored.stored_rounds(40, 13, rng)) == 13
    assert len(stored.stored_rounds(40, 4, rng)) == 4
    assert stored.stored_rounds(40, 14, rng) is None
    assert stored.stored_rounds(44, 5, rng) is None


def test_a_table_that_does_not_seat_everyone_is_passed_over(tmp_path, monkeypatch):
    data = json.loads((TABLES / "n40_r13.json").read_text())
    data["rounds_seats"][3][0][0] = data["rounds_seats"][3][1][0]
    (tmp_path / "n40_r13.json").write_text(json.dumps(data))
    monkeypatch.setattr(stored, "TABLES", tmp_path)

    assert stored.stored_rounds(40, 10, random.Random(0)) is None


@pytest.mark.parametrize(("name", "module"), [("n32_r10.json", golfer32), ("n40_r13.json", pg33)])
def test_the_offline_generators_reproduce_the_stored_tables(name, module):
    data = json.loads((TABLES / name).read_text())

    assert module.rounds_seats() == data["rounds_seats"]


def test_orientations_exist_only_for_planes_without_a_common_collinear_triple():
    classes = [[tuple(sorted(line)) for line in cls] for cls in golfer32._affine_plane_classes()]
    plane = [line for cls in classes for line in cls]

    assert golfer32.orientations([plane, plane]) is None


def test_a_table_written_later_for_another_field_is_picked_up(tmp_path, monkeypatch):
    rounds_seats = [[list(t) for t in rnd] for rnd in designs.whist_rounds(24)[:10]]
    data = {
        "players": 24,
        "rounds": 10,
        "claims": {"partners_unique": True, "pairs_opposed_twice_at_most": 120, "max_opposed": 2},
        "rounds_seats": rounds_seats,
    }
    (tmp_path / "n24_r10.json").write_text(json.dumps(data))
    monkeypatch.setattr(stored, "TABLES", tmp_path)

    assert all(claim_holds(name, value, rounds_seats) for name, value in data["claims"].items())
    found = stored.stored_rounds(24, 10, random.Random(0))
    assert sorted(sorted(map(list, rnd)) for rnd in found) == sorted(map(sorted, rounds_seats))
    assert stored.stored_rounds(24, 11, random.Random(0)) is None
