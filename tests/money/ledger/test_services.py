"""The ledger's services: the balance, the purse, money by hand, corrections and closing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity, Verb
from money.ledger import selectors, services
from money.models import Ledger, LedgerEntry
from tests.factories import UserFactory, manager_user
from tests.money.ledger.helpers import (
    event_ledger,
    event_sign_up,
    pay,
    refund,
    registration,
    season_ledger,
    season_sign_up,
)
from tests.tournaments.factories import started
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _finish(ledger: Ledger) -> None:
    Tournament.objects.filter(pk=ledger.tournament_id).update(status=Tournament.Status.FINISHED)


def test_fees_paid_and_refunded_add_up_to_the_balance() -> None:
    ledger, director = event_ledger()
    sign_up = event_sign_up(ledger, fee_cents=1000)
    first, second, third = (registration(sign_up) for _ in range(3))
    pay(first, 1000)
    paid = pay(second, 1000, method="card")
    refund(paid, 400)
    summary = selectors.ledger_summary(ledger)
    assert summary.sums.fees_paid == 2000
    assert summary.sums.refunded == 400
    assert summary.dues.due == 3000
    assert summary.dues.outstanding == 400 + 1000  # the refunded part and the unpaid third
    assert (
        summary.balance
        == 1600
        == sum(line.entry.amount_cents for line in selectors.ledger_lines(ledger))
    )
    assert third.fee_due_cents == 1000


def test_a_registration_that_left_owes_nothing() -> None:
    ledger, _ = event_ledger()
    sign_up = event_sign_up(ledger)
    registration(sign_up, state="withdrawn", place=None)
    assert selectors.fees_due(ledger).due == 0


def test_the_running_balance_follows_every_line() -> None:
    ledger, director = event_ledger()
    services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    services.ledger_line_add(
        ledger=ledger, by=director, kind="expense", amount_cents=200, party="Bar tab"
    )
    lines = selectors.ledger_lines(ledger)
    assert [(line.entry.amount_cents, line.balance) for line in lines] == [(500, 500), (-200, 300)]
    assert lines[1].entry.by == director


def test_a_posted_line_is_in_the_activity_log() -> None:
    ledger, director = event_ledger()
    entry = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    logged = Activity.objects.get(verb=Verb.LEDGER_POSTED, object_id=entry.pk)
    assert logged.scope_id == ledger.tournament_id


@pytest.mark.parametrize("amount", [0, -100, 10_000_001, "5", True])
def test_an_amount_that_isnt_money_is_refused(amount) -> None:
    ledger, director = event_ledger()
    with pytest.raises(ValidationError):
        services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=amount)
    assert not ledger.entries.exists()


def test_only_other_money_and_prizes_are_posted_by_hand() -> None:
    ledger, director = event_ledger()
    with pytest.raises(ValidationError):
        services.ledger_line_add(ledger=ledger, by=director, kind="fee", amount_cents=500)
    with pytest.raises(ValidationError, match="Give who"):
        services.ledger_line_add(ledger=ledger, by=director, kind="prize", amount_cents=500)


def test_a_season_ledger_pays_prizes_by_hand() -> None:
    ledger, manager = season_ledger()
    services.ledger_line_add(ledger=ledger, by=manager, kind="income", amount_cents=10_000)
    services.ledger_line_add(
        ledger=ledger, by=manager, kind="prize", amount_cents=6_000, party="Left Bowers"
    )
    summary = selectors.ledger_summary(ledger)
    assert (summary.sums.prizes_paid, summary.balance) == (6_000, 4_000)


def test_a_season_ledger_reads_the_seasons_fees() -> None:
    ledger, manager = season_ledger()
    sign_up = season_sign_up(ledger, fee_cents=5000)
    pay(registration(sign_up), 5000)
    summary = selectors.ledger_summary(ledger)
    assert (summary.dues.due, summary.sums.fees_paid, summary.dues.outstanding) == (5000, 5000, 0)


def test_the_staff_of_another_league_or_event_may_not_post() -> None:
    ledger, _ = event_ledger()
    season, _ = season_ledger()
    _, other_director = event_ledger()
    other_manager = manager_user(league=season_ledger()[0].season.league)
    for user, target in (
        (other_director, ledger),
        (other_manager, season),
        (UserFactory(), ledger),
    ):
        with pytest.raises(PermissionDenied):
            services.ledger_line_add(ledger=target, by=user, kind="income", amount_cents=100)
    with pytest.raises(PermissionDenied):
        services.ledger_close(ledger=ledger, by=other_director)
    assert not LedgerEntry.objects.exists()


def test_a_share_purse_grows_with_the_fees_and_sets_the_prize_list() -> None:
    ledger, director = event_ledger()
    sign_up = event_sign_up(ledger, fee_cents=1000)
    for _ in range(4):
        pay(registration(sign_up), 1000)
    prizes = services.ledger_purse_set(
        ledger=ledger, by=director, kind="share", share_percent=75, split_percents=[50, 30, 20]
    )
    assert prizes == [1500, 900, 600]
    ledger.tournament.refresh_from_db()
    assert ledger.tournament.prizes == [1500, 900, 600]
    ledger.refresh_from_db()
    assert selectors.ledger_summary(ledger).purse == 3000


def test_a_fixed_purse_without_a_split_leaves_the_prize_list() -> None:
    ledger, director = event_ledger(prizes=[100])
    assert (
        services.ledger_purse_set(ledger=ledger, by=director, kind="fixed", fixed_cents=20_000)
        is None
    )
    ledger.refresh_from_db()
    ledger.tournament.refresh_from_db()
    assert (ledger.purse_kind, ledger.purse_fixed_cents, ledger.tournament.prizes) == (
        "fixed",
        20_000,
        [100],
    )


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": "fixed", "fixed_cents": 0},
        {"kind": "share", "share_percent": 0},
        {"kind": "share", "share_percent": 101},
        {"kind": "fixed", "fixed_cents": 1000, "split_percents": [70, 40]},
        {"kind": "lottery"},
        {"kind": "none", "split_percents": [100]},
    ],
)
def test_a_purse_that_makes_no_sense_is_refused(kwargs) -> None:
    ledger, director = event_ledger()
    with pytest.raises(ValidationError):
        services.ledger_purse_set(ledger=ledger, by=director, **kwargs)
    ledger.refresh_from_db()
    assert ledger.purse_kind == "none"


def test_an_event_with_flights_keeps_its_flight_prizes() -> None:
    ledger, director = event_ledger()
    Tournament.objects.filter(pk=ledger.tournament_id).update(
        flight_basis="rating",
        flights=[
            {"name": "A", "size": 2, "prizes": [500]},
            {"name": "B", "size": None, "prizes": [300]},
        ],
    )
    with pytest.raises(ValidationError, match="flights"):
        services.ledger_purse_set(
            ledger=ledger, by=director, kind="fixed", fixed_cents=800, split_percents=[100]
        )


def test_a_finished_events_prize_list_stays() -> None:
    ledger, director = event_ledger()
    _finish(ledger)
    with pytest.raises(ValidationError, match="finished"):
        services.ledger_purse_set(
            ledger=ledger, by=director, kind="fixed", fixed_cents=800, split_percents=[100]
        )


def test_a_ledger_is_made_once_per_event() -> None:
    ledger, _ = event_ledger()
    assert services.ledger_for_event(tournament=ledger.tournament) == ledger
    assert Ledger.objects.count() == 1


def test_a_running_event_may_set_its_purse() -> None:
    ledger, director = event_ledger()
    started(ledger.tournament)
    assert services.ledger_purse_set(
        ledger=ledger, by=director, kind="fixed", fixed_cents=1000, split_percents=[60, 40]
    ) == [600, 400]
