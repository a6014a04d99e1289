"""Opted-in players get their seat when each round opens and the standings at the end."""

import pytest
from django.urls import reverse

from league.seasons.models import Player
from notices.models import Notice, OutboxMessage
from notices.unsubscribe import email_opt_out
from tests.notices.told import notice_ids, said, written
from tests.tournaments.factories import bracket, progressive, started
from tournaments.models import Entry, Round, Seat
from tournaments.services import progressive_finish, round_start_next
from tournaments.services.notify import seat_sentence

pytestmark = pytest.mark.django_db


def _opt_in(tournament, count, **contact):
    entries = list(tournament.entries.order_by("number")[:count])
    for n, entry in enumerate(entries, start=1):
        Entry.objects.filter(pk=entry.pk).update(
            notify=True,
            email=contact.get("email", f"p{n}@example.com"),
            phone=contact.get("phone", ""),
        )
    return entries


def _confirm_round(confirm, tournament, number):
    row = Round.objects.get(tournament=tournament, number=number)
    for table in row.tables.select_related("game"):
        confirm(table.game, {"N": 6, "S": 6, "E": 4, "W": 4}, tournament.director)


class _Named:
    def __init__(self, name):
        self.player = type("P", (), {"name": name})()


def test_the_seat_sentence_names_table_partner_and_opponents():
    dana, lee, sam = _Named("Dana"), _Named("Lee"), _Named("Sam")
    assert seat_sentence(3, 5, dana, [lee, sam]) == (
        "Round 3: table 5, with Dana, against Lee and Sam."
    )
    assert seat_sentence(3, 5, None, [lee, sam]) == "Round 3: table 5, alone against Lee and Sam."
    assert seat_sentence(3, 5, dana, [lee]) == "Round 3: table 5, with Dana, against Lee (alone)."
    assert seat_sentence(3, None, None, []) == "Round 3: you sit out this round."


def test_starting_tells_each_opted_in_player_their_first_seat_and_nobody_else():
    tournament = progressive(9, rounds=2)
    entries = _opt_in(tournament, 3)
    tournament = started(tournament)
    notices = Notice.objects.filter(kind=Notice.Kind.TOURNAMENT_SEAT)
    assert notices.count() == 3
    first = Seat.objects.select_related("table").get(entry=entries[0], round__number=1)
    notice = notices.get(source__entry=entries[0].pk)
    if first.table is None:
        assert "Round 1: you sit out" in notice.body
    else:
        assert f"Round 1: table {first.table.number}, " in notice.body
    assert notice.subject.startswith(f"{tournament.name} · Round 1:")
    assert notice.link == f"/tournaments/{tournament.slug}/seats/{entries[0].number}/"
    assert set(OutboxMessage.objects.values_list("address", flat=True)) == {
        "p1@example.com",
        "p2@example.com",
        "p3@example.com",
    }


def test_the_partner_named_is_the_one_at_the_table(confirm):
    tournament = progressive(8, rounds=2)
    _opt_in(tournament, 8)
    tournament = started(tournament)
    for seat in Seat.objects.filter(round__tournament=tournament, round__number=1).select_related(
        "table", "entry__player"
    ):
        partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}[seat.seat]
        partner = Seat.objects.get(table=seat.table, seat=partner_seat).entry.player.name
        body = Notice.objects.get(source__entry=seat.entry_id).body
        assert f"table {seat.table.number}, with {partner}, against " in body


def test_each_new_round_sends_once_and_texts_go_to_opted_in_phones(confirm):
    tournament = progressive(8, rounds=2)
    _opt_in(tournament, 1, email="", phone="416 555 0101")
    tournament = started(tournament)
    _confirm_round(confirm, tournament, 1)
    round_start_next(tournament=tournament, by=tournament.director)
    seats = Notice.objects.filter(kind=Notice.Kind.TOURNAMENT_SEAT).order_by("pk")
    assert [n.subject.split(" · ")[1][:8] for n in seats] == ["Round 1:", "Round 2:"]
    texts = OutboxMessage.objects.filter(channel=OutboxMessage.Channel.SMS)
    assert set(texts.values_list("address", flat=True)) == {"+14165550101"}
    assert texts.count() == 2


def test_without_an_opt_in_nothing_is_written():
    tournament = progressive(8, rounds=2)
    Entry.objects.filter(tournament=tournament).update(email="x@example.com")
    started(tournament)
    assert not Notice.objects.exists()


