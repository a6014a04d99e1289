"""A player's seat tonight on their start page: the round under way of each progressive
event they play in today."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.seasons.models import Player
from tests.factories import UserFactory
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Seat
from tournaments.selectors.my_seats import seats_tonight
from tournaments.services import entry_check_in, entry_register, entry_withdraw

pytestmark = pytest.mark.django_db


def _playing(user, **kwargs):
    """A progressive under way today with `user`'s player entered (made the first time)."""
    player = Player.objects.filter(user=user).first()
    if player is None:
        player = Player.objects.create(name=f"Player of {user.username}", user=user)
    tournament = progressive(7, rounds=2, date=timezone.localdate(), **kwargs)
    entry_check_in(entry=entry_register(tournament=tournament, player_name=player.name))
    tournament = started(tournament)
    return tournament, tournament.entries.get(player=player)


def test_a_player_sees_their_table_seat_partner_and_opponents_for_the_round_now():
    user = UserFactory()
    tournament, entry = _playing(user)
    mine = Seat.objects.select_related("table").get(entry=entry, round__number=1)

    [seat] = seats_tonight(user)

    assert (seat.tournament, seat.entry, seat.round) == (tournament, entry, 1)
    if mine.table is None:
        assert seat.table is None
    else:
        assert (seat.table, seat.seat, seat.game_id) == (
            mine.table.number,
            mine.seat,
            mine.table.game_id,
        )
        at_table = set(Seat.objects.filter(table=mine.table).values_list("entry_id", flat=True))
        assert {seat.partner.pk, *(o.pk for o in seat.opponents)} == at_table - {entry.pk}


def test_nothing_shows_for_another_days_event_a_withdrawal_or_someone_else():
    user = UserFactory()
    tournament, entry = _playing(user)
    assert seats_tonight(user, today=timezone.localdate() + datetime.timedelta(days=1)) == []
    assert seats_tonight(UserFactory()) == []
    entry_withdraw(entry=entry, by=tournament.director)
    assert seats_tonight(user) == []


def test_the_start_page_shows_tonights_seat_first(client):
    user = UserFactory()
    tournament, entry = _playing(user)
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    assert f'id="my-seat-{tournament.slug}"' in page
    assert f"{tournament.name}: round 1" in page
    assert reverse("tournaments:seat_card", args=[tournament.slug, entry.number]) in page
    seat = Seat.objects.select_related("table").get(entry=entry, round__number=1)
    if seat.table is not None:
        assert f"Table <strong>{seat.table.number}</strong>, seat <strong>{seat.seat}" in page
    assert page.index('id="my-seats"') < page.index('class="cards"')  # first on the page


def test_the_seats_take_the_same_few_queries_for_any_number_of_events(
    django_assert_max_num_queries,
):
    user = UserFactory()
    for _ in range(3):
        _playing(user)
    with django_assert_max_num_queries(5):
        assert len(seats_tonight(user)) == 3
    assert Entry.objects.filter(player__user=user).count() == 3
