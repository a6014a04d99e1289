"""Season and event statistics: players, partnerships, leaders, sorting, CSV, public to all."""

import csv
import io

import pytest
from django.urls import reverse

from people.selectors.statistics import leaders, player_rows, scope_lines
from people.tables import StatisticsTable
from tests.factories import PlayerFactory, SeasonFactory
from tests.people.factories import line, many_lines, pair_lines
from tests.tournaments.factories import progressive

pytestmark = pytest.mark.django_db


def _season_url(season) -> str:
    return reverse("people:season_statistics", args=[season.pk])


@pytest.fixture
def season_played():
    season = SeasonFactory(name="Fall")
    ann, bob, cy, di = (PlayerFactory(name=n) for n in ("Ann", "Bob", "Cy", "Di"))
    hands = {"by_hand": True, "hands": 12, "hand_points": 14, "trump_made": 5}
    pair_lines(
        ann,
        bob,
        opponents=(cy, di),
        season=season,
        **hands,
        trump_made_good=4,
        marches=1,
        euchres_given=2,
        side_lone_tried=2,
        side_lone_made=1,
    )
    pair_lines(ann, bob, opponents=(cy, di), season=season, result="lost", points_for=7)
    line(ann, season=season, partner=bob, by_hand=True, hands=10, lone_made=3, lone_tried=3)
    return season, (ann, bob, cy, di)


def test_one_row_per_player_with_record_and_hands(client, season_played):
    season, (ann, *_rest) = season_played
    page = client.get(_season_url(season)).content.decode()
    table = page[page.index('id="player-statistics"') :]
    assert reverse("people:profile", args=[ann.pk]) in table
    rows = {row["player__name"]: row for row in player_rows(scope_lines(season_id=season.pk))}
    assert rows["Ann"]["games"] == 3 and rows["Ann"]["won"] == 2 and rows["Ann"]["lost"] == 1
    assert rows["Ann"]["hands"] == 22 and rows["Ann"]["lone_made"] == 3
    assert rows["Ann"]["made_good_pct"] == pytest.approx(80.0)


def test_the_partnership_table_counts_each_game_once_with_the_sides_lone_hands(
    client, season_played
):
    season, (ann, bob, cy, di) = season_played
    page = client.get(_season_url(season)).content.decode()
    pairs = page[page.index('id="partnership-statistics"') :]
    assert "Ann" in pairs and "Bob" in pairs and "Cy" in pairs
    assert reverse("people:profile", args=[bob.pk]) in pairs
    from people.selectors.statistics import partnership_rows

    rows = list(partnership_rows(scope_lines(season_id=season.pk)))
    assert len(rows) == 2  # Ann & Bob, Cy & Di
    ann_bob = next(row for row in rows if row["player__name"] == "Ann")
    assert ann_bob["games"] == 3 and ann_bob["lone_made"] == 1 and ann_bob["lone_tried"] == 2


def test_the_leaders_box_names_the_best_and_the_rate_needs_twenty_hands(client, season_played):
    season, (ann, *_rest) = season_played
    page = client.get(_season_url(season)).content.decode()
    box = page[page.index('id="leaders"') : page.index('id="players"')]
    assert "Most lone hands made:" in box and "Ann</a> (3)" in box
    assert "Most marches:" in box and "Most euchres given:" in box
    assert "Best made-good % (min 20 hands):" in box  # Ann has 22 hands
    rows = [
        {"player_id": 1, "player__name": "Few", "hands": 19, "made_good_pct": 100.0}
        | dict.fromkeys(("lone_made", "marches", "euchres_given"), 0)
    ]
    assert leaders(rows) == []


def test_the_note_says_which_games_counted(client, season_played):
    season, _ = season_played
    page = client.get(_season_url(season)).content.decode()
    assert "Hand statistics count 2 of 3 games" in page


def test_every_column_sorts_and_odd_sorts_never_fail(client, season_played):
    season, _ = season_played
    columns = [column.name for column in StatisticsTable([]).columns]
    for column in columns:
        for sort in (column, f"-{column}"):
            response = client.get(_season_url(season), {"sort": sort, "pairs-sort": sort})
            assert response.status_code == 200, sort
    for odd in ("nope", "-", "\x00", "player__name;drop", "9" * 40, "--games"):
        assert client.get(_season_url(season), {"sort": odd, "page": odd}).status_code == 200


def test_sorting_by_lone_hands_made_puts_the_most_first(client, season_played):
    season, _ = season_played
    page = client.get(_season_url(season), {"sort": "-lone_made"}).content.decode()
    table = page[page.index('id="player-statistics"') :]
    assert table.index("Ann") < table.index("Bob")


def test_the_csv_has_every_player_and_a_partnership_csv_every_pair(client, season_played):
    season, _ = season_played
    response = client.get(_season_url(season), {"export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Player", "Games", "Won"] and len(rows) == 5
    response = client.get(_season_url(season), {"export": "partners-csv"})
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:2] == ["Player", "Partner"] and len(rows) == 3


def test_a_name_that_looks_like_a_formula_is_text_in_the_csv(client):
    season = SeasonFactory()
    line(PlayerFactory(name="=HYPERLINK(1)"), season=season)
    response = client.get(_season_url(season), {"export": "csv"})
    assert "'=HYPERLINK(1)" in response.content.decode()


def test_statistics_show_players_who_keep_their_profile_to_their_name(client, season_played):
    """A season's statistics are its public record, like the standings."""
    season, (ann, *_rest) = season_played
    page = client.get(_season_url(season)).content.decode()
    assert "Ann" in page[page.index('id="player-statistics"') :]


def test_an_event_has_its_own_statistics_page(client):
    event = progressive(players=4, rounds=1, name="Snow Ball")
    ann, bob = PlayerFactory(name="Ann"), PlayerFactory(name="Bob")
    pair_lines(ann, bob, tournament=event, by_hand=True, hands=8, marches=2)
    response = client.get(reverse("people:event_statistics", args=[event.slug]))
    page = response.content.decode()
    assert response.status_code == 200 and "Snow Ball" in page and "Most marches:" in page
    assert client.get(reverse("people:event_statistics", args=["nope"])).status_code == 404
    assert client.get(reverse("people:season_statistics", args=[999999])).status_code == 404


def test_a_big_season_is_a_bounded_number_of_queries(client, django_assert_max_num_queries):
    season = SeasonFactory()
    for n in range(30):
        many_lines(PlayerFactory(name=f"P{n:02d}"), 40, season=season, by_hand=True, hands=9)
    with django_assert_max_num_queries(12):
        response = client.get(_season_url(season))
    assert response.status_code == 200
