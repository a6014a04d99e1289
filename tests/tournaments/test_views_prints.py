""" "Where do I sit" on a phone: the signed-in player's own seat first, a search by name or
seat code that works as a plain GET form, and every card only when asked for (to print)."""

import pytest
from django.urls import reverse

from league.seasons.models import Player
from tests.factories import UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return started(progressive(12, rounds=3))


def _url(event, query=""):
    return reverse("tournaments:seat_cards", args=[event.slug]) + query


def _now(entry):
    seat = Seat.objects.select_related("table").get(entry=entry, round__number=1)
    return f"table <strong>{seat.table.number}</strong>, seat <strong>{seat.seat}</strong>"


def _seated(event):
    seat = Seat.objects.filter(round__tournament=event, round__number=1, table__isnull=False)
    return seat.select_related("entry__player").order_by("entry__number").first().entry


def test_the_page_does_not_list_every_card_unless_asked_to_print_them(client, event):
    page = client.get(_url(event)).content.decode()
    assert 'class="cut-card"' not in page
    assert 'role="search"' in page and 'name="name"' in page and 'maxlength="60"' in page
    assert f'href="{_url(event, "?all=1")}"' in page
    assert client.get(_url(event, "?all=1")).content.decode().count('class="cut-card"') == 12


def test_a_signed_in_player_sees_their_own_seat_first(client, event):
    entry = _seated(event)
    user = UserFactory()
    Player.objects.filter(pk=entry.player_id).update(user=user)
    client.force_login(user)
    page = client.get(_url(event)).content.decode()
    assert 'id="my-seat"' in page and page.index('id="my-seat"') < page.index('role="search"')
    mine = page[page.index('id="my-seat"') : page.index("</article>", page.index('id="my-seat"'))]
    assert _now(entry) in mine


def test_a_search_by_part_of_a_name_finds_the_player_as_typed_loosely(client, event):
    entry = _seated(event)
    Player.objects.filter(pk=entry.player_id).update(name="Zoë O’Brien")
    page = client.get(_url(event, "?name=++zoe+o%27bri++")).content.decode()
    assert "Players matching" in page and "Zoë O’Brien" in page
    assert _now(entry) in page
    assert page.count('class="table-card seat-match"') == 1


def test_a_name_nobody_has_says_so(client, event):
    page = client.get(_url(event, "?name=Nobody+Here")).content.decode()
    assert "Nobody here is called “Nobody Here”" in page


@pytest.mark.parametrize("name", ["x" * 61, "Bad\x1bname", "a\x00b"])
def test_a_long_or_garbled_search_is_refused_with_a_message(client, event, name):
    response = client.get(_url(event), {"name": name})
    assert response.status_code == 200
    assert b'role="alert"' in response.content and b"Players matching" not in response.content


def test_a_seat_code_opens_that_players_card_at_the_round_now(client, event):
    entry = _seated(event)
    response = client.get(_url(event), {"code": entry.seat_code.lower()})
    assert response.status_code == 302
    assert (
        response.url == reverse("tournaments:seat_card", args=[event.slug, entry.number]) + "#now"
    )


def test_wrong_seat_codes_are_counted_and_then_refused_for_a_while(client, event):
    entry = event.entries.order_by("number").first()
    taken = set(Entry.objects.filter(tournament=event).values_list("seat_code", flat=True))
    wrong = next(c for c in ("QQQQ", "WWWW", "XXXX", "YYYY") if c not in taken)
    pages = [client.get(_url(event), {"code": wrong}).content.decode() for _ in range(8)]
    assert "No card of this event has that seat code" in pages[0]
    assert "wrong seat codes" in pages[-1]  # slowed, then locked: guesses stop counting
    after = client.get(_url(event), {"code": entry.seat_code})
    assert after.status_code == 200  # even the right code waits now
    assert b"wrong seat codes" in after.content
