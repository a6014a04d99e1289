"""Registering a pasted list: a preview, then one confirm; late arrivals after the start."""

import pytest
from django.core.exceptions import PermissionDenied

from activity.models import Activity, Verb
from league.seasons.models import Player
from tests.factories import TournamentFactory, director_user
from tests.tournaments.factories import bracket, progressive, rule_set, started
from tournaments.errors import TournamentError
from tournaments.models import Entry, Seat, Tournament
from tournaments.services import entry_register
from tournaments.services.door import (
    DUPLICATE,
    FOUND,
    NEW,
    PasteRefused,
    entries_paste_preview,
    entries_paste_register,
)

pytestmark = pytest.mark.django_db


def _event(**kwargs):
    kwargs.setdefault("director", director_user())
    return TournamentFactory(
        format=Tournament.Format.PROGRESSIVE, rule_set=rule_set("progressive"), **kwargs
    )


def _register(tournament, text, check_in=True, notify=False):
    return entries_paste_register(
        tournament=tournament,
        text=text,
        check_in=check_in,
        notify=notify,
        by=tournament.director,
    )


def test_the_preview_says_who_is_new_found_or_a_duplicate():
    tournament = _event()
    Player.objects.create(name="Ben Bell")
    Player.objects.create(name="Cal Cole", email="cal@example.com")
    entry_register(tournament=tournament, player_name="Dee Dunn")
    preview = entries_paste_preview(
        tournament=tournament,
        text="Ada Ames, ada@example.com\n"
        "ben bell\n"
        "Calvin Cole, CAL@example.com\n"
        "Dee Dunn\n"
        "Ada Ames\n"
        "Eve Eng, ada@example.com\n",
    )
    assert preview.errors == []
    assert [(row.line.number, row.status, row.note) for row in preview.lines] == [
        (1, NEW, ""),
        (2, FOUND, "as Ben Bell"),
        (3, FOUND, "as Cal Cole"),
        (4, DUPLICATE, "already entered"),
        (5, DUPLICATE, "same as line 1"),
        (6, DUPLICATE, "same as line 1"),
    ]
    assert (preview.new_count, preview.found_count, preview.duplicate_count) == (1, 2, 3)
    assert Entry.objects.filter(tournament=tournament).count() == 1  # a preview writes nothing


def test_the_same_name_with_another_address_is_someone_new():
    tournament = _event()
    Player.objects.create(name="Ada Ames", email="ada@example.com")
    preview = entries_paste_preview(tournament=tournament, text="Ada Ames, ada@other.example\n")
    assert preview.lines[0].status == NEW


def test_confirming_registers_and_checks_in_everyone_new_and_found_in_one_go():
    tournament = _event()
    ben = Player.objects.create(name="Ben Bell")
    entries = _register(
        tournament, "Ada Ames, ada@example.com, 416 555 0101\nBen Bell\nAda Ames\n", notify=True
    )
    assert [e.number for e in entries] == [1, 2]
    ada, ben_entry = entries
    assert ada.player.name == "Ada Ames" and ada.player.email == "ada@example.com"
    assert ada.email == "ada@example.com" and ada.phone == "+14165550101" and ada.notify
    assert ben_entry.player == ben and not ben_entry.notify  # nothing to reach Ben by
    assert {e.status for e in entries} == {Entry.Status.CHECKED_IN}
    assert all(e.checked_in_at for e in entries)


def test_registering_without_checking_in_leaves_them_registered():
    tournament = _event()
    entries = _register(tournament, "Ada\nBen\n", check_in=False)
    assert {e.status for e in entries} == {Entry.Status.REGISTERED}


def test_one_bad_line_refuses_the_whole_list_and_names_every_bad_line():
    tournament = _event()
    with pytest.raises(PasteRefused) as refused:
        _register(tournament, "Ada\nBen, not-an-email@\nCal, 12\n" + "D" * 121 + "\n")
    assert [e.number for e in refused.value.errors] == [2, 3, 4]
    messages = [str(e) for e in refused.value.errors]
    assert messages[0] == "Line 2: “not-an-email@” is not an email address."
    assert messages[1].startswith("Line 3: ")
    assert messages[2] == "Line 4: Keep the player's name to 120 characters (it has 121)."
    assert not Entry.objects.filter(tournament=tournament).exists()
    assert not Player.objects.filter(name="Ada").exists()


