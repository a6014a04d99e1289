"""The entry component over HTTP: taps, htmx partials, submission, and who may use it."""

import pytest
from django.urls import reverse

from scoring.models import Scorecard, ScorecardDraft, ScorecardVersion
from scoring.services import draft_add_hand
from tests.factories import admin_user, captain_user, manager_user, player_user
from tests.scoring.factories import NS_WINS_10_2, made, seated_game, team_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


def _tap(client, game, **data):
    return client.post(_url("entry_add_hand", game), data, **HTMX)


@pytest.fixture
def tg(client):
    tg = team_game()
    client.force_login(tg.ns_captain)
    return tg


def test_a_hand_takes_two_taps_and_the_totals_update(client, tg):
    response = _tap(client, tg.game, maker="NS", tricks="5", dealer="N")
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith("<section")  # the component only, for htmx to swap
    assert 'data-total="NS">2<' in page
    assert f"{tg.ns_team.name} marched: 2 points." in page
    assert 'value="E" selected' in page  # the deal passes to the left
    assert "Hand 2" in page


def test_a_lone_hand_takes_three_taps(client, tg):
    page = _tap(client, tg.game, maker="EW", alone="yes", tricks="5").content.decode()
    assert 'data-total="EW">4<' in page and f"{tg.ew_team.name} marched alone: 4 points." in page


def test_a_renege_and_a_missing_tap_are_explained(client, tg):
    page = _tap(client, tg.game, maker="NS", alone="yes", renege_by="EW").content.decode()
    assert f"{tg.ew_team.name} reneged: {tg.ns_team.name} get 4 points." in page
    page = _tap(client, tg.game, tricks="3").content.decode()
    assert "Tap who made trump first" in page
    page = _tap(client, tg.game, maker="NS").content.decode()
    assert "Tap how many tricks" in page
    assert len(ScorecardDraft.objects.get().hands) == 1


def test_an_impossible_hand_shows_the_engines_message_and_saves_nothing(client, tg):
    page = _tap(client, tg.game, passed="on").content.decode()
    assert "stick the dealer" in page and 'role="alert"' in page
    assert not ScorecardDraft.objects.exists()


def test_crafted_garbage_never_answers_500(client, tg):
    for data in ({"maker": "XX", "tricks": "9"}, {"tricks": "abc"}, {"dealer": "Z"}):
        assert _tap(client, tg.game, **data).status_code == 200
    assert not ScorecardDraft.objects.exists()


def test_the_draft_survives_a_reload(client, tg):
    _tap(client, tg.game, maker="NS", tricks="4")
    page = client.get(_url("game_entry", tg.game)).content.decode()
    assert f"{tg.ns_team.name} made it with 4 tricks: 1 point." in page


def test_take_back_and_start_again(client, tg):
    _tap(client, tg.game, maker="NS", tricks="4")
    _tap(client, tg.game, maker="NS", tricks="3")
    page = client.post(_url("entry_undo", tg.game), **HTMX).content.decode()
    assert 'data-total="NS">1<' in page
    client.post(_url("entry_clear", tg.game), **HTMX)
    assert not ScorecardDraft.objects.exists()
    page = client.post(_url("entry_undo", tg.game), **HTMX).content.decode()
    assert "no hand to take back" in page


def test_submitting_the_draft_redirects_to_the_card(client, tg):
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)
    response = client.post(_url("entry_submit", tg.game), **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == _url("game_detail", tg.game)
    version = ScorecardVersion.objects.get()
    assert (version.submitted_for, version.ns_total, version.ew_total) == ("NS", 10, 2)
    assert not ScorecardDraft.objects.exists()
    card = client.get(response["HX-Redirect"]).content.decode()
    assert f"Card submitted for {tg.ns_team.name}: {tg.ew_team.name} confirms it next." in card


def test_submitting_an_unfinished_game_explains_why(client, tg):
    _tap(client, tg.game, maker="NS", tricks="4")
    page = client.post(_url("entry_submit", tg.game), **HTMX).content.decode()
    assert "Neither side has reached 10 yet" in page and "time ran out" in page
    assert not ScorecardVersion.objects.exists()


def test_time_ran_out_is_kept_and_lets_the_leader_win(client, tg):
    _tap(client, tg.game, maker="NS", tricks="4")
    page = client.post(_url("entry_options", tg.game), {"timed_out": "on"}, **HTMX).content.decode()
    ns, ew = tg.ns_team.name, tg.ew_team.name
    assert f"Time ran out at {ns} 1, {ew} 0: {ns} win." in page
    client.post(_url("entry_submit", tg.game), {"timed_out": "on"}, **HTMX)
    assert ScorecardVersion.objects.get().timed_out


def test_final_scores_only(client, tg):
    response = client.post(
        _url("entry_submit_final", tg.game), {"score_NS": "10", "score_EW": "7"}, **HTMX
    )
    assert response["HX-Redirect"] == _url("game_detail", tg.game)
    assert ScorecardVersion.objects.get().source == "final"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"score_NS": "11", "score_EW": "7"}, "record the winner&#x27;s score as 10"),
        ({"score_NS": "x", "score_EW": "7"}, "Enter a whole number"),
        ({"score_NS": "10"}, "This field is required"),
    ],
)
def test_impossible_final_scores_are_refused(client, tg, data, message):
    page = client.post(_url("entry_submit_final", tg.game), data, **HTMX).content.decode()
    assert message in page
    assert not ScorecardVersion.objects.exists()


