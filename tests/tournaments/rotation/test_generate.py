"""generate_rotation and rotation_to_dict (tournaments.rotation.generate): the public API."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.rotation import (
    Round,
    Table,
    generate_rotation,
    rotation_quality,
    rotation_to_dict,
)
from tournaments.rotation.quality import pair_counts, sit_out_counts, sit_outs_are_fair

ROOT = Path(__file__).resolve().parents[3]


def seated_once(rnd, players):
    return sorted(map(str, (*rnd.players, *rnd.sitting_out))) == sorted(map(str, players))


def test_it_returns_the_requested_rounds_with_everyone_seated_exactly_once():
    players = list(range(1, 15))
    rounds = generate_rotation(players, 10, seed=3)

    assert [r.number for r in rounds] == list(range(1, 11))
    for rnd in rounds:
        assert seated_once(rnd, players)
        assert [t.number for t in rnd.tables] == [1, 2, 3]
        assert all(len(t.ns) == len(t.ew) == 2 for t in rnd.tables)
        assert len(rnd.sitting_out) == 2


def test_an_int_stands_for_players_one_to_n():
    assert generate_rotation(9, 4, seed=5) == generate_rotation(list(range(1, 10)), 4, seed=5)


def test_the_same_seed_gives_the_same_rotation():
    players = [f"player {i}" for i in range(13)]

    assert generate_rotation(players, 8, seed=11) == generate_rotation(players, 8, seed=11)


def test_different_seeds_give_different_rotations():
    assert generate_rotation(16, 6, seed=1) != generate_rotation(16, 6, seed=2)


def test_the_rotation_does_not_depend_on_hash_randomisation():
    script = (
        "import sys; sys.path.insert(0, sys.argv[1]);"
        "from tournaments.rotation import generate_rotation;"
        "ids = ['ann', 'bob', 'cy', 'di', 'ed', 'flo', 'gus', 'hal', 'ivy', 'jo', 'kit'];"
        "r = generate_rotation(ids, 6, seed=4, played=generate_rotation(ids, 6, seed=9)[:2]);"
        "print(repr(r))"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script, str(ROOT)],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }

    assert len(outputs) == 1


def test_players_can_be_any_hashable_ids():
    players = ["ann", ("bob", 2), 3, frozenset({"x"}), "eve", "fay", "gil", "hue"]
    rounds = generate_rotation(players, 7, seed=0)

    assert all(seated_once(r, players) for r in rounds)
    assert rotation_quality(players, rounds).partner_max == 1


@pytest.mark.parametrize(
    ("players", "rounds", "kwargs", "message"),
    [
        (8, 0, {}, "rounds must be at least 1"),
        (8, -2, {}, "rounds must be at least 1"),
        (8, 2.5, {}, "rounds must be a whole number"),
        (3, 4, {}, "at least 4 players"),
        ([1, 2, 3], 4, {}, "at least 4 players"),
        ([1, 2, 3, 4, 2, 5], 4, {}, "duplicate players: 2"),
        (8, 4, {"sit_out_rule": "bye"}, "sit_out_rule must be one of"),
    ],
)
def test_invalid_input_is_refused_with_a_clear_message(players, rounds, kwargs, message):
    with pytest.raises(ValueError, match=message):
        generate_rotation(players, rounds, **kwargs)


def test_more_played_rounds_than_requested_is_refused():
    played = generate_rotation(8, 3)

    with pytest.raises(ValueError, match="3 rounds were played but only 2"):
        generate_rotation(8, 2, played=played)


def test_a_played_round_seating_a_player_twice_is_refused():
    bad = Round(1, (Table(1, (1, 2), (3, 4)), Table(2, (5, 6), (7, 1))), ())

    with pytest.raises(ValueError, match="lists a player twice"):
        generate_rotation(8, 3, played=[bad])


@pytest.mark.parametrize(
    ("n", "rounds"),
    [(5, 4), (6, 5), (7, 6), (9, 8), (10, 9), (11, 10), (13, 12), (14, 13), (15, 10), (18, 10)],
)
def test_nobody_sits_out_twice_before_everyone_has_sat_out_once(n, rounds):
    players = list(range(1, n + 1))
    drawn = generate_rotation(players, rounds, seed=n)

    assert all(len(r.sitting_out) == n % 4 for r in drawn)
    assert sit_outs_are_fair(players, drawn)
    assert rotation_quality(players, drawn).partner_max == 1


@pytest.mark.parametrize("n", [7, 11, 15, 19])
def test_three_handed_tables_replace_sit_outs_and_rotate_fairly(n):
    players = list(range(1, n + 1))
    rounds = min(n - 1, 10)
    drawn = generate_rotation(players, rounds, seed=1, sit_out_rule="three_handed")

    at_three = dict.fromkeys(players, 0)
    for rnd in drawn:
        *full, three = rnd.tables
        assert rnd.sitting_out == ()
        assert seated_once(rnd, players)
        assert all(len(t.ns) == len(t.ew) == 2 and not t.is_three_handed for t in full)
        assert len(three.ns) == 2 and len(three.ew) == 1 and three.is_three_handed
        assert three.number == len(rnd.tables)
        for p in three.players:
            at_three[p] += 1
        assert max(at_three.values()) - min(at_three.values()) <= 1
    assert rotation_quality(players, drawn).partner_max == 1


def test_the_three_handed_rule_changes_nothing_unless_three_are_left_over():
    for n in (12, 13, 14):
        assert generate_rotation(n, 5, sit_out_rule="three_handed") == generate_rotation(n, 5)


def test_regenerating_from_its_own_first_rounds_continues_the_same_rotation():
    drawn = generate_rotation(20, 10, seed=6)

    assert generate_rotation(20, 10, seed=6, played=drawn[:4]) == drawn


def test_regeneration_keeps_played_rounds_and_partners_unique_after_changes():
    players = list(range(1, 13))
    played = generate_rotation(players, 10, seed=2)[:4]
    now = [p for p in players if p != 5] + [13]  # 5 withdrew, 13 arrived

    drawn = generate_rotation(now, 10, seed=2, played=played)

    assert drawn[:4] == played
    assert [r.number for r in drawn] == list(range(1, 11))
    for rnd in drawn[4:]:
        assert seated_once(rnd, now)
        assert len(rnd.sitting_out) == 0
    partner, _, _ = pair_counts(drawn)
    assert max(partner.values()) == 1  # across played and new rounds, 5 included
    assert rotation_quality(now, drawn).opponent_max <= 4


def test_regeneration_counts_the_sit_outs_of_played_rounds():
    players = list(range(1, 11))
    played = generate_rotation(players, 9, seed=4)[:3]  # another draw's first rounds
    never_out = set(players) - {p for r in played for p in r.sitting_out}

    drawn = generate_rotation(players, 9, seed=5, played=played)

    assert set(drawn[3].sitting_out) | set(drawn[4].sitting_out) == never_out
    assert sit_outs_are_fair(players, drawn)
    partner, _, _ = pair_counts(drawn)
    assert max(partner.values()) == 1


def test_a_newcomer_does_not_have_to_catch_up_on_sit_outs():
    players = list(range(1, 11))
    played = generate_rotation(players, 9, seed=4)[:5]  # everybody sat out once
    now = [*players, 11]  # 11 players: three sit out each round

    drawn = generate_rotation(now, 9, seed=4, played=played)

    counts = sit_out_counts(players, drawn)
    assert max(counts.values()) - min(counts.values()) <= 1
    assert sit_out_counts([11], drawn)[11] <= min(counts.values())
    partner, _, _ = pair_counts(drawn)
    assert max(partner.values()) == 1


def test_regeneration_with_a_withdrawal_leaving_three_extra_players():
    players = list(range(1, 17))
    played = generate_rotation(players, 10, seed=8)[:5]
    now = [p for p in players if p != 16]

    drawn = generate_rotation(now, 10, seed=8, played=played, sit_out_rule="three_handed")

    assert drawn[:5] == played
    assert all(r.tables[-1].is_three_handed and not r.sitting_out for r in drawn[5:])
    partner, _, _ = pair_counts(drawn)
    assert max(partner.values()) == 1


def test_rotation_to_dict_has_exactly_the_documented_shape():
    drawn = generate_rotation(10, 4, seed=1)
    data = rotation_to_dict(10, drawn)

    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"players", "rounds", "quality"}
    assert data["players"] == 10
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3, 4]
    for rnd in data["rounds"]:
        assert set(rnd) == {"number", "tables", "sitting_out"}
        assert [t["number"] for t in rnd["tables"]] == [1, 2]
        for table in rnd["tables"]:
            assert set(table) == {"number", "ns", "ew"}
            assert len(table["ns"]) == len(table["ew"]) == 2
        seated = [p for t in rnd["tables"] for p in t["ns"] + t["ew"]] + rnd["sitting_out"]
        assert sorted(seated) == list(range(1, 11))
    q = rotation_quality(range(1, 11), drawn)
    assert data["quality"] == {
        "partner_max": q.partner_max,
        "opponent_max": q.opponent_max,
        "meet_max": q.meet_max,
        "sit_out_spread": q.sit_out_spread,
    }


def test_rotation_to_dict_writes_a_three_handed_table_with_one_ew_player():
    data = rotation_to_dict(7, generate_rotation(7, 2, sit_out_rule="three_handed"))

    assert [len(t["ew"]) for t in data["rounds"][0]["tables"]] == [2, 1]
    assert data["rounds"][0]["sitting_out"] == []