def test_control_characters_in_a_name_are_refused_with_the_line():
    tournament = _event()
    preview = entries_paste_preview(tournament=tournament, text="Ada\nB\x1bn\n")
    assert [e.number for e in preview.errors] == [2]


def test_a_list_of_only_duplicates_registers_nothing_and_says_so():
    tournament = _event()
    entry_register(tournament=tournament, player_name="Ada")
    with pytest.raises(TournamentError, match="entered already"):
        _register(tournament, "Ada\n")


def test_an_email_taken_by_another_player_is_kept_on_the_entry_only():
    tournament = _event()
    Player.objects.create(name="Someone Else", email="ada@example.com")
    preview = entries_paste_preview(tournament=tournament, text="Ada, ada@example.com\n")
    assert preview.lines[0].status == FOUND  # the address says who it is


def test_partners_events_refuse_a_pasted_list():
    tournament = bracket(2)
    preview = entries_paste_preview(tournament=tournament, text="Ada\n")
    assert "Partners events enter teams" in str(preview.errors[0])


def test_only_the_director_may_register_a_list():
    tournament = _event()
    other_director = director_user(tournament=_event(name="Another event"), username="other")
    with pytest.raises(PermissionDenied):
        entries_paste_register(
            tournament=tournament,
            text="Ada\n",
            check_in=True,
            notify=False,
            by=other_director,
        )
    assert not Entry.objects.filter(tournament=tournament).exists()


def test_after_the_start_a_pasted_list_are_late_arrivals_seated_from_the_next_round(confirm):
    tournament = started(progressive(8, rounds=4))
    played = set(
        Seat.objects.filter(round__tournament=tournament, round__number=1).values_list(
            "entry_id", "table_id", "seat"
        )
    )
    entries = _register(tournament, "Late One\nLate Two\nLate Three\nLate Four\n", check_in=False)
    tournament.refresh_from_db()
    assert all(e.late and e.first_round == 2 for e in entries)
    assert {e.status for e in entries} == {Entry.Status.CHECKED_IN}
    late = {e.pk for e in entries}
    # The round under way is as it was; every later round seats all twelve.
    assert (
        set(
            Seat.objects.filter(round__tournament=tournament, round__number=1).values_list(
                "entry_id", "table_id", "seat"
            )
        )
        == played
    )
    for number in (2, 3, 4):
        seated = set(
            Seat.objects.filter(round__tournament=tournament, round__number=number).values_list(
                "entry_id", flat=True
            )
        )
        assert late <= seated and len(seated) == 12


def test_nobody_joins_by_list_once_the_last_round_is_under_way():
    tournament = started(progressive(8, rounds=1))
    preview = entries_paste_preview(tournament=tournament, text="Late\n")
    assert "no round left" in str(preview.errors[0])
    with pytest.raises(TournamentError, match="no round left"):
        _register(tournament, "Late\n")


def test_a_registered_list_writes_one_line_in_the_activity_log():
    tournament = _event()
    _register(tournament, "Ada\nBen\nCal\n")
    line = Activity.objects.get(scope_kind="tournament", scope_id=tournament.pk)
    assert line.verb == Verb.ENTRIES_REGISTERED
    assert line.actor == tournament.director
    assert line.detail == "3 players from a pasted list · checked in"


def test_a_list_pasted_after_the_start_is_logged_as_late_arrivals():
    tournament = started(progressive(8, rounds=3))
    _register(tournament, "Late One\n")
    line = Activity.objects.get(verb=Verb.ENTRIES_REGISTERED, scope_id=tournament.pk)
    assert line.detail == "1 player from a pasted list · late arrivals, seated from round 2"


def test_a_refused_list_writes_nothing_in_the_log():
    tournament = _event()
    with pytest.raises(PasteRefused):
        _register(tournament, "Ada\nBen, nope@\n")
    assert not Activity.objects.filter(verb=Verb.ENTRIES_REGISTERED).exists()
