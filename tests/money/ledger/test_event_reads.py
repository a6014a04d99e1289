"""What the ledger reads from its event: the players, and the prizes its results award."""

import pytest

from activity.models import Activity, Verb
from money.ledger import pot_services, services
from money.ledger.event_reads import event_players, prizes_due
from tests.money.ledger.helpers import event_ledger
from tests.tournaments.factories import bracket, settle, started
from tournaments.models import BracketMatch, Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def confirm(django_capture_on_commit_callbacks):
    def run(game, scores):
        with django_capture_on_commit_callbacks(execute=True):
            return settle(game, scores)

    return run


def _win_all(confirm, tournament):
    while match := (
        BracketMatch.objects.filter(
            tournament=tournament, winner__isnull=True, is_bye=False, games__isnull=False
        )
        .order_by("bracket", "round", "position")
        .first()
    ):
        game = match.games.order_by("-number").first()
        confirm(game.game, {"NS": 10, "EW": 4} if game.top_is_ns else {"NS": 3, "EW": 10})


def test_a_finished_brackets_prizes_are_due_ties_sharing(confirm) -> None:
    tournament = started(bracket(4, prizes=[1000, 500, 300]))
    assert prizes_due(tournament) == []  # not before the end
    _win_all(confirm, tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    due = prizes_due(tournament)
    assert [(p.place, p.cents) for p in due] == [(1, 1000), (2, 500), (3, 150), (3, 150)]


def test_a_pairs_players_both_may_buy_in_and_withdrawn_entries_may_not() -> None:
    tournament = bracket(3)
    gone = tournament.entries.order_by("number").last()
    Entry.objects.filter(pk=gone.pk).update(status=Entry.Status.WITHDRAWN)
    names = [p.name for p in event_players(tournament)]
    assert len(names) == 4 and gone.player.name not in names


def test_the_purse_and_a_pot_set_up_are_in_the_activity_log() -> None:
    ledger, director = event_ledger()
    services.ledger_purse_set(ledger=ledger, by=director, kind="fixed", fixed_cents=1000)
    pot_services.pot_create(
        ledger=ledger, by=director, name="Loners", kind="loner_basket", buy_in_cents=100
    )
    details = list(
        Activity.objects.filter(verb=Verb.LEDGER_POSTED).values_list("detail", flat=True)
    )
    assert sorted(details) == ["Purse: A fixed sum", "Side pot Loners: $1.00 a player"]
