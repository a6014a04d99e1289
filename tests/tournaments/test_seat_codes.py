"""The other side confirms a card on the submitter's phone with a code from their seat card."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from accounts import throttle
from activity.models import Activity
from scoring.models import Scorecard
from scoring.services import scorecard_confirm_by_code, scorecard_submit
from scoring.services.seat_codes import SEAT_CODE_GUESSES, seat_code_clean
from tests.factories import UserFactory
from tests.scoring.factories import team_game
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Round
from tournaments.models.event import SEAT_CODE_ALPHABET, SEAT_CODE_LENGTH

pytestmark = pytest.mark.django_db

GOOD = {"N": 6, "S": 6, "E": 2, "W": 2}


class Table:
    """Round 1's first table: its game, its entries by seat, North with an account."""

    def __init__(self, tournament):
        self.tournament = tournament
        row = Round.objects.get(tournament=tournament, number=1)
        table = row.tables.order_by("number").first()
        self.game = table.game
        self.entries = {s.seat: s.entry for s in table.seats.select_related("entry__player")}
        self.north = UserFactory()
        player = self.entries["N"].player
        player.user = self.north
        player.save(update_fields=["user"])
        other = row.tables.order_by("number").last()
        self.elsewhere = other.seats.select_related("entry").first().entry

    def code(self, seat):
        return self.entries[seat].seat_code

    def submit(self):
        return scorecard_submit(game=self.game, user=self.north, side="NS", final_scores=GOOD)


@pytest.fixture
def table():
    return Table(started(progressive(players=8, rounds=2)))


def test_every_entry_gets_its_own_short_code_nobody_misreads():
    tournament = progressive(players=20)
    codes = list(tournament.entries.values_list("seat_code", flat=True))
    assert all(len(c) == SEAT_CODE_LENGTH and set(c) <= set(SEAT_CODE_ALPHABET) for c in codes)
    assert len(set(codes)) > 1  # drawn at random for each entry


def test_the_other_sides_code_confirms_the_card_on_the_submitters_phone(table):
    version = table.submit()
    typed = f" {table.code('E').lower()[:2]}-{table.code('E').lower()[2:]} "
    confirmed = scorecard_confirm_by_code(version=version, user=table.north, code=typed)
    assert confirmed.state == "confirmed" and confirmed.confirmed_at is not None
    assert confirmed.confirmed_by is None  # the phone's owner didn't confirm their own card
    east = table.entries["E"].player.name
    assert confirmed.confirmed_as == f"{east} (E-W), by seat code"
    assert Scorecard.objects.get(game=table.game).status == Scorecard.Status.CONFIRMED
    logged = Activity.objects.get(verb="card_confirmed")
    assert logged.actor == table.north and f"seat code of {east} (E-W)" in logged.detail


def test_a_wrong_code_is_refused_and_changes_nothing(table):
    version = table.submit()
    wrong = next(
        code
        for code in ("AAAA", "CCCC", "DDDD")
        if code not in {e.seat_code for e in Entry.objects.all()}
    )
    with pytest.raises(ValidationError, match="isn't on the seat card of anyone at this table"):
        scorecard_confirm_by_code(version=version, user=table.north, code=wrong)
    version.refresh_from_db()
    assert version.state == "pending"


def test_a_code_from_another_table_is_refused(table):
    version = table.submit()
    with pytest.raises(ValidationError, match="isn't on the seat card"):
        scorecard_confirm_by_code(version=version, user=table.north, code=table.elsewhere.seat_code)


@pytest.mark.parametrize("seat", ["N", "S"])
def test_the_submitting_sides_own_code_is_refused(table, seat):
    version = table.submit()
    with pytest.raises(ValidationError, match="N-S entered this card"):
        scorecard_confirm_by_code(version=version, user=table.north, code=table.code(seat))
    version.refresh_from_db()
    assert version.state == "pending"


