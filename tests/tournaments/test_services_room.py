"""The director's announcement for the room."""

import pytest
from django.core.exceptions import PermissionDenied

from tests.factories import TournamentFactory, director_user
from tournaments.errors import TournamentError
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
