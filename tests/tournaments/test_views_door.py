"""The door's pages: paste and confirm, the QR code, live counters, self check-in."""

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, director_user
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Tournament
from tournaments.services.check_in import check_in_token
from tournaments.views.door import _digest

pytestmark = pytest.mark.django_db

LIST = "Ada Ames, ada@example.com\nBen Bell\tben@example.com\t416 555 0102\nAda Ames\n"


def _url(name, tournament, *args):
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


@pytest.fixture
def event(client):
    tournament = progressive(4, checked_in=False)
    client.force_login(tournament.director)
    return tournament


def test_pasting_shows_a_preview_and_registers_nothing(client, event):
    response = client.post(_url("entries_paste", event), {"text": LIST, "check_in": "on"})
    content = response.content.decode()
    assert response.status_code == 200
    assert (
        "New: <strong>2</strong>" in content
        and "Duplicates (left out): <strong>1</strong>" in content
    )
    assert "same as line 1" in content and "Register 2 players" in content
    assert event.entries.count() == 4


def test_confirming_the_previewed_list_registers_everyone_at_once(client, event):
    data = {"text": LIST, "check_in": "on", "notify": "on", "previewed": _digest(LIST)}
    response = client.post(_url("entries_paste", event), {**data, "confirm": "1"})
    assert response.status_code == 302 and response["Location"] == _url("manage", event)
    new = event.entries.filter(number__gt=4).order_by("number")
    assert [e.player.name for e in new] == ["Ada Ames", "Ben Bell"]
    assert all(e.status == Entry.Status.CHECKED_IN and e.notify for e in new)


def test_a_list_changed_after_its_preview_is_previewed_again_not_registered(client, event):
    data = {"text": LIST + "Cal Cole\n", "previewed": _digest(LIST), "confirm": "1"}
    response = client.post(_url("entries_paste", event), data)
    assert b"The list changed since the preview" in response.content
    assert event.entries.count() == 4


def test_bad_lines_are_listed_by_number_and_nothing_is_saved(client, event):
    text = "Ada\nBen, nope@\nCal, 4\n"
    data = {"text": text, "previewed": _digest(text), "confirm": "1"}
    content = client.post(_url("entries_paste", event), data).content.decode()
    assert "Nothing was registered." in content
    assert "Line 2: “nope@” is not an email address." in content and "Line 3: " in content
    assert event.entries.count() == 4


def test_the_door_shows_a_qr_code_of_the_signed_check_in_link(client, event, settings):
    settings.SITE_URL = "https://euchre.example.org"
    content = client.get(_url("door", event)).content.decode()
    link = "https://euchre.example.org" + _url("self_check_in", event, check_in_token(event))
    assert f'href="{link}"' in content
    assert "<svg" in content and 'class="segno"' in content
    assert "site-header" not in content  # the room's own base: no menus
    assert _url("door_counts", event) in content and 'data-hx-trigger="every 3s"' in content


def test_the_counters_answer_with_the_numbers_now(client, event):
    Entry.objects.filter(pk__in=event.entries.values("pk")[:2]).update(
        status=Entry.Status.CHECKED_IN
    )
    content = client.get(_url("door_counts", event)).content.decode()
    assert '<strong data-count="registered">4</strong>' in content
    assert '<strong data-count="checked_in">2</strong>' in content
    assert '<strong data-count="seats">0 tables · 2 sit out each round</strong>' in content
    assert 'data-count="withdrawn"' not in content  # shown once someone has left


def test_a_withdrawal_keeps_the_registered_count_and_is_counted_apart(client, event):
    Entry.objects.filter(pk=event.entries.values("pk")[:1]).update(status=Entry.Status.WITHDRAWN)
    content = client.get(_url("door_counts", event)).content.decode()
    assert '<strong data-count="registered">4</strong>' in content
    assert '<strong data-count="withdrawn">1</strong>' in content