def test_without_htmx_the_entry_redirects_with_a_message(client, tg):
    response = client.post(_url("entry_add_hand", tg.game), {"passed": "on"}, follow=True)
    assert response.redirect_chain[-1][0] == _url("game_entry", tg.game)
    assert "stick the dealer" in response.content.decode()


@pytest.mark.parametrize("role", ["anonymous", "player", "other_captain"])
def test_people_who_cannot_enter_the_card_are_refused(client, role):
    tg = team_game()
    if role != "anonymous":
        user = player_user(team=tg.ns_team)[0] if role == "player" else captain_user()[0]
        client.force_login(user)
    page = client.get(_url("game_entry", tg.game))
    tap = _tap(client, tg.game, maker="NS", tricks="5")
    submit = client.post(_url("entry_submit", tg.game), {"side": "NS"})
    expected = 302 if role == "anonymous" else 403
    assert (page.status_code, tap.status_code, submit.status_code) == (expected,) * 3
    assert not ScorecardDraft.objects.exists() and not Scorecard.objects.exists()


def test_a_captain_cannot_submit_for_the_other_side_by_crafting_the_form(client, tg):
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)
    response = client.post(_url("entry_submit", tg.game), {"side": "EW"}, **HTMX)
    assert response.status_code == 403
    assert not ScorecardVersion.objects.exists()


@pytest.mark.parametrize("staff", [manager_user, admin_user])
def test_staff_choose_the_side_they_enter_for(client, staff):
    tg = team_game()
    client.force_login(staff())
    page = client.get(_url("game_entry", tg.game)).content.decode()
    assert "Entering the card for" in page
    page = client.post(_url("entry_options", tg.game), {"side": "EW"}, **HTMX).content.decode()
    assert f"Submit the card for {tg.ew_team.name}" in page


def test_an_individual_game_asks_who_went_alone_and_shows_each_player(client):
    game, users = seated_game("progressive")
    client.force_login(users["N"])
    page = _tap(client, game, alone="N", tricks="5").content.decode()
    assert "North alone" in page
    assert 'data-total="N">5<' in page and 'data-total="S">4<' in page
    page = _tap(client, game, maker="EW", alone="yes", tricks="5").content.decode()
    assert "Say who went alone" in page


def test_the_component_can_start_from_the_current_card(client, tg):
    from scoring.services import scorecard_submit

    version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
    client.force_login(tg.ew_captain)
    page = client.get(_url("game_entry", tg.game)).content.decode()
    assert "Start from the current card" in page
    client.post(_url("entry_copy_card", tg.game), {"version": version.pk}, **HTMX)
    assert ScorecardDraft.objects.get(user=tg.ew_captain).rows() == version.rows()
    assert client.post(_url("entry_copy_card", tg.game), {"version": "x"}).status_code == 404


def test_the_include_renders_for_a_game_on_another_page(rf, tg):
    from django.template import Context, Template

    request = rf.get("/")
    request.user = tg.ns_captain
    html = Template('{% include "scoring/_entry.html" with game=game %}').render(
        Context({"game": tg.game, "request": request, "csrf_token": "t"})
    )
    assert f'id="entry-{tg.game.pk}"' in html
    request.user = captain_user()[0]
    html = Template('{% include "scoring/_entry.html" with game=game %}').render(
        Context({"game": tg.game, "request": request})
    )
    assert html.strip() == ""


def test_hands_after_the_end_are_refused_and_the_tap_form_goes_away(client, tg):
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)
    page = client.get(_url("game_entry", tg.game)).content.decode()
    assert f"{tg.ns_team.name} reached 10" in page and "Tricks the makers took" not in page
    page = _tap(client, tg.game, maker="EW", tricks="3").content.decode()
    assert "The game was over after hand 7" in page
    assert made("EW", 3) not in ScorecardDraft.objects.get().hands


def test_an_embedding_page_can_ask_to_come_back_after_submitting(client, tg):
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)
    page = client.post(_url("entry_undo", tg.game), {"next": "/my-team/"}, **HTMX).content.decode()
    assert 'data-hx-vals=\'{"next": "/my\\u002Dteam/"}\'' in page  # kept across swaps
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand=NS_WINS_10_2[-1])
    response = client.post(_url("entry_submit", tg.game), {"next": "/my-team/"}, **HTMX)
    assert response["HX-Redirect"] == "/my-team/"


def test_a_next_to_another_site_is_ignored(client, tg):
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)
    response = client.post(_url("entry_submit", tg.game), {"next": "https://evil.example/"}, **HTMX)
    assert response["HX-Redirect"] == _url("game_detail", tg.game)


@pytest.mark.parametrize("htmx", [True, False])
def test_refused_final_scores_stay_in_their_boxes_with_the_reason_beside_them(client, tg, htmx):
    data = {"score_NS": "12", "score_EW": "3"}
    response = client.post(_url("entry_submit_final", tg.game), data, **(HTMX if htmx else {}))
    assert response.status_code == 200
    page = response.content.decode()
    final = page[page.index('<details class="final-entry" open>') :]
    final = final[: final.index("</details>")]
    assert 'name="score_NS" inputmode="numeric" required value="12"' in final
    assert 'name="score_EW" inputmode="numeric" required value="3"' in final
    assert "record the winner&#x27;s score as 10" in final
    assert not ScorecardVersion.objects.exists()
