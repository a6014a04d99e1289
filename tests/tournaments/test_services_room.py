"""The director's announcement for the room, taken down when the event finishes."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tests.factories import TournamentFactory, director_user
from tests.tournaments.factories import bracket, heats_event, progressive, settle, started
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, HeatMatch, Round, Tournament
from tournaments.services import bracket_award_match, progressive_finish, tournament_recheck
from tournaments.services.room import tournament_announce

pytestmark = pytest.mark.django_db


def test_the_director_writes_and_clears_the_announcement():
    tournament = TournamentFactory()
    director = director_user(tournament=tournament)
    tournament_announce(tournament=tournament, text="  Break: 10 minutes  ", by=director)
    tournament.refresh_from_db()
    assert tournament.announcement == "Break: 10 minutes"
    tournament_announce(tournament=tournament, text="", by=director)
    tournament.refresh_from_db()
    assert tournament.announcement == ""


@pytest.mark.parametrize(
    ("text", "message"),
    [("x" * 501, "Keep the announcement to 500 characters"), ("Bad\x1b[31m", "control")],
)
def test_a_long_or_garbled_announcement_is_refused_and_changes_nothing(text, message):
    tournament = TournamentFactory(announcement="Before")
    with pytest.raises(TournamentError, match=message):
        tournament_announce(
            tournament=tournament, text=text, by=director_user(tournament=tournament)
        )
    tournament.refresh_from_db()
    assert tournament.announcement == "Before"


def test_only_its_director_writes_to_the_room():
    tournament = TournamentFactory()
    other = director_user(tournament=TournamentFactory(), username="other")
    with pytest.raises(PermissionDenied):
        tournament_announce(tournament=tournament, text="Hi", by=other)


def test_finishing_a_progressive_takes_the_rounds_announcement_off_the_room(confirm):
    tournament = started(progressive(4, rounds=1))
    Tournament.objects.filter(pk=tournament.pk).update(announcement="Last round: 15 minutes")
    table = Round.objects.get(tournament=tournament, number=1).tables.get()
    confirm(table.game, {"N": 6, "S": 6, "E": 2, "W": 2}, tournament.director)
    progressive_finish(tournament=tournament, by=tournament.director)
    tournament.refresh_from_db()
    assert tournament.announcement == ""


def test_a_bracket_decided_takes_its_announcement_off_the_room(confirm):
    tournament = started(bracket(2))
    Tournament.objects.filter(pk=tournament.pk).update(announcement="Final on table 1")
    final = BracketMatch.objects.get(tournament=tournament)
    bracket_award_match(match=final, winner=final.top, by=tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.announcement == ""


def test_heats_finished_take_their_announcement_off_the_room(client):
    tournament = started(heats_event(2, stages=[{"kind": "final"}]))
    Tournament.objects.filter(pk=tournament.pk).update(announcement="Final: first to 10")
    match = HeatMatch.objects.get(heat__stage__tournament=tournament)
    settle(match.game, {"NS": 10, "EW": 1}, tournament.director)
    tournament_recheck(tournament=tournament, by=tournament.director)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    panel = client.get(reverse("tournaments:big_screen_panel", args=[tournament.slug]))
    assert b"Final: first to 10" not in panel.content
    assert b"room-note" not in panel.content
