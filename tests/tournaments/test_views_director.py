import pytest
from django.urls import reverse

from scoring.models import RuleSet
from tests.factories import (
    TournamentFactory,
    UserFactory,
    captain_user,
    director_user,
    manager_user,
    player_user,
)
from tests.tournaments.factories import bracket, entry_named, progressive, started
from tournaments.models import BracketMatch, Entry, Tournament

pytestmark = pytest.mark.django_db


def _user(role, tournament):
    return {
        "player": lambda: player_user()[0],
        "captain": lambda: captain_user()[0],
        "manager": manager_user,
        # Directs another event (a director of every event would run this one too).
        "other director": lambda: director_user(tournament=TournamentFactory()),
        "own director": lambda: tournament.director,
    }[role]()


ROLES = [
    ("player", 403),
    ("captain", 403),
    ("manager", 403),
    ("other director", 403),
    ("own director", 200),
]


@pytest.mark.parametrize(("role", "status"), ROLES)
def test_only_the_tournaments_own_director_reaches_its_control_page(client, role, status):
    tournament = bracket(2)
    client.force_login(_user(role, tournament))
    assert client.get(reverse("tournaments:manage", args=[tournament.slug])).status_code == status


def test_anonymous_visitors_are_sent_to_log_in(client):
    tournament = bracket(2)
    for name in ("manage", "edit"):
        response = client.get(reverse(f"tournaments:{name}", args=[tournament.slug]))
        assert response.status_code == 302 and reverse("login") in response.url
    response = client.post(reverse("tournaments:start", args=[tournament.slug]))
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.SETUP


@pytest.mark.parametrize(("role", "status"), ROLES)
def test_starting_is_refused_to_everyone_but_the_own_director(client, role, status):
    tournament = bracket(2)
    client.force_login(_user(role, tournament))
    response = client.post(reverse("tournaments:start", args=[tournament.slug]))
    tournament.refresh_from_db()
    if status == 200:
        assert response.status_code == 302
        assert tournament.status == Tournament.Status.RUNNING
    else:
        assert response.status_code == 403
        assert tournament.status == Tournament.Status.SETUP


@pytest.mark.parametrize(
    ("role", "status"),
    # Organisers create events; every manager and director made here is an organiser.
    [("player", 403), ("captain", 403), ("manager", 200), ("other director", 200)],
)
def test_any_director_may_create_a_tournament_and_then_runs_it(client, role, status):
    user = _user(role, None)
    client.force_login(user)
    response = client.get(reverse("tournaments:create"))
    assert response.status_code == status


def test_creating_a_tournament_makes_the_creator_its_director(client):
    user = director_user()
    client.force_login(user)
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": "Cold Butt Open",
            "date": "2026-02-07",
            "format": "heats",
            "rule_set": RuleSet.objects.get(slug="cold-butt").pk,
            "rounds": 8,
            "hands_per_round": 8,
            "seed": 0,
            "sit_out_rule": "sit_out",
            "best_of": 1,
            "stages_text": "",
        },
    )
    tournament = Tournament.objects.get(name="Cold Butt Open")
    assert response.status_code == 302
    assert tournament.director == user
    assert [s["kind"] for s in tournament.stages][-1] == "final"


def test_bad_setup_input_shows_the_form_again_with_a_message(client):
    client.force_login(director_user())
    response = client.post(reverse("tournaments:create"), {"name": "", "date": "soon"})
    assert response.status_code == 200
    assert not Tournament.objects.exists()
    assert b"Enter a valid date" in response.content


