"""Changes of entries once an event is under way: a withdrawal undone, late arrivals, and
the activity log's line for each."""

import pytest
from django.core.exceptions import PermissionDenied

from activity.models import Activity, Verb
from league.seasons.models import Player
from tests.factories import TournamentFactory, director_user
from tests.tournaments.factories import bracket, progressive, started
from tournaments.errors import TournamentError
from tournaments.models import Entry, Round, Seat
from tournaments.services import (
    entry_add_late,
    entry_arrive_late,
    entry_reinstate,
    entry_withdraw,
    round_start_next,
)
from tournaments.services.check_in import entry_self_check_in

pytestmark = pytest.mark.django_db


def _seated(tournament, number):
    return set(
        Seat.objects.filter(round__tournament=tournament, round__number=number).values_list(
            "entry_id", flat=True
        )
    )


def _confirm_round(confirm, tournament, number):
    row = Round.objects.get(tournament=tournament, number=number)
    for table in row.tables.select_related("game"):
        confirm(table.game, {"N": 6, "S": 6, "E": 4, "W": 4}, tournament.director)


def test_undoing_a_withdrawal_seats_the_player_again_in_the_rounds_ahead():
    tournament = started(progressive(8, rounds=3))
    entry = tournament.entries.order_by("number").first()
    now = set(Seat.objects.filter(round__tournament=tournament, round__number=1).values_list())
    entry_withdraw(entry=entry, by=tournament.director)
    assert entry.pk not in _seated(tournament, 2)

    entry_reinstate(entry=entry, by=tournament.director)

    entry.refresh_from_db()
    assert (entry.status, entry.last_round) == (Entry.Status.CHECKED_IN, None)
    assert entry.pk in _seated(tournament, 2) and entry.pk in _seated(tournament, 3)
    assert len(_seated(tournament, 2)) == 8
    assert (
        set(Seat.objects.filter(round__tournament=tournament, round__number=1).values_list()) == now
    )
    line = Activity.objects.get(verb=Verb.ENTRY_REINSTATED)
    assert (line.actor, line.object_id, line.scope_id) == (
        tournament.director,
        entry.pk,
        tournament.pk,
    )


def test_a_withdrawal_cannot_be_undone_once_a_round_has_started_since(confirm):
    tournament = started(progressive(8, rounds=3))
    entry = tournament.entries.order_by("number").first()
    entry_withdraw(entry=entry, by=tournament.director)
    _confirm_round(confirm, tournament, 1)
    round_start_next(tournament=tournament, by=tournament.director)
    entry.refresh_from_db()
    assert not entry.withdrawal_undoable
    with pytest.raises(TournamentError, match="Round 2 has started since"):
        entry_reinstate(entry=entry, by=tournament.director)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    assert not Activity.objects.filter(verb=Verb.ENTRY_REINSTATED).exists()


def test_undoing_twice_is_refused_with_a_message_and_changes_nothing():
    tournament = started(progressive(8, rounds=3))
    entry = tournament.entries.order_by("number").first()
    entry_withdraw(entry=entry, by=tournament.director)
    entry_reinstate(entry=entry, by=tournament.director)
    with pytest.raises(TournamentError, match="is playing already"):
        entry_reinstate(entry=entry, by=tournament.director)
    assert Activity.objects.filter(verb=Verb.ENTRY_REINSTATED).count() == 1


def test_only_the_events_director_undoes_a_withdrawal():
    tournament = started(progressive(8, rounds=3))
    entry = tournament.entries.order_by("number").first()
    entry_withdraw(entry=entry, by=tournament.director)
    other = director_user(tournament=TournamentFactory())
    with pytest.raises(PermissionDenied):
        entry_reinstate(entry=entry, by=other)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN


def test_a_teams_withdrawal_from_a_bracket_is_not_undone():
    tournament = started(bracket(4))
    entry = tournament.entries.order_by("number").first()
    entry_withdraw(entry=entry, by=tournament.director)
    entry.refresh_from_db()
    assert not entry.withdrawal_undoable
    with pytest.raises(TournamentError, match="can't be undone"):
        entry_reinstate(entry=entry, by=tournament.director)


def test_late_arrivals_are_logged_however_they_come():
    tournament = started(progressive(8, rounds=3, check_in_open=True))
    walk_in = entry_add_late(tournament=tournament, player_name="Walk In", by=tournament.director)
    late = Entry.objects.create(tournament=tournament, number=99, player=_player("Turned Up"))
    entry_arrive_late(entry=late, by=tournament.director)
    scanned = Entry.objects.create(tournament=tournament, number=100, player=_player("Scanned"))
    entry_self_check_in(tournament=tournament, name="Scanned")
    lines = Activity.objects.filter(verb=Verb.ENTRY_ARRIVED_LATE, scope_id=tournament.pk)
    assert sorted(lines.values_list("object_id", flat=True)) == [walk_in.pk, late.pk, scanned.pk]
    assert {line.detail for line in lines} == {"seated from round 2"}
    assert lines.get(object_id=scanned.pk).actor is None  # the player, at the door


def _player(name):
    return Player.objects.create(name=name)
