"""The ledger's pages: who may open them, what they show, the forms, the CSV, and a page
of many lines in a handful of queries."""

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from money.ledger import pot_services, services
from money.models import LedgerEntry, SidePot
from tests.factories import director_user, manager_user, player_user
from tests.money.ledger.helpers import (
    event_ledger,
    event_sign_up,
    lone_hands,
    pay,
    players_of,
    registration,
    season_ledger,
)
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _page(ledger):
    if ledger.tournament_id:
        return reverse("money:ledger_event", args=[ledger.tournament.slug])
    return reverse("money:ledger_season", args=[ledger.season.league.slug, ledger.season.slug])


def test_the_event_ledger_shows_its_lines_totals_and_balance(client) -> None:
    ledger, director = event_ledger()
    pay(registration(event_sign_up(ledger, fee_cents=1500)), 1500)
    services.ledger_line_add(
        ledger=ledger, by=director, kind="expense", amount_cents=300, party="Score pads"
    )
    client.force_login(director)
    page = client.get(_page(ledger)).content.decode()
    assert "Entry fee paid" in page and "Score pads" in page
    assert 'id="balance">$12.00<' in page
    assert "$15.00" in page and "−$3.00" in page


def test_the_season_ledger_is_its_managers(client) -> None:
    ledger, manager = season_ledger()
    client.force_login(manager)
    response = client.get(_page(ledger))
    assert response.status_code == 200 and "Money in or out by hand" in response.content.decode()


@pytest.mark.parametrize("who", ["anonymous", "player", "other_director", "manager_elsewhere"])
def test_nobody_else_opens_an_event_ledger(client, who) -> None:
    ledger, _ = event_ledger()
    other_event = Tournament.objects.create(
        name="Elsewhere", slug="elsewhere", date=ledger.tournament.date
    )
    users = {
        "player": player_user()[0],
        "other_director": director_user(tournament=other_event),
        "manager_elsewhere": manager_user(league=season_ledger()[0].season.league),
    }
    if who != "anonymous":
        client.force_login(users[who])
    for url in (
        _page(ledger),
        reverse("money:ledger_csv", args=[ledger.pk]),
        reverse("money:ledger_purse", args=[ledger.pk]),
    ):
        response = client.get(url)
        assert response.status_code in (302, 403), url
    response = client.post(
        reverse("money:ledger_line_add", args=[ledger.pk]),
        {"kind": "income", "amount": "5", "method": "cash"},
    )
    assert response.status_code in (302, 403)
    assert not LedgerEntry.objects.exists()


def test_a_manager_of_another_league_is_nobody_in_this_seasons_ledger(client) -> None:
    ledger, _ = season_ledger()
    other_league = season_ledger()[0].season.league
    client.force_login(manager_user(league=other_league))
    assert client.get(_page(ledger)).status_code == 403


def test_money_by_hand_is_posted_from_its_form(client) -> None:
    ledger, director = event_ledger()
    client.force_login(director)
    url = reverse("money:ledger_line_add", args=[ledger.pk])
    response = client.post(
        url, {"kind": "income", "amount": "12.50", "method": "cash", "party": "Raffle", "note": ""}
    )
    assert response.status_code == 302
    entry = ledger.entries.get()
    assert (entry.amount_cents, entry.party, entry.by) == (1250, "Raffle", director)


@pytest.mark.parametrize("amount", ["0", "-5", "abc", "1.234", "99999999999"])
def test_an_amount_that_isnt_money_is_refused_on_the_form(client, amount) -> None:
    ledger, director = event_ledger()
    client.force_login(director)
    response = client.post(
        reverse("money:ledger_line_add", args=[ledger.pk]),
        {"kind": "income", "amount": amount, "method": "cash"},
    )
    assert response.status_code == 200
    assert not ledger.entries.exists()


