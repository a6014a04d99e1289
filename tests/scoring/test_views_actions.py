"""Confirm, dispute, settle and correct over HTTP, including crafted requests."""

import pytest
from django.urls import reverse

from scoring.models import Scorecard, ScorecardDraft, ScorecardVersion
from scoring.services import scorecard_confirm, scorecard_dispute, scorecard_submit
from tests.factories import admin_user, captain_user, manager_user, player_user
from tests.scoring.factories import NS_WINS_10_2, made, team_game

pytestmark = pytest.mark.django_db


def _url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


@pytest.fixture
def tg():
    tg = team_game()
    tg.version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    return tg


def _status(tg):
    return Scorecard.objects.get(game=tg.game).status


def test_the_other_captain_confirms_by_post(client, tg):
    client.force_login(tg.ew_captain)
    response = client.post(_url("game_confirm", tg.game), {"version": tg.version.pk}, follow=True)
    assert "Card confirmed" in response.content.decode()
    assert _status(tg) == "confirmed"


def test_a_crafted_post_by_the_submitter_cannot_confirm_their_own_card(client, tg):
    client.force_login(tg.ns_captain)
    response = client.post(_url("game_confirm", tg.game), {"version": tg.version.pk})
    assert response.status_code == 403
    assert b"can&#x27;t confirm it yourself" in response.content
    assert _status(tg) == "submitted"
    assert not ScorecardVersion.objects.filter(state="confirmed").exists()


def test_a_manager_who_submitted_cannot_confirm_by_crafted_post(client):
    tg = team_game()
    manager = manager_user()
    version = scorecard_submit(game=tg.game, user=manager, side="EW", hands=NS_WINS_10_2)
    client.force_login(manager)
    assert client.post(_url("game_confirm", tg.game), {"version": version.pk}).status_code == 403
    assert _status(tg) == "submitted"


@pytest.mark.parametrize("role", ["player", "other_captain", "teammate"])
def test_crafted_confirmations_and_disputes_from_others_are_refused(client, tg, role):
    user = {
        "player": lambda: player_user(team=tg.ew_team)[0],
        "other_captain": lambda: captain_user()[0],
        "teammate": lambda: player_user(team=tg.ns_team)[0],
    }[role]()
    client.force_login(user)
    data = {"version": tg.version.pk, "reason": "No"}
    assert client.post(_url("game_confirm", tg.game), data).status_code == 403
    assert client.post(_url("game_dispute", tg.game), data).status_code == 403
    assert _status(tg) == "submitted"


def test_anonymous_posts_go_to_log_in(client, tg):
    response = client.post(_url("game_confirm", tg.game), {"version": tg.version.pk})
    assert response.status_code == 302 and reverse("login") in response.url
    assert _status(tg) == "submitted"


@pytest.mark.parametrize("version", ["", "abc", "99999999", "1" * 40, "²"])
def test_a_bad_version_is_a_404_never_a_500(client, tg, version):
    client.force_login(tg.ew_captain)
    assert client.post(_url("game_confirm", tg.game), {"version": version}).status_code == 404


def test_a_version_of_another_game_is_a_404(client, tg):
    other = team_game()
    client.force_login(tg.ew_captain)
    response = client.post(_url("game_confirm", other.game), {"version": tg.version.pk})
    assert response.status_code == 404


def test_confirm_is_post_only(client, tg):
    client.force_login(tg.ew_captain)
    assert client.get(_url("game_confirm", tg.game)).status_code == 405


def test_a_stale_confirmation_is_explained(client, tg):
    scorecard_confirm(version=tg.version, user=tg.ew_captain)
    client.force_login(tg.ew_captain)
    response = client.post(_url("game_confirm", tg.game), {"version": tg.version.pk}, follow=True)
    assert "changed since you opened it" in response.content.decode()


def test_disputing_needs_a_reason(client, tg):
    client.force_login(tg.ew_captain)
    response = client.post(_url("game_dispute", tg.game), {"version": tg.version.pk}, follow=True)
    assert "Say what is wrong" in response.content.decode()
    response = client.post(
        _url("game_dispute", tg.game), {"version": tg.version.pk, "reason": "Hand 2"}, follow=True
    )
    assert "a manager or director will settle it" in response.content.decode()
    assert _status(tg) == "disputed"


