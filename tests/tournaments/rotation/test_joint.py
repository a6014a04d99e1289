"""Sit-outs and partners chosen together when rounds are drawn again
(tournaments.rotation.joint, through generate_rotation)."""

import itertools

import pytest

from tournaments.rotation import Round, Table, generate_rotation
from tournaments.rotation.joint import JointSearch, fair_groups, final_top
from tournaments.rotation.quality import pair_counts

# The reported event: eight players, five rounds played, then player 5 withdraws.
PLAYED = [
    ((6, 1), (4, 7), (2, 5), (8, 3)),
    ((2, 6), (1, 5), (7, 3), (8, 4)),
    ((2, 7), (5, 4), (3, 6), (8, 1)),
    ((7, 1), (5, 3), (8, 2), (6, 4)),
    ((8, 5), (4, 1), (3, 2), (7, 6)),
]


def as_round(number, tables, sitting_out=()):
    """Tables given as (ns, ew, ns, ew, ...) sides."""
    pairs = [(tables[t], tables[t + 1]) for t in range(0, len(tables), 2)]
    return Round(
        number, tuple(Table(t + 1, ns, ew) for t, (ns, ew) in enumerate(pairs)), sitting_out
    )


def reported_rounds():
    return [as_round(k + 1, r) for k, r in enumerate(PLAYED)]


def partnerships(rnd):
    return [frozenset(side) for t in rnd.tables for side in (t.ns, t.ew) if len(side) == 2]


def new_repeats(played, drawn):
    """Partnerships of the new rounds that some earlier round already had."""
    seen = {p for rnd in played for p in partnerships(rnd)}
    repeats = []
    for rnd in drawn[len(played) :]:
        for pair in partnerships(rnd):
            if pair in seen:
                repeats.append(pair)
            seen.add(pair)
    return repeats


def start_counts(players, played, three):
    """Sit-outs (three-handed turns with ``three``) before the new rounds; a player
    in no played round starts level with the fewest among the others."""
    counts = {}
    for rnd in played:
        for p in (*rnd.players, *rnd.sitting_out):
            counts.setdefault(p, 0)
        if three:
            lone = [t for t in rnd.tables if t.is_three_handed]
            out = [p for t in lone for p in t.players]
        else:
            out = rnd.sitting_out
        for p in out:
            counts[p] += 1
    known = [counts[p] for p in players if p in counts]
    floor = min(known, default=0)
    return {p: counts.get(p, floor) for p in players}


def least_first(counts, group):
    """Is ``group`` a fair choice: nobody outside it sat out fewer times than someone in it?"""
    inside = [counts[p] for p in group]
    outside = [c for p, c in counts.items() if p not in group]
    return not inside or not outside or max(inside) <= min(outside)


def fair_and_new(players, played, drawn, three=False):
    """Every new round's sit-outs (or trio) were chosen least first."""
    counts = start_counts(players, played, three)
    for rnd in drawn[len(played) :]:
        if three:
            group = [p for t in rnd.tables if t.is_three_handed for p in t.players]
        else:
            group = list(rnd.sitting_out)
        if not least_first(counts, group):
            return False
        for p in group:
            counts[p] += 1
    return True


def reference_exists(players, played, new_rounds, three=False):
    """Exhaustive search, written plainly: is there a schedule of ``new_rounds`` rounds
    with fair sit-outs and no partnership repeated (the played rounds included)?"""
    group = 3 if three else len(players) % 4
    used = frozenset(p for rnd in played for p in partnerships(rnd))
    dead = set()

    def matchings(people, used):
        if not people:
            yield frozenset()
            return
        first, rest = people[0], people[1:]
        for k, other in enumerate(rest):
            pair = frozenset((first, other))
            if pair not in used:
                for more in matchings(rest[:k] + rest[k + 1 :], used):
                    yield more | {pair}

    def search(left, counts, used):
        if left == 0:
            return True
        state = (left, tuple(sorted(counts.items())), used)
        if state in dead:
            return False
        for out in itertools.combinations(players, group):
            if not least_first(counts, out):
                continue
            after = dict(counts)
            for p in out:
                after[p] += 1
            playing = [p for p in players if p not in out]
            inner = [frozenset()]
            if three:
                inner = [
                    frozenset({frozenset(pair)})
                    for pair in itertools.combinations(out, 2)
                    if frozenset(pair) not in used
                ]
            for trio_pair in inner:
                for pairs in matchings(playing, used | trio_pair):
                    if search(left - 1, after, used | trio_pair | pairs):
                        return True
        dead.add(state)
        return False

    return search(new_rounds, start_counts(players, played, three), used)


def test_the_reported_redraw_after_a_withdrawal_repeats_no_partnership():
    players = [1, 2, 3, 4, 6, 7, 8]

    drawn = generate_rotation(players, 6, seed=0, played=reported_rounds())

    # Before, the queue sat out 2, 3 and 4 first and left (8,7 v 6,1): 6 and 1 again.
    assert drawn[5] == Round(6, (Table(1, (3, 4), (7, 8)),), (1, 2, 6))
    assert new_repeats(reported_rounds(), drawn) == []


