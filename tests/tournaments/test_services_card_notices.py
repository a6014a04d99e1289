"""A disputed tournament card tells the event's staff and the player who entered it."""

import pytest

from accounts.models import Role
from notices.models import Notice
from scoring.models import GameSeat
from scoring.services import scorecard_dispute, scorecard_submit
from tests.factories import TournamentFactory, UserFactory
from tests.tournaments.factories import bracket, started
from tournaments.models import BracketMatch

pytestmark = pytest.mark.django_db


def test_a_dispute_at_the_table_tells_the_events_staff_and_the_submitter_once():
    tournament = started(bracket(2))
    elsewhere = UserFactory()  # another event's director hears nothing
    Role.objects.create(
        user=elsewhere, scope_kind="tournament", scope_id=TournamentFactory().pk, role="director"
    )
    game = BracketMatch.objects.get(tournament=tournament).games.get().game
    users = {}
    for seat in GameSeat.objects.filter(game=game).select_related("player"):
        seat.player.user = UserFactory()
        seat.player.save()
        users[seat.seat] = seat.player.user
    version = scorecard_submit(
        game=game, user=users["N"], side="NS", final_scores={"NS": 10, "EW": 7}
    )
    scorecard_dispute(version=version, user=users["E"], reason="We had 9, not 7")
    notice = Notice.objects.get(kind=Notice.Kind.CARD_DISPUTED)
    assert "We had 9, not 7" in notice.body
    addresses = set(notice.messages.values_list("address", flat=True))
    assert addresses == {tournament.director.email, users["N"].email}
    assert elsewhere.email not in addresses
    assert Notice.objects.count() == 1
