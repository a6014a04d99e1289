"""The entry component's keys, and what a phone sends when its signal is back (JSON)."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from scoring.models import EntryReceipt, ScorecardDraft, ScorecardVersion
from scoring.services import draft_add_hand
from tests.scoring.factories import NS_WINS_10_2, team_game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SYNC = {"HTTP_X_ENTRY_SYNC": "1"}
KEY = "7d1e3c0a-52b4-4f7e-8a63-9c2f1b0e4d21"


def _url(name, game):
    return reverse(f"scoring:{name}", args=[game.pk])


@pytest.fixture
def tg(client):
    tg = team_game()
    client.force_login(tg.ns_captain)
    return tg


def _full_draft(tg):
    for hand in NS_WINS_10_2:
        draft_add_hand(game=tg.game, user=tg.ns_captain, hand=hand)


def test_a_tap_with_a_key_sent_twice_adds_one_hand(client, tg):
    for _ in range(2):
        page = client.post(
            _url("entry_add_hand", tg.game), {"maker": "NS", "tricks": "5", "key": KEY}, **HTMX
        )
        assert 'data-total="NS">2<' in page.content.decode()
    assert len(ScorecardDraft.objects.get().hands) == 1


def test_a_kept_hand_is_answered_in_json(client, tg):
    data = {"maker": "NS", "tricks": "5", "dealer": "N", "key": KEY}
    for _ in range(2):
        response = client.post(_url("entry_add_hand", tg.game), data, **SYNC)
        assert (response.status_code, response.json()) == (200, {"ok": True, "error": ""})
    assert len(ScorecardDraft.objects.get().hands) == 1


def test_a_kept_hand_the_engine_refuses_is_answered_with_its_message(client, tg):
    response = client.post(_url("entry_add_hand", tg.game), {"tricks": "3", "key": KEY}, **SYNC)
    assert response.status_code == 400
    ns, ew = tg.ns_team.name, tg.ew_team.name
    assert response.json() == {"ok": False, "error": f"Tap who made trump first: {ns} or {ew}."}
    response = client.post(
        _url("entry_add_hand", tg.game), {"maker": "NS", "tricks": "3", "key": "bad"}, **SYNC
    )
    assert response.status_code == 400 and "broken key" in response.json()["error"]
    assert not EntryReceipt.objects.exists()


def test_a_kept_card_is_submitted_once_and_says_where_to_go(client, tg):
    _full_draft(tg)
    for _ in range(2):
        response = client.post(_url("entry_submit", tg.game), {"side": "NS", "key": KEY}, **SYNC)
        assert response.status_code == 200
        assert response.json() == {
            "ok": True,
            "error": "",
            "redirect": _url("game_detail", tg.game),
        }
    assert ScorecardVersion.objects.count() == 1
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert said[-1].startswith("Sent from this phone now the signal is back. Card submitted")


def test_kept_final_scores_are_submitted_once(client, tg):
    data = {"side": "NS", "score_NS": "10", "score_EW": "4", "key": KEY}
    for _ in range(2):
        response = client.post(_url("entry_submit_final", tg.game), data, **SYNC)
        assert response.json()["ok"] is True
    assert ScorecardVersion.objects.get().ew_total == 4


def test_a_kept_card_goes_back_to_the_page_it_came_from(client, tg):
    _full_draft(tg)
    data = {"side": "NS", "key": KEY, "next": "/leagues/"}
    response = client.post(_url("entry_submit", tg.game), data, **SYNC)
    assert response.json()["redirect"] == "/leagues/"


def test_an_unfinished_kept_card_is_refused_with_the_reason(client, tg):
    response = client.post(_url("entry_submit", tg.game), {"side": "NS", "key": KEY}, **SYNC)
    assert response.status_code == 400 and "Enter at least one hand" in response.json()["error"]


def test_the_component_carries_what_the_phone_needs_to_work_offline(client, tg):
    draft_add_hand(game=tg.game, user=tg.ns_captain, hand={"maker_side": "NS", "tricks": 3})
    page = client.get(_url("game_entry", tg.game)).content.decode()
    assert "data-offline-entry" in page and 'data-hand-count="1"' in page
    assert f'data-user="{tg.ns_captain.pk}"' in page and 'data-worker="/sw.js"' in page
    assert 'data-entry-step="hand"' in page and 'data-entry-step="submit"' in page
    assert "data-offline-panel hidden" in page
    for script in ("entry-queue", "entry-pages", "offline-entry"):
        assert f"js/{script}.js" in page
