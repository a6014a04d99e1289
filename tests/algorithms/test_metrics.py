"""Standings metrics: one definition per figure, and everything that names one reads it."""

import dataclasses
from fractions import Fraction as F

import pytest

from algorithms import metrics, standings
from algorithms.metrics import Direction, Metric, order_description, registry
from tournaments import leaderboard


def row(team, **values):
    base = {field.name: 0 for field in dataclasses.fields(standings.StandingRow)}
    base.update(win_pct=F(0), sos=F(0), oowp=F(0), team=team)
    return standings.StandingRow(**{**base, **values})


def test_every_ranking_key_a_season_may_choose_has_a_metric():
    assert set(standings.METRICS) <= set(metrics.STANDINGS)
    assert metrics.keys(metrics.RANKING) == standings.METRICS
    assert set(metrics.PRIMARY) <= set(metrics.RANKING)
    assert set(metrics.DEFAULT_ORDER) <= set(standings.METRICS)
    assert metrics.DEFAULT_ORDER[0] in metrics.keys(metrics.PRIMARY)


def test_the_default_config_is_the_default_order():
    config = standings.StandingsConfig()
    assert (config.primary, *config.tiebreaks) == metrics.DEFAULT_ORDER


def test_every_row_metric_is_a_figure_of_the_standings_row():
    fields = {field.name for field in dataclasses.fields(standings.StandingRow)}
    assert set(metrics.keys(metrics.ROW)) <= fields
    # Besides the figures: whose row it is, its rank, and whether SOS and OOWP measure anything.
    assert fields - set(metrics.keys(metrics.ROW)) == {"team", "rank", *standings.MEASURED.values()}


@pytest.mark.parametrize(
    "group",
    [metrics.ROW, metrics.RANKING, tuple(metrics.STANDINGS.values()), leaderboard.TIEBREAKS],
)
def test_keys_labels_and_abbreviations_are_unique(group):
    for attribute in ("key", "label", "abbreviation"):
        values = [getattr(metric, attribute) for metric in group]
        assert len(values) == len(set(values)), attribute


def test_a_key_defined_twice_is_refused():
    first = Metric("games_won", "games won", "GW", Direction.HIGHER, "games won")
    with pytest.raises(ValueError, match="defined twice"):
        registry([first, dataclasses.replace(first, label="wins")])


def test_a_metric_needs_a_python_name_and_its_texts_and_a_known_direction():
    with pytest.raises(ValueError, match="Python name"):
        Metric("win %", "winning percentage", "Win %", Direction.HIGHER, "won / played")
    with pytest.raises(ValueError, match="needs a label"):
        Metric("win_pct", "", "Win %", Direction.HIGHER, "won / played")
    with pytest.raises(ValueError):
        Metric("win_pct", "winning percentage", "Win %", "sideways", "won / played")


def test_direction_may_be_given_as_text():
    metric = Metric("points_against", "points against", "PA", "lower", "points conceded")
    assert metric.direction is Direction.LOWER and not metric.higher_is_better


def test_labels_read_mid_sentence_and_title_reads_as_a_heading():
    assert metrics.WIN_PCT.label == "winning percentage"
    assert metrics.WIN_PCT.title == "Winning percentage"
    assert metrics.OOWP.title.startswith("Opponents' opponents'")


def test_every_metric_a_season_ranks_by_says_which_way_is_better():
    assert all(metric.direction is not Direction.NEUTRAL for metric in metrics.RANKING)
    assert all(metric.higher_is_better for metric in metrics.RANKING)


def test_the_sos_explanation_is_the_sos_metrics_and_covers_oowp_and_forfeits():
    assert standings.SOS_EXPLANATION is metrics.SOS.explanation
    assert metrics.SOS_EXPLANATION is metrics.SOS.explanation
    assert metrics.SOS.explanation.startswith("Strength of schedule (SOS) measures")
    assert "OOWP is the same average" in metrics.SOS.explanation
    assert "forfeit" in metrics.OOWP.explanation.lower()


def test_the_order_in_words_uses_the_labels():
    assert order_description(["win_pct", "points_for", "head_to_head"]) == (
        "Ranked by winning percentage, then points for, then head-to-head games won among "
        "the tied teams"
    )
    assert order_description(["points"]) == "Ranked by standings points"
    assert order_description([]) == ""
    assert order_description(["win_pct", "coin_toss"]) == (
        "Ranked by winning percentage, then coin_toss"
    )


def test_direction_drives_the_sort():
    rows = [row("A", points_against=30), row("B", points_against=10), row("C", points_against=20)]
    as_if_higher = dataclasses.replace(metrics.POINTS_AGAINST, direction=Direction.HIGHER)

    def order(metric):
        return [group[0].team for group in standings._split(rows, [metric], {})]

    assert order(metrics.POINTS_AGAINST) == ["B", "C", "A"]
    assert order(as_if_higher) == ["A", "C", "B"]


def test_the_leaderboard_tiebreaks_are_metrics_and_keep_their_labels():
    assert leaderboard.METRICS == {
        "games_won": "Games won",
        "lone_hands_made": "Lone hands made",
        "best_round": "Best round",
    }
    fields = {field.name for field in dataclasses.fields(leaderboard.Standing)}
    assert set(leaderboard.BY_KEY) <= fields
    assert all(metric.higher_is_better for metric in leaderboard.TIEBREAKS)
