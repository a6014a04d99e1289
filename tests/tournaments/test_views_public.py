import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, UserFactory, director_user
from tests.tournaments.factories import bracket, heats_event, progressive, started
from tournaments.models import BracketMatch, Round, Seat

pytestmark = pytest.mark.django_db


def _confirm_round(confirm, tournament, number, director=None):
    row = Round.objects.get(tournament=tournament, number=number)
    for i, table in enumerate(row.tables.select_related("game")):
        confirm(table.game, {"N": 6 + i, "S": 6 + i, "E": 4, "W": 4}, director)


def test_the_list_filters_by_format(client):
    started(bracket(2, name="Tens Cup"))
    progressive(4, name="Spring Progressive")
    response = client.get(reverse("tournaments:tournament_list"), {"format": "partner_bracket"})
    assert b"Tens Cup" in response.content
    assert b"Spring Progressive" not in response.content
    # Anything typed into the filter is answered, never a server error.
    assert client.get(reverse("tournaments:tournament_list"), {"format": "x"}).status_code == 200


def test_a_progressive_page_shows_the_current_round_and_leaderboard(client, confirm):
    tournament = started(progressive(8, rounds=2, prizes=[3000, 1000]))
    _confirm_round(confirm, tournament, 1)
    response = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    content = response.content.decode()
    assert "Round 1 of 2" in content
    assert "2/2 tables confirmed" in content
    assert "Leaderboard" in content and "$" in content


def _leaderboard_queries(client, django_assert_max_num_queries, players):
    tournament = started(progressive(players, rounds=2))
    url = reverse("tournaments:leaderboard", args=[tournament.slug])
    with django_assert_max_num_queries(12):
        assert client.get(url).status_code == 200
    return tournament


@pytest.mark.parametrize("players", [8, 40])
def test_the_leaderboard_needs_the_same_few_queries_for_any_field(
    client, django_assert_max_num_queries, confirm, players
):
    tournament = started(progressive(players, rounds=2))
    _confirm_round(confirm, tournament, 1)
    for name in ("leaderboard", "detail", "big_screen", "big_screen_panel", "seat_cards"):
        with django_assert_max_num_queries(14):
            response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]))
        assert response.status_code == 200
    client.force_login(tournament.director)
    with django_assert_max_num_queries(16):
        assert client.get(reverse("tournaments:manage", args=[tournament.slug])).status_code == 200
    for name in ("round_sheet", "scorecards"):
        with django_assert_max_num_queries(12):
            response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug, 1]))
        assert response.status_code == 200


@pytest.mark.parametrize("teams", [4, 24])
def test_the_bracket_page_needs_the_same_few_queries_for_any_size(
    client, django_assert_max_num_queries, confirm, teams
):
    tournament = started(bracket(teams, best_of=3, consolation=True))
    match = BracketMatch.objects.filter(
        tournament=tournament, bracket="main", is_bye=False, round=1
    ).first()
    confirm(match.games.get().game, {"NS": 10, "EW": 7})
    for name in ("detail", "big_screen"):
        with django_assert_max_num_queries(10):
            response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]))
        assert response.status_code == 200
    client.force_login(tournament.director)
    with django_assert_max_num_queries(16):
        assert client.get(reverse("tournaments:manage", args=[tournament.slug])).status_code == 200


def test_the_bracket_page_shows_seeds_byes_and_round_names(client):
    tournament = started(bracket(6))
    content = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert "Final" in content and "Semifinals" in content
    assert content.count(">bye<") == 2


def test_the_heats_pages_show_each_stage(client, django_assert_max_num_queries):
    tournament = started(heats_event(9))
    with django_assert_max_num_queries(16):
        response = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    assert b"Round one" in response.content and b"bye" in response.content
    response = client.get(reverse("tournaments:heat_stage", args=[tournament.slug, 2]))
    assert b"Not drawn yet" in response.content
    assert (
        client.get(reverse("tournaments:heat_stage", args=[tournament.slug, 9])).status_code == 404
    )


def test_printable_sheets_cards_and_scorecards(client):
    tournament = started(progressive(9, rounds=2))
    slug = tournament.slug
    sheet = client.get(reverse("tournaments:round_sheet", args=[slug, 1])).content.decode()
    assert "<td><strong>1</strong></td>" in sheet and "<td><strong>2</strong></td>" in sheet
    assert "Sitting out" in sheet
    cards = client.get(reverse("tournaments:scorecards", args=[slug, 1])).content.decode()
    assert cards.count('class="scorecard"') == 8
    assert cards.count('class="box"') == 8 * 9  # 8 hands and a total per card
    assert (
        reverse(
            "scoring:game_print",
            args=[Round.objects.get(tournament=tournament, number=1).tables.first().game_id],
        )
        in cards
    )
    seats = client.get(reverse("tournaments:seat_cards", args=[slug]) + "?all=1").content
    assert seats.decode().count('class="cut-card"') == 9
    one = client.get(reverse("tournaments:seat_card", args=[slug, 1])).content.decode()
    assert "Now: round 1" in one
    seat = Seat.objects.filter(round__tournament=tournament, round__number=1, table__isnull=False)
    seated = seat.select_related("entry", "table").first()
    mine = client.get(reverse("tournaments:seat_card", args=[slug, seated.entry.number]))
    game_url = reverse("scoring:game_detail", args=[seated.table.game_id])
    assert f"Scorecard for table {seated.table.number}" in mine.content.decode()
    assert game_url in mine.content.decode()