@pytest.mark.parametrize("role", ["anonymous", "player", "captain"])
def test_settle_and_correct_pages_are_for_staff_only(client, tg, role):
    if role == "player":
        client.force_login(player_user(team=tg.ns_team)[0])
    elif role == "captain":
        client.force_login(tg.ew_captain)
    expected = 302 if role == "anonymous" else 403
    for name in ("game_settle", "game_correct"):
        assert client.get(_url(name, tg.game)).status_code == expected
        assert client.post(
            _url(name, tg.game), {"reason": "x", "basis": "current"}
        ).status_code == (expected)
    assert _status(tg) == "submitted"


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_staff_settle_a_dispute_letting_the_card_stand(client, tg, staff):
    scorecard_dispute(version=tg.version, user=tg.ew_captain, reason="Hand 2 was ours")
    client.force_login(staff())
    page = client.get(_url("game_settle", tg.game)).content.decode()
    assert "Hand 2 was ours" in page and "The card as it stands (version 1)" in page
    response = client.post(
        _url("game_settle", tg.game), {"reason": "Checked the paper card.", "basis": "current"}
    )
    assert response.status_code == 302
    assert _status(tg) == "settled"
    assert ScorecardVersion.objects.get(state="confirmed").reason == "Checked the paper card."


def test_settling_with_final_scores_and_a_refusal_keeps_the_form(client, tg):
    client.force_login(manager_user())
    data = {"reason": "Agreed at the bar", "basis": "final", "score_NS": "12", "score_EW": "3"}
    response = client.post(_url("game_settle", tg.game), data)
    assert response.status_code == 200
    assert "record the winner&#x27;s score as 10" in response.content.decode()
    assert _status(tg) == "submitted"
    response = client.post(_url("game_settle", tg.game), {**data, "score_NS": "10"})
    assert response.status_code == 302 and _status(tg) == "settled"


def test_final_basis_needs_the_scores(client, tg):
    client.force_login(manager_user())
    response = client.post(_url("game_settle", tg.game), {"reason": "x", "basis": "final"})
    assert response.status_code == 200 and "Enter this score." in response.content.decode()


def test_staff_correct_a_confirmed_card_from_their_draft(client, tg):
    scorecard_confirm(version=tg.version, user=tg.ew_captain)
    director = manager_user()  # the staff of the game's league
    hands = [made("EW", 5), *NS_WINS_10_2[1:], made("NS", 5)]
    ScorecardDraft.objects.create(user=director, game=tg.game, hands=hands)
    client.force_login(director)
    page = client.get(_url("game_correct", tg.game)).content.decode()
    assert "The 8 hands in my draft" in page and "as it stands" not in page
    response = client.post(
        _url("game_correct", tg.game), {"reason": "Hand 1 was E-W's march.", "basis": "draft"}
    )
    assert response.status_code == 302
    current = Scorecard.objects.get(game=tg.game).current_version
    assert (current.kind, current.ew_total, current.previous) == ("correction", 4, tg.version)
    page = client.get(_url("game_detail", tg.game)).content.decode()
    assert "Hand 1 was E-W&#x27;s march." in page and "corrected by" in page


def test_the_settle_form_refuses_an_unknown_basis(client, tg):
    client.force_login(manager_user())
    response = client.post(_url("game_settle", tg.game), {"reason": "x", "basis": "draft"})
    assert response.status_code == 200 and _status(tg) == "submitted"


def test_correcting_a_game_without_a_card_is_refused_and_leaves_no_card(client):
    tg = team_game()
    client.force_login(manager_user())
    data = {"reason": "x", "basis": "final", "score_NS": "10", "score_EW": "2"}
    response = client.post(_url("game_correct", tg.game), data)
    assert "Only a confirmed card can be corrected" in response.content.decode()
    assert not Scorecard.objects.filter(game=tg.game).exists()


def test_the_settle_page_and_the_dispute_queue_name_a_league_games_teams(client, tg):
    ns, ew = tg.ns_team.name, tg.ew_team.name
    scorecard_dispute(version=tg.version, user=tg.ew_captain, reason="Hand 2 was ours")
    client.force_login(manager_user())
    page = client.get(_url("game_settle", tg.game)).content.decode()
    assert f"{ns} 10 – {ew} 2" in page and f"{ew} made it with 3 tricks" in page
    data = {"reason": "Agreed", "basis": "final", "score_NS": "12", "score_EW": "3"}
    refused = client.post(_url("game_settle", tg.game), data).content.decode()
    assert "N-S" not in page + refused and "E-W" not in page + refused
    assert ns in refused  # the engine's refusal, in the teams' names
    queue = client.get(reverse("scoring:dispute_queue")).content.decode()
    assert f"for {ns}" in queue and "N-S" not in queue