def test_finishing_tells_each_opted_in_player_their_place(confirm):
    tournament = progressive(8, rounds=1)
    entries = _opt_in(tournament, 2)
    tournament = started(tournament)
    _confirm_round(confirm, tournament, 1)
    progressive_finish(tournament=tournament, by=tournament.director)
    results = Notice.objects.filter(kind=Notice.Kind.TOURNAMENT_RESULTS)
    assert results.count() == 2
    body = results.get(source__entry=entries[0].pk).body
    assert body.startswith("Final standings: you finished ") and " of 8 with " in body
    assert results.first().link == f"/tournaments/{tournament.slug}/"


def test_a_bracket_tells_its_opted_in_teams_who_won(confirm):
    tournament = bracket(2)
    _opt_in(tournament, 2)
    tournament = started(tournament)
    game = tournament.bracket_matches.get().games.get().game
    confirm(game, {"NS": 10, "EW": 4}, tournament.director)
    tournament.refresh_from_db()
    champion = tournament.entries.get(pk=tournament.champion_id)
    results = Notice.objects.filter(kind=Notice.Kind.TOURNAMENT_RESULTS)
    assert results.count() == 2
    assert {n.body.splitlines()[0] for n in results} == {f"Final: {champion.display_name} won."}


def test_every_player_of_a_team_is_told_not_only_the_first(confirm):
    tournament = bracket(2)
    entries = _opt_in(tournament, 2)
    Player.objects.filter(pk=entries[0].partner_id).update(email="partner1@example.com")
    # A partner whose address on file is the one given at the door is told once.
    Player.objects.filter(pk=entries[1].partner_id).update(email="P2@example.com")
    tournament = started(tournament)
    game = tournament.bracket_matches.get().games.get().game
    confirm(game, {"NS": 10, "EW": 4}, tournament.director)
    emails = OutboxMessage.objects.filter(channel="email")
    assert sorted(emails.values_list("address", flat=True)) == [
        "p1@example.com",
        "p2@example.com",
        "partner1@example.com",
    ]
    first = emails.filter(notice__source__entry=entries[0].pk)
    assert set(first.values_list("player_id", flat=True)) == {
        entries[0].player_id,
        entries[0].partner_id,
    }


def _contacts(tournament):
    """Five opted in: two with a number too, one whose address asked for no more email,
    one with only a number; the rest not opted in."""
    entries = _opt_in(tournament, 5)
    for n, entry in enumerate(entries[:2]):
        Entry.objects.filter(pk=entry.pk).update(phone=f"+1416555020{n}")
    Entry.objects.filter(pk=entries[4].pk).update(email="", phone="+14165550299")
    email_opt_out("p3@example.com")


def _manage(client, tournament):
    client.force_login(tournament.director)
    html = client.get(reverse("tournaments:manage", args=[tournament.slug])).content.decode()
    return said(html, "who-will-be-told")


def test_the_start_form_says_who_hears_their_first_seat_and_starting_tells_exactly_them(client):
    tournament = progressive(9, rounds=2)
    _contacts(tournament)
    shown = _manage(client, tournament)
    assert (shown.emails, shown.texts) == (1, 3)  # a seat goes by text to those who take texts
    client.post(reverse("tournaments:start", args=[tournament.slug]))
    assert written() == shown


def test_the_next_round_form_says_who_is_told_and_the_round_tells_exactly_them(client, confirm):
    tournament = progressive(9, rounds=2)
    _contacts(tournament)
    tournament = started(tournament)
    _confirm_round(confirm, tournament, 1)
    before = notice_ids()
    shown = _manage(client, tournament)
    assert (shown.emails, shown.texts) == (1, 3)
    client.post(reverse("tournaments:round_next", args=[tournament.slug]))
    assert Round.objects.get(tournament=tournament, number=2).status == Round.Status.PLAYING
    assert written(before) == shown


def test_the_finish_form_says_who_hears_the_standings_and_finishing_tells_exactly_them(
    client, confirm
):
    tournament = progressive(8, rounds=1)
    _contacts(tournament)
    tournament = started(tournament)
    _confirm_round(confirm, tournament, 1)
    before = notice_ids()
    shown = _manage(client, tournament)
    assert (shown.emails, shown.texts) == (3, 3)
    client.post(reverse("tournaments:finish", args=[tournament.slug]))
    assert written(before) == shown
