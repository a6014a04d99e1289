"""The standings page, CSV, snapshot and season setting all name metrics from one definition."""

import csv
import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from algorithms import metrics
from league.seasons.forms import SeasonSettingsForm
from league.seasons.models import Season
from league.seasons.models.season import PRIMARY_METRICS, TIEBREAK_METRICS
from league.standings import views
from league.standings.models import StandingsSnapshotRow
from league.standings.services import standings_publish
from league.standings.tables import StandingsTable, legend
from tests.factories import manager_user
from tests.league.night_factories import fixture_between, night_season, play, ready_team


def test_every_row_metric_is_a_snapshot_column():
    columns = {field.name for field in StandingsSnapshotRow._meta.get_fields()}
    assert set(metrics.keys(metrics.ROW)) <= columns


def test_the_table_headers_are_the_metrics_abbreviations():
    table = StandingsTable([])
    shown = [column for column in table.columns if column.name in metrics.STANDINGS]
    assert len(shown) == len(StandingsTable.Meta.sequence) - 2  # all but rank and team
    for column in shown:
        assert column.header == metrics.STANDINGS[column.name].abbreviation


def test_the_key_under_the_table_follows_its_columns_and_leaves_sos_to_its_paragraph():
    keys = [metric.key for metric in legend()]
    assert keys == [
        name
        for name in StandingsTable.Meta.sequence
        if name in metrics.STANDINGS and name not in ("sos", "oowp")
    ]


def test_the_csv_header_is_the_row_metrics_keys():
    assert ["level_name", "rank", "team_name", *metrics.keys(metrics.ROW)] == views.CSV_FIELDS


@pytest.mark.django_db
def test_the_standings_order_choices_are_the_ranking_metrics():
    assert PRIMARY_METRICS == ("win_pct", "points") == metrics.keys(metrics.PRIMARY)
    assert metrics.keys(metrics.RANKING) == TIEBREAK_METRICS
    assert Season().standings_order == list(metrics.DEFAULT_ORDER)
    help_text = SeasonSettingsForm.base_fields["standings"].help_text
    assert help_text == (
        "Primary metric (win_pct or points) then tiebreaks, comma-separated, from: "
        "win_pct, points, head_to_head, sos, oowp, differential, points_for."
    )


@pytest.mark.django_db
def test_an_unknown_standings_metric_is_refused_with_the_choices():
    season = Season(standings_order=["win_pct", "coin_toss"])
    errors = season_errors(season)
    assert errors["standings_order"] == [
        "Tiebreaks come from win_pct, points, head_to_head, sos, oowp, differential, "
        "points_for, each at most once."
    ]
    season.standings_order = ["sos"]
    assert season_errors(season)["standings_order"] == [
        "Start the standings order with win_pct or points."
    ]


def season_errors(season):
    try:
        season.clean()
    except ValidationError as exc:
        return exc.message_dict
    return {}


@pytest.mark.django_db
def test_the_page_and_csv_read_the_metrics(client):
    season = night_season(levels=("A",))
    a, b = (ready_team(season, f"Ace {i}", "A")[1] for i in range(2))
    play(fixture_between(season, a, b, 1), (10, 1), (10, 2), (4, 10))
    standings_publish(season=season, week=1, by=manager_user())
    url = reverse("league:season_standings", args=[season.league.slug, season.slug])
    page = client.get(url).content.decode()
    assert metrics.SOS.explanation.replace("'", "&#x27;") in page
    assert (
        "Ranked by winning percentage, then head-to-head games won among the tied teams, "
        "then strength of schedule (SOS), then point differential."
    ) in page
    for metric in (metrics.GAMES_WON, metrics.WIN_PCT, metrics.FORFEITS):
        assert f"{metric.abbreviation}: {metric.explanation}" in page
    assert "A forfeited game counts 10–0 in points for and against." in page
    header = next(csv.reader(io.StringIO(client.get(url + "?export=csv").content.decode())))
    assert header == views.CSV_FIELDS
