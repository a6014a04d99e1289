import pytest

from league.seasons.models import Player
from tests.tournaments.factories import bracket, progressive, started
from tournaments.errors import TournamentError
from tournaments.models import Entry
from tournaments.services import (
    entry_check_in,
    entry_mark_no_show,
    entry_register,
    entry_reset,
    entry_withdraw,
)

pytestmark = pytest.mark.django_db


def test_entries_are_numbered_in_registration_order():
    tournament = progressive(0)
    first = entry_register(tournament=tournament, player_name="  Ann   Lee ")
    second = entry_register(tournament=tournament, player_name="Bo")
    assert (first.number, second.number) == (1, 2)
    assert first.player.name == "Ann Lee"


def test_a_known_player_is_reused_by_name_whatever_the_case():
    existing = Player.objects.create(name="Casey Captain")
    tournament = progressive(0)
    entry = entry_register(tournament=tournament, player_name="casey captain")
    assert entry.player == existing


@pytest.mark.parametrize(
    ("player", "partner", "message"),
    [
        ("", "", "Enter the player's name"),
        ("x" * 121, "", "Keep the player's name to 120 characters"),
        ("Ann", "Bob", "without partners"),
    ],
)
def test_progressive_registration_refuses_bad_names(player, partner, message):
    tournament = progressive(0)
    with pytest.raises(TournamentError, match=message):
        entry_register(tournament=tournament, player_name=player, partner_name=partner)
    assert not tournament.entries.exists()


def test_a_team_needs_two_different_players():
    tournament = bracket(0)
    with pytest.raises(TournamentError, match="two different players"):
        entry_register(tournament=tournament, player_name="Ann", partner_name="ann")


def test_a_player_already_entered_as_a_partner_cannot_enter_again():
    tournament = bracket(0)
    entry_register(tournament=tournament, player_name="Ann", partner_name="Bob")
    with pytest.raises(TournamentError, match="Bob is already entered"):
        entry_register(tournament=tournament, player_name="Bob", partner_name="Cy")


def test_check_in_no_show_and_undo_before_the_start():
    tournament = progressive(1, checked_in=False)
    entry = tournament.entries.get()
    assert entry_check_in(entry=entry).status == Entry.Status.CHECKED_IN
    assert entry.checked_in_at is not None
    assert entry_mark_no_show(entry=entry).status == Entry.Status.NO_SHOW
    assert entry_reset(entry=entry).status == Entry.Status.REGISTERED


def test_check_in_changes_are_refused_once_started():
    tournament = started(progressive(4))
    entry = tournament.entries.first()
    for action in (entry_check_in, entry_mark_no_show, entry_reset):
        with pytest.raises(TournamentError, match="before the tournament starts"):
            action(entry=entry)


def test_registration_closes_at_the_start_of_a_bracket():
    tournament = started(bracket(2))
    with pytest.raises(TournamentError, match="no new teams"):
        entry_register(tournament=tournament, player_name="Ann", partner_name="Bob")


def test_withdrawing_needs_a_running_event_and_a_playing_entry():
    tournament = bracket(3)
    with pytest.raises(TournamentError, match="under way"):
        entry_withdraw(entry=tournament.entries.first(), by=tournament.director)
    started(tournament)
    entry = tournament.entries.first()
    entry_withdraw(entry=entry, by=tournament.director)
    with pytest.raises(TournamentError, match="isn't playing"):
        entry_withdraw(entry=entry, by=tournament.director)


@pytest.mark.parametrize(
    "name", ["Ann\x00Lee", "Ann\x1b[2JLee", "Ann\u202eLee", "Ann\ud800Lee", "x" * 121]
)
def test_a_name_with_control_characters_or_too_long_is_refused_and_no_player_made(name):
    tournament = bracket(0)
    players = Player.objects.count()
    for typed in (
        {"player_name": name, "partner_name": "Bo"},
        {"player_name": "Bo", "partner_name": name},
    ):
        with pytest.raises(TournamentError, match="player's name"):
            entry_register(tournament=tournament, **typed)
    assert Player.objects.count() == players and not tournament.entries.exists()


def test_a_team_name_too_long_is_refused_not_cut():
    tournament = bracket(0)
    with pytest.raises(TournamentError, match="Keep the team name to 120 characters"):
        entry_register(
            tournament=tournament, player_name="Ann", partner_name="Bo", team_name="t" * 121
        )
    assert not tournament.entries.exists()