def test_registering_and_checking_in_at_the_door(client):
    tournament = bracket(0)
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_register", args=[tournament.slug])
    client.post(url, {"player_name": "Ann", "partner_name": "Bob", "team_name": "Bowers"})
    entry = tournament.entries.get()
    assert entry.display_name == "Bowers" and entry.partner.name == "Bob"
    response = client.post(
        reverse("tournaments:entry_action", args=[tournament.slug, entry.number, "check_in"]),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert b"Checked in" in response.content
    entry.refresh_from_db()
    assert entry.status == Entry.Status.CHECKED_IN


def test_a_partners_event_refuses_a_team_of_one_with_a_message(client):
    tournament = bracket(0)
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_register", args=[tournament.slug])
    response = client.post(url, {"player_name": "Ann"}, follow=True)
    assert b"enter both players" in response.content
    assert not tournament.entries.exists()


def test_a_player_can_be_entered_once(client):
    tournament = bracket(0)
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_register", args=[tournament.slug])
    client.post(url, {"player_name": "Ann", "partner_name": "Bob"})
    response = client.post(url, {"player_name": "Cy", "partner_name": "ann"}, follow=True)
    assert b"already entered" in response.content
    assert tournament.entries.count() == 1


def test_unknown_entry_actions_and_numbers_change_nothing(client):
    tournament = bracket(2, checked_in=False)
    client.force_login(tournament.director)
    entry = entry_named(tournament, "Team 1")
    url = reverse("tournaments:entry_action", args=[tournament.slug, entry.number, "explode"])
    assert client.post(url).status_code == 302
    url = reverse("tournaments:entry_action", args=[tournament.slug, 99, "check_in"])
    assert client.post(url).status_code == 404
    assert (
        client.get(
            reverse("tournaments:entry_action", args=[tournament.slug, 1, "check_in"])
        ).status_code
        == 405
    )
    entry.refresh_from_db()
    assert entry.status == Entry.Status.REGISTERED


def test_a_bad_seed_gets_a_message(client):
    tournament = bracket(2)
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_seed", args=[tournament.slug, 1])
    response = client.post(url, {"seed": "first"}, follow=True)
    assert b"whole number" in response.content


def test_the_director_awards_a_forfeit_from_the_control_page(client):
    tournament = started(bracket(2))
    match = BracketMatch.objects.get(tournament=tournament)
    client.force_login(tournament.director)
    url = reverse("tournaments:match_award", args=[tournament.slug, match.pk])
    for typed in ("not-a-number", "²", "١", "\x00", "9" * 40):
        response = client.post(url, {"winner": typed}, follow=True)
        assert b"Choose the team" in response.content
    match.refresh_from_db()
    assert match.winner_id is None
    client.post(url, {"winner": match.bottom_id})
    tournament.refresh_from_db()
    assert tournament.champion_id == match.bottom_id


def test_another_director_cannot_award_a_match(client):
    tournament = started(bracket(2))
    match = BracketMatch.objects.get(tournament=tournament)
    client.force_login(director_user(tournament=TournamentFactory()))
    url = reverse("tournaments:match_award", args=[tournament.slug, match.pk])
    assert client.post(url, {"winner": match.top_id}).status_code == 403
    match.refresh_from_db()
    assert match.winner_id is None


def test_moving_on_before_the_cards_are_in_is_refused_with_the_waiting_tables(client):
    tournament = started(progressive(8, rounds=2))
    client.force_login(tournament.director)
    response = client.post(reverse("tournaments:round_next", args=[tournament.slug]), follow=True)
    assert b"still need a confirmed card" in response.content
    tournament.refresh_from_db()
    assert tournament.current_round == 1


def test_a_late_arrival_can_be_added_while_a_progressive_event_runs(client):
    tournament = started(progressive(8, rounds=3))
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_register", args=[tournament.slug])
    response = client.post(url, {"player_name": "Latecomer"}, follow=True)
    assert b"joins from the next round" in response.content
    late = tournament.entries.get(player__name="Latecomer")
    assert late.late and late.first_round == 2
    assert late.round_seats.filter(round__number=1).count() == 0
    assert late.round_seats.filter(round__number__in=[2, 3]).count() == 2


def _post_urls(tournament, match):
    slug = tournament.slug
    return [
        reverse("tournaments:entry_register", args=[slug]),
        reverse("tournaments:entry_action", args=[slug, 1, "withdraw"]),
        reverse("tournaments:entry_seed", args=[slug, 1]),
        reverse("tournaments:round_next", args=[slug]),
        reverse("tournaments:finish", args=[slug]),
        reverse("tournaments:recheck", args=[slug]),
        reverse("tournaments:match_award", args=[slug, match.pk]),
        reverse("tournaments:edit", args=[slug]),
    ]


@pytest.mark.parametrize("role", ["player", "captain", "manager", "other director"])
def test_every_director_write_is_refused_to_other_roles(client, role):
    tournament = started(bracket(2))
    match = BracketMatch.objects.get(tournament=tournament)
    client.force_login(_user(role, tournament))
    for url in _post_urls(tournament, match):
        response = client.post(url, {"player_name": "X", "winner": match.top_id, "seed": 1})
        assert response.status_code == 403, url
    match.refresh_from_db()
    assert match.winner_id is None
    assert tournament.entries.count() == 2
    assert not tournament.entries.filter(status=Entry.Status.WITHDRAWN).exists()


def test_anonymous_writes_go_to_log_in_and_change_nothing(client):
    tournament = started(bracket(2))
    match = BracketMatch.objects.get(tournament=tournament)
    for url in _post_urls(tournament, match):
        response = client.post(url, {"winner": match.top_id})
        assert response.status_code == 302 and reverse("login") in response.url
    match.refresh_from_db()
    assert match.winner_id is None


def test_a_superuser_may_run_any_tournament(client):
    tournament = bracket(2)
    admin = UserFactory(is_superuser=True)
    client.force_login(admin)
    assert client.get(reverse("tournaments:manage", args=[tournament.slug])).status_code == 200


def test_the_settings_page_saves_for_the_own_director(client):
    tournament = bracket(2)
    client.force_login(tournament.director)
    url = reverse("tournaments:edit", args=[tournament.slug])
    assert client.get(url).status_code == 200
    data = {
        "name": "Renamed Cup",
        "date": "2026-05-01",
        "format": "partner_bracket",
        "rule_set": tournament.rule_set_id,
        "rounds": 8,
        "hands_per_round": 8,
        "seed": 0,
        "sit_out_rule": "sit_out",
        "best_of": 3,
    }
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.best_of) == ("Renamed Cup", 3)