def test_a_correction_is_posted_from_its_form_and_linked_on_the_page(client) -> None:
    ledger, director = event_ledger()
    line = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    client.force_login(director)
    url = reverse("money:ledger_correct", args=[ledger.pk, line.pk])
    assert client.post(url, {"amount": "-2.00", "reason": "Miscounted"}).status_code == 302
    page = client.get(_page(ledger)).content.decode()
    assert f'href="#line-{line.pk}">line {line.pk}</a>' in page and "Miscounted" in page


def test_a_line_of_another_ledger_has_no_correction_page_here(client) -> None:
    ledger, director = event_ledger()
    other, other_director = event_ledger()
    theirs = services.ledger_line_add(
        ledger=other, by=other_director, kind="income", amount_cents=500
    )
    client.force_login(director)
    url = reverse("money:ledger_correct", args=[ledger.pk, theirs.pk])
    assert client.post(url, {"amount": "-5", "reason": "x"}).status_code == 404


def test_closing_refuses_an_unfinished_event_with_a_message(client) -> None:
    ledger, director = event_ledger()
    client.force_login(director)
    response = client.post(reverse("money:ledger_close", args=[ledger.pk]), follow=True)
    assert "Finish the event first" in response.content.decode()
    ledger.refresh_from_db()
    assert ledger.closed_at is None


def test_a_closed_ledger_takes_corrections_only(client) -> None:
    ledger, director = event_ledger()
    line = services.ledger_line_add(ledger=ledger, by=director, kind="income", amount_cents=500)
    Tournament.objects.filter(pk=ledger.tournament_id).update(status="finished")
    client.force_login(director)
    client.post(reverse("money:ledger_close", args=[ledger.pk]))
    response = client.post(
        reverse("money:ledger_line_add", args=[ledger.pk]),
        {"kind": "income", "amount": "5", "method": "cash"},
        follow=True,
    )
    assert "only corrections" in response.content.decode()
    assert ledger.entries.count() == 1
    url = reverse("money:ledger_correct", args=[ledger.pk, line.pk])
    assert client.post(url, {"amount": "-1", "reason": "Late count"}).status_code == 302
    assert ledger.entries.count() == 2


def test_the_purse_form_sets_the_events_prizes(client) -> None:
    ledger, director = event_ledger()
    client.force_login(director)
    url = reverse("money:ledger_purse", args=[ledger.pk])
    response = client.post(url, {"kind": "fixed", "fixed": "100", "split": "50, 30, 20"})
    assert response.status_code == 302
    ledger.tournament.refresh_from_db()
    assert ledger.tournament.prizes == [5000, 3000, 2000]
    response = client.post(url, {"kind": "fixed", "fixed": "100", "split": "80, 30"}, follow=True)
    assert "110%" in response.content.decode()


def test_buy_ins_are_ticked_and_a_double_submit_doubles_nothing(client) -> None:
    ledger, director = event_ledger()
    client.force_login(director)
    client.post(
        reverse("money:ledger_pot_new", args=[ledger.pk]),
        {"name": "Loner basket", "kind": "loner_basket", "buy_in": "2"},
    )
    pot = SidePot.objects.get()
    url = reverse("money:ledger_buy_ins", args=[ledger.pk, pot.pk])
    assert "players" in client.get(url).content.decode()
    ids = [p.pk for p in players_of(ledger)[:3]]
    for _ in range(2):
        assert client.post(url, {"players": ids, "method": "cash"}).status_code == 302
    assert pot.entries.filter(kind="buy_in").count() == 3


def test_the_basket_payout_is_shown_then_confirmed(client) -> None:
    ledger, director = event_ledger()
    pot = pot_services.pot_create(
        ledger=ledger, by=director, name="Loners", kind="loner_basket", buy_in_cents=300
    )
    pot_services.pot_buy_ins_record(
        pot=pot, by=director, player_ids=[p.pk for p in players_of(ledger)]
    )
    one = players_of(ledger)[0]
    lone_hands(ledger, one, 2)
    client.force_login(director)
    url = reverse("money:ledger_pot_pay_out", args=[ledger.pk, pot.pk])
    page = client.get(url).content.decode()
    assert (
        one.name in page and "$12.00" in page and not pot.entries.filter(kind="pot_payout").exists()
    )
    assert client.post(url, {f"p-{one.pk}": "1200"}).status_code == 302
    assert client.post(url, {f"p-{one.pk}": "1200"}, follow=True).status_code == 200
    assert pot.entries.filter(kind="pot_payout").count() == 1


