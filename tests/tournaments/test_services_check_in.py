"""Self check-in from the door's QR code: signed per event, open only when the director
says, idempotent, and a late arrival once a progressive is under way."""

import pytest
from django.core.exceptions import PermissionDenied

from league.seasons.models import Player
from tests.factories import director_user
from tests.tournaments.factories import bracket, progressive, started
from tournaments.errors import TournamentError
from tournaments.models import Entry, Seat
from tournaments.services.check_in import (
    check_in_is_open,
    check_in_token,
    entry_self_check_in,
    tournament_check_in_set,
    tournament_id_for_token,
)

pytestmark = pytest.mark.django_db


def _open(tournament):
    return tournament_check_in_set(tournament=tournament, open=True, by=tournament.director)


def test_the_token_names_its_event_and_nobody_can_forge_another():
    tournament = progressive(4, checked_in=False)
    token = check_in_token(tournament)
    assert tournament_id_for_token(token) == tournament.pk
    assert check_in_token(tournament) == token  # the printed QR code stays valid
    forged = f"{tournament.pk + 1}:{token.split(':', 1)[1]}"
    assert tournament_id_for_token(forged) is None
    assert tournament_id_for_token("not-a-token") is None


def test_a_player_checks_in_by_typing_their_name_in_any_case_and_spacing():
    tournament = _open(progressive(4, checked_in=False))
    name = tournament.entries.first().player.name
    done = entry_self_check_in(tournament=tournament, name=f"  {name.upper()}  ")
    assert not done.already and not done.late
    entry = Entry.objects.get(pk=done.entry.pk)
    assert entry.status == Entry.Status.CHECKED_IN and entry.checked_in_at


def test_checking_in_twice_is_the_same_as_once():
    tournament = _open(progressive(4, checked_in=False))
    name = tournament.entries.first().player.name
    first = entry_self_check_in(tournament=tournament, name=name)
    checked_at = Entry.objects.get(pk=first.entry.pk).checked_in_at
    again = entry_self_check_in(tournament=tournament, name=name)
    assert again.already
    assert Entry.objects.get(pk=first.entry.pk).checked_in_at == checked_at


def test_check_in_is_closed_until_the_director_opens_it():
    tournament = progressive(4, checked_in=False)
    assert not check_in_is_open(tournament)
    name = tournament.entries.first().player.name
    with pytest.raises(TournamentError, match="Check-in is closed"):
        entry_self_check_in(tournament=tournament, name=name)
    _open(tournament)
    tournament_check_in_set(tournament=tournament, open=False, by=tournament.director)
    with pytest.raises(TournamentError, match="Check-in is closed"):
        entry_self_check_in(tournament=tournament, name=name)
    assert not Entry.objects.filter(status=Entry.Status.CHECKED_IN).exists()


def test_only_the_director_opens_check_in():
    tournament = progressive(4, checked_in=False)
    stranger = director_user(tournament=progressive(4, name="Other night"), username="other")
    with pytest.raises(PermissionDenied):
        tournament_check_in_set(tournament=tournament, open=True, by=stranger)


def test_an_unknown_name_is_refused_with_what_to_do():
    tournament = _open(progressive(4, checked_in=False))
    with pytest.raises(TournamentError, match="isn't on the list.*see the director"):
        entry_self_check_in(tournament=tournament, name="Nobody Here")
    with pytest.raises(TournamentError, match="Type your name"):
        entry_self_check_in(tournament=tournament, name="   ")


def test_either_partner_checks_a_team_in():
    tournament = _open(bracket(2, checked_in=False))
    entry = tournament.entries.select_related("partner").first()
    done = entry_self_check_in(tournament=tournament, name=entry.partner.name)
    assert done.entry.pk == entry.pk
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.CHECKED_IN


def test_asking_for_seats_needs_an_email_or_phone():
    tournament = _open(progressive(4, checked_in=False))
    entry = tournament.entries.select_related("player").first()
    with pytest.raises(TournamentError, match="email address or a phone number"):
        entry_self_check_in(tournament=tournament, name=entry.player.name, notify=True)
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.REGISTERED
    with pytest.raises(TournamentError, match="phone number"):
        entry_self_check_in(tournament=tournament, name=entry.player.name, notify=True, phone="12")
    done = entry_self_check_in(
        tournament=tournament, name=entry.player.name, notify=True, phone="(416) 555-0101"
    )
    entry.refresh_from_db()
    assert entry.notify and entry.phone == "+14165550101" and not done.already


def test_a_player_with_an_email_on_file_may_just_tick_the_box():
    tournament = _open(progressive(4, checked_in=False))
    entry = tournament.entries.select_related("player").first()
    Player.objects.filter(pk=entry.player_id).update(email="p1@example.com")
    entry_self_check_in(tournament=tournament, name=entry.player.name, notify=True)
    assert Entry.objects.get(pk=entry.pk).notify


def test_after_the_start_a_no_show_who_scans_in_joins_from_the_next_round():
    tournament = progressive(8, rounds=3)
    late = tournament.entries.order_by("number").last()
    Entry.objects.filter(pk=late.pk).update(status=Entry.Status.REGISTERED)
    tournament = started(tournament)
    _open(tournament)
    assert Entry.objects.get(pk=late.pk).status == Entry.Status.NO_SHOW
    done = entry_self_check_in(tournament=tournament, name=late.player.name)
    assert done.late and done.entry.first_round == 2
    assert not Seat.objects.filter(entry=late, round__number=1).exists()
    assert Seat.objects.filter(entry=late, round__number__in=[2, 3]).count() == 2
    again = entry_self_check_in(tournament=tournament, name=late.player.name)
    assert again.already


def test_check_in_closes_when_there_is_no_round_left_to_join():
    tournament = started(progressive(8, rounds=1))
    with pytest.raises(TournamentError, match="a round left"):
        _open(tournament)
    team_event = started(bracket(2))
    with pytest.raises(TournamentError):
        _open(team_event)


def test_a_withdrawn_player_is_sent_to_the_director():
    tournament = _open(progressive(4, checked_in=False))
    entry = tournament.entries.select_related("player").first()
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.WITHDRAWN)
    with pytest.raises(TournamentError, match="withdrawn"):
        entry_self_check_in(tournament=tournament, name=entry.player.name)