def test_a_check_in_refused_at_the_door_shows_why_in_the_row(client):
    tournament = started(bracket(2))
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_action", args=[tournament.slug, 1, "check_in"])
    response = client.post(url, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert b"only check players in before the tournament starts" in response.content


def test_withdrawing_asks_first_and_the_question_changes_nothing(client):
    tournament = started(progressive(8, rounds=3))
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_action", args=[tournament.slug, 1, "withdraw"])

    page = client.post(url).content.decode()

    assert "Withdraw " in page and 'name="confirm" value="1"' in page
    assert "you can undo this from the control page" in page
    assert tournament.entries.get(number=1).status == Entry.Status.CHECKED_IN


def test_a_confirmed_withdrawal_offers_an_undo_that_puts_the_player_back(client):
    tournament = started(progressive(8, rounds=3))
    client.force_login(tournament.director)
    slug = tournament.slug
    withdraw = reverse("tournaments:entry_action", args=[slug, 1, "withdraw"])

    page = client.post(withdraw, {"confirm": "1"}, follow=True).content.decode()

    assert "withdrew. Undo it on this page until the next round starts." in page
    undo = reverse("tournaments:entry_action", args=[slug, 1, "reinstate"])
    assert f'action="{undo}"' in page and "withdrawn." in page
    assert tournament.entries.get(number=1).status == Entry.Status.WITHDRAWN
    page = client.post(undo, follow=True).content.decode()
    assert "is back in" in page and f'action="{undo}"' not in page
    assert tournament.entries.get(number=1).status == Entry.Status.CHECKED_IN
    again = client.post(undo, follow=True)
    assert again.status_code == 200 and b"is playing already" in again.content


def test_a_brackets_withdrawal_warns_that_it_cannot_be_undone(client):
    tournament = started(bracket(4))
    client.force_login(tournament.director)
    url = reverse("tournaments:entry_action", args=[tournament.slug, 1, "withdraw"])
    assert "This can't be undone." in client.post(url).content.decode()
    page = client.post(url, {"confirm": "1"}, follow=True).content.decode()
    assert "reinstate" not in page and "Undo it" not in page
