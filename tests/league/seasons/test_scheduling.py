import math
from collections import Counter, defaultdict
from datetime import date, timedelta

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from league.seasons.scheduling import ScheduledFixture, generate_schedule, schedule_dates

MONDAY = date(2025, 1, 6)


def teams(prefix: str, count: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(count)]


def cycle_length(size: int) -> int:
    return size - 1 + size % 2


def games(fixtures: list[ScheduledFixture]) -> list[ScheduledFixture]:
    return [f for f in fixtures if not f.is_bye]


league_shapes = st.fixed_dictionaries(
    {
        "sizes": st.lists(st.integers(0, 13), min_size=1, max_size=3),
        "weeks": st.integers(0, 40),
        "spare_tables": st.integers(0, 8),
    }
)


def build(shape: dict) -> tuple[dict[str, list[str]], list[ScheduledFixture], int]:
    levels = {f"L{i}": teams(f"L{i}-", size) for i, size in enumerate(shape["sizes"])}
    table_count = sum(size // 2 for size in shape["sizes"]) + shape["spare_tables"]
    tables = [f"T{i}" for i in range(table_count)]
    fixtures = generate_schedule(levels, shape["weeks"], MONDAY, (), tables)
    return levels, fixtures, table_count


@given(league_shapes)
@settings(max_examples=150, deadline=None)
def test_every_pair_in_a_level_meets_exactly_once_per_full_cycle(shape):
    levels, fixtures, _ = build(shape)
    for level, members in levels.items():
        length = cycle_length(len(members))
        if len(members) < 2:
            continue
        meetings: dict[int, Counter] = defaultdict(Counter)
        for f in games(fixtures):
            if f.level == level:
                meetings[(f.week - 1) // length][frozenset((f.home, f.away))] += 1
        for cycle, counts in meetings.items():
            assert max(counts.values()) == 1
            if (cycle + 1) * length <= shape["weeks"]:  # a complete cycle
                assert len(counts) == len(members) * (len(members) - 1) // 2


@given(league_shapes)
@settings(max_examples=150, deadline=None)
def test_every_team_appears_exactly_once_each_week_and_tables_are_never_double_booked(shape):
    levels, fixtures, _ = build(shape)
    everyone = {team for members in levels.values() for team in members}
    by_week: dict[int, list[ScheduledFixture]] = defaultdict(list)
    for f in fixtures:
        by_week[f.week].append(f)
    assert sorted(by_week) == list(range(1, shape["weeks"] + 1)) or not everyone
    for week_fixtures in by_week.values():
        seated = [t for f in week_fixtures for t in (f.home, f.away) if t is not None]
        assert sorted(seated) == sorted(everyone)
        used_tables = [f.table for f in week_fixtures if not f.is_bye]
        assert len(used_tables) == len(set(used_tables))


@given(league_shapes)
@settings(max_examples=150, deadline=None)
def test_byes_are_spread_at_most_one_per_team_per_cycle(shape):
    levels, fixtures, _ = build(shape)
    for level, members in levels.items():
        length = cycle_length(len(members))
        byes = Counter(
            (f.home, (f.week - 1) // length) for f in fixtures if f.is_bye and f.level == level
        )
        assert all(count == 1 for count in byes.values())
        if len(members) % 2 == 0:
            assert not byes


@given(league_shapes)
@settings(max_examples=150, deadline=None)
def test_home_and_away_stay_within_one_at_every_point_of_every_cycle(shape):
    levels, fixtures, _ = build(shape)
    for level, members in levels.items():
        length = cycle_length(len(members))
        balance: Counter = Counter()  # (team, cycle) -> home minus away so far
        for f in games(fixtures):
            if f.level != level:
                continue
            cycle = (f.week - 1) // length
            balance[(f.home, cycle)] += 1
            balance[(f.away, cycle)] -= 1
            assert abs(balance[(f.home, cycle)]) <= 1
            assert abs(balance[(f.away, cycle)]) <= 1


@given(league_shapes)
@example({"sizes": [6], "weeks": 39, "spare_tables": 0})  # every table taken every night
@settings(max_examples=150, deadline=None)
def test_no_team_uses_one_table_more_than_its_share_plus_one(shape):
    _, fixtures, table_count = build(shape)
    uses = Counter((team, f.table) for f in games(fixtures) for team in (f.home, f.away))
    if uses:
        assert max(uses.values()) <= math.ceil(shape["weeks"] / table_count) + 1


def test_with_enough_tables_no_team_sits_at_the_same_table_two_weeks_running():
    levels = {"A": teams("a", 20), "B": teams("b", 15)}
    fixtures = generate_schedule(levels, 30, MONDAY, (), [f"T{i}" for i in range(17)])
    last_table: dict[str, tuple[int, str]] = {}
    for f in games(fixtures):
        for team in (f.home, f.away):
            assert last_table.get(team) != (f.week - 1, f.table)
            last_table[team] = (f.week, f.table)


def test_a_big_season_uses_each_table_at_most_once_per_team():
    levels = {"A": teams("a", 200), "B": teams("b", 200)}
    fixtures = generate_schedule(levels, 30, MONDAY, (), list(range(400)))
    uses = Counter((team, f.table) for f in fixtures for team in (f.home, f.away))
    assert max(uses.values()) == 1


def test_a_season_shorter_than_a_cycle_never_repeats_a_pairing():
    fixtures = generate_schedule({"A": teams("a", 10)}, 5, MONDAY, (), list(range(5)))
    pairs = [frozenset((f.home, f.away)) for f in fixtures]
    assert len(pairs) == 25
    assert len(set(pairs)) == 25


def test_the_second_cycle_replays_the_first_with_home_and_away_swapped():
    fixtures = generate_schedule({"A": teams("a", 6)}, 10, MONDAY, (), list(range(3)))
    first = {(f.week, f.home, f.away) for f in fixtures if f.week <= 5}
    second = {(f.week - 5, f.away, f.home) for f in fixtures if f.week > 5}
    assert first == second
    home_games = Counter(f.home for f in fixtures)
    assert set(home_games.values()) == {5}


def test_byes_have_no_opponent_no_table_and_no_games():
    fixtures = generate_schedule({"A": teams("a", 5)}, 5, MONDAY, (), ["T1", "T2"])
    byes = [f for f in fixtures if f.is_bye]
    assert sorted(f.home for f in byes) == teams("a", 5)
    assert all(f.away is None and f.table is None and f.games == 0 for f in byes)
    assert all(f.games == 3 for f in games(fixtures))


def test_each_fixture_records_the_number_of_games_to_play():
    fixtures = generate_schedule({"A": teams("a", 4)}, 1, MONDAY, (), ["T1", "T2"], 5)
    assert [f.games for f in fixtures] == [5, 5]


def test_weeks_fall_on_the_start_weekday_and_skip_blackout_dates():
    blackouts = {MONDAY + timedelta(weeks=1), MONDAY + timedelta(weeks=3), date(2025, 1, 8)}
    fixtures = generate_schedule({"A": teams("a", 4)}, 4, MONDAY, blackouts, ["T1", "T2"])
    dates = sorted({(f.week, f.date) for f in fixtures})
    assert dates == [
        (1, date(2025, 1, 6)),
        (2, date(2025, 1, 20)),
        (3, date(2025, 2, 3)),
        (4, date(2025, 2, 10)),
    ]


def test_schedule_dates_keeps_the_weekday_and_ignores_blackouts_on_other_days():
    nights = schedule_dates(MONDAY, 3, [MONDAY, date(2025, 1, 14)])
    assert nights == [date(2025, 1, 13), date(2025, 1, 20), date(2025, 1, 27)]
    assert {night.weekday() for night in nights} == {MONDAY.weekday()}


def test_schedule_dates_rejects_a_negative_number_of_weeks():
    with pytest.raises(ValueError):
        schedule_dates(MONDAY, -1)


def test_levels_share_the_tables_of_the_night():
    fixtures = generate_schedule(
        {"A": teams("a", 4), "B": teams("b", 4)}, 3, MONDAY, (), ["T1", "T2", "T3", "T4"]
    )
    for week in (1, 2, 3):
        tonight = [f.table for f in fixtures if f.week == week]
        assert sorted(tonight) == ["T1", "T2", "T3", "T4"]


def test_more_fixtures_than_tables_is_refused_with_the_numbers():
    with pytest.raises(ValueError, match="needs 4 tables .* only 3"):
        generate_schedule({"A": teams("a", 4), "B": teams("b", 5)}, 3, MONDAY, (), [1, 2, 3])


def test_a_team_in_two_levels_is_refused():
    with pytest.raises(ValueError, match="more than one level"):
        generate_schedule({"A": ["x", "y"], "B": ["y", "z"]}, 1, MONDAY, (), [1, 2])


def test_duplicate_tables_are_refused():
    with pytest.raises(ValueError, match="duplicate table"):
        generate_schedule({"A": ["x", "y"]}, 1, MONDAY, (), [1, 1])


def test_fixtures_are_listed_by_week_then_level_then_table_with_byes_last():
    fixtures = generate_schedule(
        {"B": teams("b", 3), "A": teams("a", 2)}, 2, MONDAY, (), ["T1", "T2"]
    )
    keys = [(f.week, f.level, f.is_bye) for f in fixtures]
    assert keys == [
        (1, "B", False),
        (1, "B", True),
        (1, "A", False),
        (2, "B", False),
        (2, "B", True),
        (2, "A", False),
    ]


def test_a_season_that_would_run_past_the_year_9999_is_refused_not_overflowed():
    with pytest.raises(ValueError, match="past the year 9999"):
        schedule_dates(date(9999, 12, 28), weeks=2)
    assert schedule_dates(date(9999, 12, 28), weeks=1) == [date(9999, 12, 28)]


def test_one_table_too_few_is_said_in_the_singular():
    with pytest.raises(ValueError, match="needs 2 tables .* but only 1 is available"):
        generate_schedule({"A": teams("a", 4)}, 3, MONDAY, (), [1])