def test_a_check_in_on_the_control_page_updates_the_counters_at_once(client, event):
    manage = client.get(_url("manage", event)).content.decode()
    assert 'data-hx-trigger="every 3s, entries-changed from:body"' in manage
    response = client.post(
        _url("entry_action", event, 1, "check_in"), headers={"HX-Request": "true"}
    )
    assert response["HX-Trigger"] == "entries-changed"


def test_the_director_opens_and_closes_self_check_in(client, event):
    client.post(_url("check_in_switch", event), {"open": "1"})
    assert Tournament.objects.get(pk=event.pk).check_in_open
    response = client.post(_url("check_in_switch", event), {"open": "0", "back": "door"})
    assert response["Location"] == _url("door", event)
    assert not Tournament.objects.get(pk=event.pk).check_in_open
    assert "Self check-in is closed." in client.get(_url("door", event)).content.decode()


def test_opening_check_in_too_late_is_refused_on_the_door_screen(client):
    tournament = started(progressive(8, rounds=1))
    client.force_login(tournament.director)
    response = client.post(
        _url("check_in_switch", tournament), {"open": "1", "back": "door"}, follow=True
    )
    assert "a round left to join" in response.content.decode()
    assert not Tournament.objects.get(pk=tournament.pk).check_in_open


def test_self_check_in_with_the_events_link(client, event):
    Tournament.objects.filter(pk=event.pk).update(check_in_open=True)
    client.logout()
    url = _url("self_check_in", event, check_in_token(event))
    name = event.entries.first().player.name
    page = client.get(url).content.decode()
    assert f'<option value="{name}">' in page
    response = client.post(url, {"name": name})
    assert f"You're checked in, {name}." in response.content.decode()
    again = client.post(url, {"name": name}).content.decode()
    assert f"You're already checked in, {name}." in again
    assert event.entries.filter(status=Entry.Status.CHECKED_IN).count() == 1


def test_a_link_for_another_event_or_a_forged_one_is_not_found(client, event):
    other = TournamentFactory()
    assert client.get(_url("self_check_in", event, check_in_token(other))).status_code == 404
    assert client.get(_url("self_check_in", event, "1:forged")).status_code == 404


def test_a_closed_check_in_says_so_and_a_wrong_name_is_answered_in_place(client, event):
    url = _url("self_check_in", event, check_in_token(event))
    assert "Check-in is closed" in client.get(url).content.decode()
    Tournament.objects.filter(pk=event.pk).update(check_in_open=True)
    content = client.post(url, {"name": "Nobody"}).content.decode()
    assert "isn&#x27;t on the list of registered players" in content
    assert not event.entries.filter(status=Entry.Status.CHECKED_IN).exists()


def test_a_late_self_check_in_says_which_round_they_join(client):
    tournament = progressive(8, rounds=3)
    late = tournament.entries.order_by("number").last()
    Entry.objects.filter(pk=late.pk).update(status=Entry.Status.REGISTERED)
    tournament = started(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(check_in_open=True)
    url = _url("self_check_in", tournament, check_in_token(tournament))
    content = client.post(url, {"name": late.player.name}).content.decode()
    assert "You join the rotation from round 2." in content
    assert _url("seat_card", tournament, late.number) in content


def test_the_announcement_reaches_the_room(client, event):
    client.post(_url("announce", event), {"text": "Pizza at the bar\nafter round 4"})
    assert Tournament.objects.get(pk=event.pk).announcement == "Pizza at the bar\nafter round 4"
    room = client.get(_url("big_screen", event)).content.decode()
    assert "Pizza at the bar<br>after round 4" in room
    client.post(_url("announce", event), {"text": "x" * 501})
    assert Tournament.objects.get(pk=event.pk).announcement.startswith("Pizza")


def test_another_director_reaches_none_of_the_door(client, event):
    client.force_login(director_user(tournament=TournamentFactory(), username="else"))
    for name in ("entries_paste", "door", "door_counts"):
        assert client.get(_url(name, event)).status_code == 403
    assert client.post(_url("check_in_switch", event), {"open": "1"}).status_code == 403
    assert not Tournament.objects.get(pk=event.pk).check_in_open