def test_pages_for_rounds_and_formats_that_do_not_exist_are_not_found(client):
    tournament = started(progressive(8, rounds=2))
    slug = tournament.slug
    assert client.get(reverse("tournaments:round", args=[slug, 7])).status_code == 404
    assert client.get(reverse("tournaments:round_sheet", args=[slug, 7])).status_code == 404
    assert client.get(reverse("tournaments:seat_card", args=[slug, 99])).status_code == 404
    other = started(bracket(2))
    assert client.get(reverse("tournaments:leaderboard", args=[other.slug])).status_code == 404
    assert client.get(reverse("tournaments:seat_cards", args=[other.slug])).status_code == 404
    assert client.get(reverse("tournaments:detail", args=["nope"])).status_code == 404


def test_the_public_page_offers_the_control_page_only_to_its_director(client):
    tournament = bracket(2)
    manage = reverse("tournaments:manage", args=[tournament.slug]).encode()
    assert manage not in client.get(reverse("tournaments:detail", args=[tournament.slug])).content
    client.force_login(director_user(tournament=TournamentFactory()))
    assert manage not in client.get(reverse("tournaments:detail", args=[tournament.slug])).content
    client.force_login(tournament.director)
    assert manage in client.get(reverse("tournaments:detail", args=[tournament.slug])).content


def test_a_signed_in_player_is_pointed_to_their_own_seats(client):
    tournament = started(progressive(8, rounds=2))
    entry = tournament.entries.get(number=3)
    entry.player.user = UserFactory()
    entry.player.save()
    url = reverse("tournaments:detail", args=[tournament.slug])
    mine = reverse("tournaments:seat_card", args=[tournament.slug, 3])
    assert mine.encode() not in client.get(url).content
    client.force_login(entry.player.user)
    assert mine.encode() in client.get(url).content


def test_a_seated_player_enters_the_card_from_their_seat_card(client):
    tournament = started(progressive(8, rounds=2))
    seat = (
        Seat.objects.filter(round__tournament=tournament, round__number=1, seat="N")
        .select_related("entry__player", "table")
        .first()
    )
    url = reverse("tournaments:seat_card", args=[tournament.slug, seat.entry.number])
    assert b'class="entry"' not in client.get(url).content
    seat.entry.player.user = UserFactory()
    seat.entry.player.save()
    client.force_login(seat.entry.player.user)
    content = client.get(url).content.decode()
    assert 'class="entry"' in content
    assert reverse("scoring:entry_add_hand", args=[seat.table.game_id]) in content


def test_anything_typed_into_a_url_or_query_is_answered_without_a_server_error(client):
    tournament = started(progressive(8, rounds=2))
    slug = tournament.slug
    huge = "9" * 30
    for path in (
        f"/tournaments/{slug}/rounds/{huge}/",
        f"/tournaments/{slug}/seats/{huge}/",
        f"/tournaments/{slug}/stages/{huge}/",
        f"/tournaments/{slug}/rounds/99999/sheet/",
    ):
        assert client.get(path).status_code == 404, path
    listing = reverse("tournaments:tournament_list")
    for query in ({"page": "abc"}, {"page": "999"}, {"sort": "nonsense"}, {"status": "x" * 500}):
        assert client.get(listing, query).status_code in (200, 404), query


def test_the_prizes_are_listed_in_dollars(client):
    tournament = bracket(2, prizes=[20000, 7550])
    content = client.get(reverse("tournaments:detail", args=[tournament.slug])).content.decode()
    assert "1st $200.00" in content and "2nd $75.50" in content


@pytest.mark.parametrize("players", [8, 60])
def test_the_leaderboard_page_takes_one_query_for_any_field_between_changes(
    client, django_assert_num_queries, players
):
    tournament = started(progressive(players, rounds=2))
    url = reverse("tournaments:leaderboard", args=[tournament.slug])
    client.get(url)
    with django_assert_num_queries(1):  # the event with its results version
        page = client.get(url).content.decode()
    assert all(entry.player.name in page for entry in tournament.entries.all())


def test_a_finished_events_champion_is_read_once(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = started(progressive(8, rounds=2))
    champion = tournament.entries.order_by("pk").first()
    type(tournament).objects.filter(pk=tournament.pk).update(champion=champion)
    url = reverse("tournaments:leaderboard", args=[tournament.slug])
    client.get(url)  # the board kept
    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    assert champion.display_name in page
    entry_reads = [q for q in queries.captured_queries if 'FROM "tournaments_entry"' in q["sql"]]
    assert len(entry_reads) == 1
