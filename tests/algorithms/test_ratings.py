from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algorithms.ratings import (
    EXPLANATION,
    PROVISIONAL_UNDER,
    STARTING_RATING,
    STARTING_VALUE,
    RatedGame,
    Rating,
    RatingError,
    display_value,
    is_provisional,
    rate_games,
    side_value,
    win_probability,
)

T0 = datetime(2025, 3, 1, 19, 0)


def game(a, b, pa=10, pb=6, minutes=0):
    return RatedGame(tuple(a), tuple(b), pa, pb, T0 + timedelta(minutes=minutes))


# Random but valid 2v2 games among 8 players: four distinct players per game.
games_strategy = st.lists(
    st.tuples(
        st.permutations(range(1, 9)),
        st.integers(0, 13),
        st.integers(0, 13),
        st.integers(0, 50),
    ).map(lambda t: game(t[0][:2], t[0][2:4], t[1], t[2], t[3])),
    max_size=25,
)


def test_the_winners_rise_and_the_losers_fall():
    r = rate_games([game((1, 2), (3, 4), 10, 7)])
    assert r[1].mu > STARTING_RATING.mu and r[2].mu > STARTING_RATING.mu
    assert r[3].mu < STARTING_RATING.mu and r[4].mu < STARTING_RATING.mu
    assert display_value(r[1]) > STARTING_VALUE > display_value(r[3])


def test_the_second_side_winning_lifts_the_second_side():
    r = rate_games([game((1, 2), (3, 4), 4, 10)])
    assert r[3].mu > r[1].mu


def test_partners_share_the_result():
    r = rate_games([game((1, 2), (3, 4))])
    assert r[1] == r[2] and r[3] == r[4]


def test_a_draw_between_equals_leaves_skill_where_it_was_and_shrinks_uncertainty():
    r = rate_games([game((1, 2), (3, 4), 8, 8)])
    assert all(r[p].mu == pytest.approx(STARTING_RATING.mu) for p in (1, 2, 3, 4))
    assert all(r[p].sigma < STARTING_RATING.sigma for p in (1, 2, 3, 4))


def test_a_draw_against_stronger_players_lifts_the_weaker_side():
    first = rate_games([game((1, 2), (5, 6), 10, 0)])
    r = rate_games([game((3, 4), (1, 2), 9, 9, minutes=10)], start=first)
    assert r[3].mu > STARTING_RATING.mu and r[1].mu < first[1].mu


def test_games_are_taken_in_played_order_whatever_the_input_order():
    games = [game((1, 2), (3, 4), 10, 2, minutes=m) for m in (0, 20)]
    games.insert(1, game((1, 3), (2, 4), 3, 10, minutes=10))
    assert rate_games(games) == rate_games(list(reversed(games)))


def test_games_at_the_same_time_keep_their_input_order():
    a, b = game((1, 2), (3, 4), 10, 2), game((1, 3), (2, 4), 10, 2)
    later = game((1, 4), (2, 3), 10, 9, minutes=5)
    assert rate_games([later, a, b]) == rate_games([a, b, later])
    assert rate_games([a, b]) != rate_games([b, a])


def test_the_same_games_give_identical_numbers():
    games = [game((1, 2), (3, 4), 10, m % 9, minutes=m) for m in range(30)]
    assert rate_games(games) == rate_games(list(games))


@settings(max_examples=40, deadline=None)
@given(games_strategy, st.integers(0, 25))
def test_rating_in_two_parts_equals_rating_all_at_once(games, cut):
    played = sorted(games, key=lambda g: g.played_at)
    first, second = played[:cut], played[cut:]
    assert rate_games(second, start=rate_games(first)) == rate_games(played)


@settings(max_examples=40, deadline=None)
@given(games_strategy)
def test_every_player_is_rated_and_their_games_are_counted(games):
    r = rate_games(games)
    for player in range(1, 9):
        played = sum(player in g.side_a + g.side_b for g in games)
        assert r[player].games == played if played else player not in r


def test_players_from_the_start_who_do_not_play_are_kept():
    kept = Rating(mu=30.0, sigma=4.0, games=12)
    r = rate_games([game((1, 2), (3, 4))], start={9: kept})
    assert r[9] == kept and len(r) == 5


