"""Whist designs and the constructions built on them (tournaments.rotation.designs)."""

import random

import pytest

from tournaments.rotation import designs, extend
from tournaments.rotation.quality import rotation_quality, sit_outs_are_fair
from tournaments.rotation.types import Round, Table

PRIMES_1_MOD_4 = [5, 13, 17, 29, 37, 41, 53, 61, 73, 89, 97, 101, 109, 113]


def as_rounds(design, sitters=None):
    sitters = sitters or [[] for _ in design]
    return [
        Round(k + 1, tuple(Table(j + 1, t[:2], t[2:]) for j, t in enumerate(rnd)), tuple(out))
        for k, (rnd, out) in enumerate(zip(design, sitters, strict=True))
    ]


def relation_counts(design):
    partner, opponent = {}, {}
    for rnd in design:
        for a, b, c, d in rnd:
            for x, y in ((a, b), (c, d)):
                partner[frozenset((x, y))] = partner.get(frozenset((x, y)), 0) + 1
            for x in (a, b):
                for y in (c, d):
                    opponent[frozenset((x, y))] = opponent.get(frozenset((x, y)), 0) + 1
    return partner, opponent


@pytest.mark.parametrize("n", sorted(designs._CYCLIC) + [9] + PRIMES_1_MOD_4)
def test_every_whist_design_has_each_pair_partner_once_and_oppose_twice(n):
    rounds = designs.whist_rounds(n)

    assert designs.is_whist(rounds, n)
    # The same facts, counted independently of is_whist:
    partner, opponent = relation_counts(rounds)
    pairs = [frozenset((x, y)) for x in range(n) for y in range(x + 1, n)]
    assert all(partner.get(p) == 1 for p in pairs)
    assert all(opponent.get(p) == 2 for p in pairs)
    assert len(rounds) == (n - 1 if n % 4 == 0 else n)


def test_the_notes_initial_rounds_of_wh8_and_wh12_are_the_stored_ones():
    assert designs._CYCLIC[8] == "4 6 5 2; 0 1 i 3"
    assert designs._CYCLIC[12] == "0 2 6 10; 1 7 9 i; 8 5 4 3"


def test_the_checker_rejects_a_design_with_two_players_swapped():
    rounds = designs.whist_rounds(12)
    broken = [list(rnd) for rnd in rounds]
    a, b, c, d = broken[3][0]
    broken[3][0] = (a, c, b, d)

    assert not designs.is_whist(broken, 12)


def test_the_checker_rejects_missing_rounds_and_wrong_sizes():
    rounds = designs.whist_rounds(13)

    assert not designs.is_whist(rounds[:-1], 13)
    assert not designs.is_whist(rounds, 14)
    assert not designs.is_whist(designs.whist_rounds(8), 9)


def test_sizes_without_a_known_design_give_none():
    assert designs.whist_rounds(36) is None
    assert designs.whist_rounds(45) is None  # 4n+1 but not prime and not stored


@pytest.mark.parametrize("count", [3, 5, 8, 10])
def test_two_affine_planes_give_16_players_unique_partners_and_few_meetings(count):
    rounds = designs.affine_rounds(count, random.Random(count))
    q = rotation_quality(range(16), as_rounds(rounds))

    assert len(rounds) == count
    assert all(sorted(x for t in rnd for x in t) == list(range(16)) for rnd in rounds)
    assert q.partner_max == 1
    assert q.meet_max == (count + 4) // 5
    assert q.opponent_max <= 2


@pytest.mark.parametrize("v", [13, 17, 21, 25, 29, 33])
def test_a_cloned_extra_player_keeps_the_whist_guarantees_and_fair_sit_outs(v):
    rounds, sitters = extend.cloned_extra_player(v, v)
    players = list(range(v + 1))
    schedule = as_rounds(rounds, sitters)
    q = rotation_quality(players, schedule)

    assert q == type(q)(partner_max=1, opponent_max=2, meet_max=3, sit_out_spread=1)
    assert sit_outs_are_fair(players, schedule)
    for rnd, out in zip(rounds, sitters, strict=True):
        assert sorted([*out, *(x for t in rnd for x in t)]) == players


def test_the_extra_player_search_keeps_partners_unique_and_sit_outs_fair():
    base = designs.whist_rounds(9)
    rounds, sitters = extend.add_extra_player(base, 9, random.Random(0), 2, 3)
    players = list(range(10))
    schedule = as_rounds(rounds, sitters)
    q = rotation_quality(players, schedule)

    assert q.partner_max == 1
    assert q.opponent_max <= 2
    assert q.meet_max <= 3
    assert sit_outs_are_fair(players, schedule)


def test_choose_rounds_keeps_the_requested_number_of_distinct_rounds():
    full = designs.whist_rounds(20)
    chosen = extend.choose_rounds(full, 10, 20, random.Random(0))

    assert len(chosen) == len(set(chosen)) == 10
    assert extend.choose_rounds(full, 30, 20, random.Random(0)) == list(range(19))


def test_fair_order_never_lets_a_count_run_two_ahead():
    sitters = [(0, 3, 4), (0, 1, 2), (1, 2, 5), (3, 4, 5), (0, 1, 5)]
    order = extend.fair_order(sitters, 6, 4)

    assert len(order) == len(set(order)) == 4
    counts = [0] * 6
    for r in order:
        for p in sitters[r]:
            counts[p] += 1
        assert max(counts) - min(counts) <= 1