def test_the_prizes_page_waits_for_the_end(client) -> None:
    ledger, director = event_ledger()
    client.force_login(director)
    page = client.get(reverse("money:ledger_prizes", args=[ledger.pk])).content.decode()
    assert "once the event is finished" in page
    response = client.post(
        reverse("money:ledger_prizes", args=[ledger.pk]),
        {"entry": "1", "method": "cash"},
        follow=True,
    )
    assert "no prize" in response.content.decode()


def test_a_prize_is_marked_paid_from_the_prizes_page_once(client, monkeypatch) -> None:
    from money.ledger import views_pots
    from money.ledger.event_reads import PrizeDue

    ledger, director = event_ledger()
    entry = ledger.tournament.entries.select_related("player").order_by("number").first()
    due = lambda t: [PrizeDue(entry, 1, "", 2500)]  # noqa: E731
    monkeypatch.setattr(views_pots, "prizes_due", due)
    monkeypatch.setattr(pot_services, "prizes_due", due)
    Tournament.objects.filter(pk=ledger.tournament_id).update(status="finished")
    client.force_login(director)
    url = reverse("money:ledger_prizes", args=[ledger.pk])
    assert "Mark paid" in client.get(url).content.decode()
    data = {"entry": entry.pk, "party": "", "amount": "", "method": "cash"}
    assert client.post(url, data).status_code == 302
    page = client.post(url, data, follow=True).content.decode()
    assert "paid already" in page and f"$25.00 to {entry.display_name}" in page
    assert ledger.entries.filter(kind="prize").count() == 1


def test_a_season_ledger_has_no_pots_or_prizes_pages(client) -> None:
    ledger, manager = season_ledger()
    client.force_login(manager)
    assert client.get(reverse("money:ledger_prizes", args=[ledger.pk])).status_code == 404
    assert client.get(reverse("money:ledger_pot_new", args=[ledger.pk])).status_code == 404


def test_the_csv_lists_every_line_with_its_balance(client) -> None:
    ledger, director = event_ledger()
    services.ledger_line_add(
        ledger=ledger, by=director, kind="income", amount_cents=500, party="=SUM(A1)"
    )
    services.ledger_line_add(ledger=ledger, by=director, kind="expense", amount_cents=200)
    client.force_login(director)
    response = client.get(reverse("money:ledger_csv", args=[ledger.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:8] == ["Line", "When", "What", "Pot", "Who", "How", "Amount", "Balance"]
    assert [r[7] for r in rows[1:]] == ["$5.00", "$3.00"]
    assert not rows[1][4].startswith("=")  # the shared writer defuses formulas


def test_the_ledger_page_of_many_lines_is_a_handful_of_queries(client) -> None:
    ledger, director = event_ledger()
    pot = pot_services.pot_create(
        ledger=ledger, by=director, name="Loners", kind="loner_basket", buy_in_cents=200
    )
    pot_services.pot_buy_ins_record(
        pot=pot, by=director, player_ids=[p.pk for p in players_of(ledger)]
    )
    sign_up = event_sign_up(ledger)
    for _ in range(5):
        pay(registration(sign_up), 1000)
    client.force_login(director)
    url = _page(ledger)
    client.get(url)
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    for n in range(60):
        services.ledger_line_add(
            ledger=ledger,
            by=director,
            kind="income",
            amount_cents=100 + n,
            party=f"Raffle {n}",
        )
    for _ in range(10):
        pay(registration(sign_up), 1000)
    with CaptureQueriesContext(connection) as many:
        response = client.get(url)
    assert response.status_code == 200 and "Raffle 59" in response.content.decode()
    assert len(many) == len(few) <= 18, [q["sql"][:80] for q in many.captured_queries]