def test_a_start_rating_carries_its_games_on():
    r = rate_games([game((1, 2), (3, 4))], start={1: Rating(25.0, 5.0, 7)})
    assert r[1].games == 8 and r[2].games == 1


def test_a_newcomer_shows_the_starting_value_and_is_provisional():
    assert display_value(STARTING_RATING) == STARTING_VALUE == 1000
    assert is_provisional(STARTING_RATING)


def test_the_shown_number_is_1000_plus_40_times_the_conservative_skill():
    rating = Rating(mu=30.0, sigma=2.0, games=20)
    assert rating.conservative == 24.0
    assert display_value(rating) == rating.display == 1960


def test_a_player_is_provisional_under_ten_games():
    assert PROVISIONAL_UNDER == 10
    assert is_provisional(Rating(25.0, 5.0, 9))
    assert not is_provisional(Rating(25.0, 5.0, 10))
    assert not Rating(25.0, 5.0, 10).provisional


def test_the_shown_number_rises_as_uncertainty_shrinks_with_even_games():
    games = [game((1, 2), (3, 4), 10, 10, minutes=m) for m in range(5)]
    assert display_value(rate_games(games)[1]) > STARTING_VALUE


def test_a_pair_is_valued_at_the_mean_of_its_players():
    assert side_value([1000, 1101]) == 1050.5
    with pytest.raises(ValueError, match="at least one"):
        side_value([])


def test_the_explanation_says_what_the_number_is():
    for words in ("confirmed game", "partners", "three times", "provisional", "1000"):
        assert words in EXPLANATION


def test_heads_up_and_two_against_two_are_both_rated():
    r = rate_games([game((1,), (2,), 10, 4), game((3, 4), (5, 6), 10, 4, minutes=1)])
    assert r[1].mu > r[2].mu and r[3].mu > r[5].mu
    assert win_probability(r, (1,), (2,)) > 0.5


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (game((), (3, 4)), "no players"),
        (game((1, 2), ()), "no players"),
        (game((1, 2), (2, 3)), "both sides"),
        (game((1, 1), (3, 4)), "twice"),
        (game((1, 2), (3, 4), -1, 10), "negative"),
        (game((1, 2), (3, 4), 10, -2), "negative"),
    ],
)
def test_a_bad_game_is_refused_with_a_clear_message(bad, message):
    with pytest.raises(RatingError, match=message):
        rate_games([game((5, 6), (7, 8)), bad])
    assert issubclass(RatingError, ValueError)


def test_win_probability_is_a_half_between_equals_and_for_unknown_players():
    assert win_probability({}, (1, 2), (3, 4)) == 0.5
    r = rate_games([game((1, 2), (3, 4), 7, 7)])
    assert win_probability(r, (1, 2), (3, 4)) == 0.5


def test_win_probability_favours_the_stronger_side_and_takes_missing_players_at_the_start():
    r = rate_games([game((1, 2), (3, 4), 10, 0, minutes=m) for m in range(5)])
    assert win_probability(r, (1, 2), (3, 4)) > 0.5
    assert win_probability(r, (1, 2), (8, 9)) > 0.5 > win_probability(r, (3, 4), (8, 9))
    assert win_probability(r, (1, 3), (8, 9)) == pytest.approx(
        win_probability({1: r[1], 3: r[3]}, (1, 3), (8, 9))
    )


@settings(max_examples=60, deadline=None)
@given(games_strategy, st.permutations(range(1, 11)), st.integers(1, 3), st.integers(1, 3))
def test_the_two_chances_add_up_to_exactly_one(games, order, size_a, size_b):
    r = rate_games(games)
    a, b = order[:size_a], order[size_a : size_a + size_b]
    p, q = win_probability(r, a, b), win_probability(r, b, a)
    assert p + q == 1.0 and 0.0 <= p <= 1.0
    assert win_probability(r, list(reversed(a)), b) == p  # partners' order doesn't matter


def test_win_probability_needs_players_on_both_sides():
    with pytest.raises(RatingError):
        win_probability({}, (), (1,))