def test_guessing_is_slowed_then_stopped_for_a_while(table, monkeypatch):
    clock = [1_000_000.0]
    monkeypatch.setattr(throttle, "now", lambda: clock[0])
    version = table.submit()
    for attempt in range(1, SEAT_CODE_GUESSES.limit + 1):
        with pytest.raises(ValidationError, match="isn't on the seat card"):
            scorecard_confirm_by_code(version=version, user=table.north, code="ZZZZZ")
        if attempt == SEAT_CODE_GUESSES.free + 1:  # the next try must wait
            with pytest.raises(ValidationError, match="Several wrong seat codes"):
                scorecard_confirm_by_code(version=version, user=table.north, code="ZZZZZ")
        clock[0] += 100
    with pytest.raises(ValidationError, match="Too many wrong seat codes"):
        scorecard_confirm_by_code(version=version, user=table.north, code=table.code("E"))
    version.refresh_from_db()
    assert version.state == "pending"
    clock[0] += SEAT_CODE_GUESSES.lockout
    scorecard_confirm_by_code(version=version, user=table.north, code=table.code("E"))
    version.refresh_from_db()
    assert version.state == "confirmed"


def test_someone_who_may_not_enter_the_card_may_not_take_a_code(table):
    version = table.submit()
    with pytest.raises(PermissionDenied):
        scorecard_confirm_by_code(version=version, user=UserFactory(), code=table.code("E"))


def test_an_empty_or_overlong_code_is_refused_with_a_message(table):
    version = table.submit()
    for typed in ("", " - ", "A" * 41):
        with pytest.raises(ValidationError, match="Type the code printed on your seat card"):
            scorecard_confirm_by_code(version=version, user=table.north, code=typed)


def test_a_league_game_has_no_seat_codes():
    tg = team_game()
    version = scorecard_submit(
        game=tg.game, user=tg.ns_captain, side="NS", final_scores={"NS": 10, "EW": 6}
    )
    with pytest.raises(ValidationError, match="no seat codes"):
        scorecard_confirm_by_code(version=version, user=tg.ns_captain, code="ABCD")


def test_the_code_is_read_without_case_spaces_or_dashes():
    assert seat_code_clean(" ab-7k ") == "AB7K"


def test_the_game_page_offers_the_code_form_to_the_submitter_and_confirms(client, table):
    version = table.submit()
    client.force_login(table.north)
    url = reverse("scoring:game_detail", args=[table.game.pk])
    page = client.get(url).content.decode()
    east, west = (table.entries[seat].player.name for seat in "EW")
    assert f"E-W · {east} &amp; {west}: confirm on this phone" in page and 'name="code"' in page
    answer = client.post(
        reverse("scoring:game_confirm_code", args=[table.game.pk]),
        {"version": version.pk, "code": table.code("W")},
        follow=True,
    )
    assert "Card confirmed with the seat code" in answer.content.decode()
    assert "by seat code" in answer.content.decode()
    version.refresh_from_db()
    assert version.state == "confirmed"


def test_the_game_page_refuses_a_wrong_code_with_a_message(client, table):
    version = table.submit()
    client.force_login(table.north)
    answer = client.post(
        reverse("scoring:game_confirm_code", args=[table.game.pk]),
        {"version": version.pk, "code": table.code("S")},
        follow=True,
    )
    assert "N-S entered this card" in answer.content.decode()
    version.refresh_from_db()
    assert version.state == "pending"


def test_the_code_form_is_not_offered_to_the_public_or_once_confirmed(client, table):
    version = table.submit()
    url = reverse("scoring:game_detail", args=[table.game.pk])
    assert 'name="code"' not in client.get(url).content.decode()
    scorecard_confirm_by_code(version=version, user=table.north, code=table.code("E"))
    client.force_login(table.north)
    assert 'name="code"' not in client.get(url).content.decode()


def test_seat_cards_print_the_codes_for_the_staff_only(client, table):
    url = reverse("tournaments:seat_cards", args=[table.tournament.slug]) + "?all=1"
    code = table.code("E")
    assert code not in client.get(url).content.decode()
    client.force_login(table.tournament.director)
    assert f'<strong class="seat-code">{code}</strong>' in client.get(url).content.decode()