def test_the_reported_event_stays_repeat_free_for_three_more_rounds():
    players = [1, 2, 3, 4, 6, 7, 8]

    drawn = generate_rotation(players, 8, seed=0, played=reported_rounds())

    assert new_repeats(reported_rounds(), drawn) == []
    assert fair_and_new(players, reported_rounds(), drawn)


def test_when_repeats_cannot_be_avoided_they_are_kept_to_the_fewest():
    players = [1, 2, 3, 4, 6, 7, 8]  # six unused pairs left, five rounds need ten
    assert not reference_exists(players, reported_rounds(), 5)

    drawn = generate_rotation(players, 10, seed=0, played=reported_rounds())

    assert len(new_repeats(reported_rounds(), drawn)) == 10 - 6
    assert fair_and_new(players, reported_rounds(), drawn)


def changed_field(n, rounds, played_count, change, seed):
    """Players 1..n play ``played_count`` rounds of a fresh draw; then ``change`` happens:
    ("out", k) - the k highest numbers withdraw; ("in", k) - k newcomers arrive;
    ("both", k) - k withdraw and k others arrive."""
    players = list(range(1, n + 1))
    played = generate_rotation(players, rounds, seed=seed)[:played_count]
    kind, k = change
    now = list(players)
    if kind in ("out", "both"):
        now = now[:-k]
    if kind in ("in", "both"):
        now += [n + 1 + i for i in range(k)]
    return now, played


SWEEP = [
    (n, rounds, played_count, change)
    for n in range(8, 17)
    for rounds, played_count in ((min(n - 1, 8), 3), (min(n - 1, 10), min(n - 1, 10) - 3))
    for change in (("out", 1), ("in", 1), ("both", 1), ("out", 2))
]


@pytest.mark.parametrize(("n", "rounds", "played_count", "change"), SWEEP)
def test_whenever_a_fair_repeat_free_redraw_exists_the_generator_finds_one(
    n, rounds, played_count, change
):
    now, played = changed_field(n, rounds, played_count, change, seed=n)

    drawn = generate_rotation(now, rounds, seed=n, played=played)

    assert drawn[:played_count] == played
    assert fair_and_new(now, played, drawn)
    if reference_exists(now, played, rounds - played_count):
        assert new_repeats(played, drawn) == []


@pytest.mark.parametrize(("n", "played_count"), [(8, 4), (12, 6), (16, 5)])
def test_a_withdrawal_leaving_three_extra_players_at_a_three_handed_table(n, played_count):
    rounds = min(n - 1, 9)
    players = list(range(1, n + 1))
    played = generate_rotation(players, rounds, seed=3)[:played_count]
    now = players[:-1]

    drawn = generate_rotation(now, rounds, seed=3, played=played, sit_out_rule="three_handed")

    assert all(r.tables[-1].is_three_handed and not r.sitting_out for r in drawn[played_count:])
    assert fair_and_new(now, played, drawn, three=True)
    if reference_exists(now, played, rounds - played_count, three=True):
        assert new_repeats(played, drawn) == []


def test_fair_groups_take_everyone_below_the_threshold_then_ties_in_queue_order():
    counts = [1, 0, 1, 1, 0]
    prefer = [(c, r) for r, c in enumerate(counts)]

    groups = list(fair_groups(counts, prefer, 3))

    assert groups == [(1, 4, 0), (1, 4, 2), (1, 4, 3)]
    assert list(fair_groups(counts, prefer, 0)) == [()]


def test_the_highest_count_after_fair_rounds_does_not_depend_on_the_choice():
    assert final_top([0, 0, 0, 0, 0, 0, 0], 3, 1) == 1
    assert final_top([0, 0, 0, 0, 0, 0, 0], 3, 3) == 2
    assert final_top([2, 0, 1], 1, 2) == 2


def test_the_search_gives_up_within_its_budget_and_says_so():
    def search(limit):
        return JointSearch(8, 3, 0, False, [0] * 8, [-1] * 8, list(range(8)), set(), limit)

    tight = search(limit=1)

    assert tight.run() is None
    assert tight.nodes == 2  # the step that went over the budget
    assert len(search(limit=10_000).run()) == 3


def test_the_search_proves_at_once_that_too_few_unused_pairs_are_left():
    # Seven players, three sit out: one round needs two unused pairs, two rounds need four.
    used = {(i, j) for i in range(7) for j in range(i + 1, 7)} - {(0, 1), (2, 3), (4, 5)}

    def search(rounds):
        return JointSearch(7, rounds, 3, False, [0] * 7, [-1] * 7, list(range(7)), used)

    impossible = search(2)
    assert impossible.run() is None and impossible.nodes == 0
    # The first sitters in queue order (by rank) who leave two unused pairs to play.
    assert search(1).run() == [((0, 1, 6), [(2, 3), (4, 5)], [])]


def test_pair_counts_of_a_redraw_include_the_withdrawn_player():
    drawn = generate_rotation([1, 2, 3, 4, 6, 7, 8], 6, seed=0, played=reported_rounds())
    partner, _, _ = pair_counts(drawn)

    assert partner[frozenset({2, 5})] == 1
    assert max(partner.values()) == 1
