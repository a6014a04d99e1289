"""Replies to the card-to-confirm text: Twilio's webhook, signed, once per message."""

import pytest
import sms
from django.test import Client

from league.nights.services.results import fixture_confirm_cards
from league.seasons.models import RosterEntry
from notices import delivery
from notices.models import InboundText, Notice, OutboxMessage, ReplyCode
from scoring.models import ScorecardVersion
from tests.factories import manager_user
from tests.notices.texting import PHONE, TOKEN, URL, answer, reply, texted_night

pytestmark = pytest.mark.django_db

State = ScorecardVersion.State


@pytest.fixture(autouse=True)
def _token(settings):
    settings.TWILIO_AUTH_TOKEN = TOKEN


def _states(texted):
    return [ScorecardVersion.objects.get(pk=v.pk).state for v in texted.versions]


def test_the_captains_text_carries_its_code_and_how_to_answer():
    texted = texted_night()
    text = OutboxMessage.objects.get(channel="sms", address=PHONE)
    delivery.outbox_deliver([text.pk])
    code = texted.code.code
    assert len(code) == 4
    assert sms.outbox[0].body.endswith(
        f"Reply YES {code} to confirm or DISPUTE {code} and a reason."
    )
    # A captain who takes texts gets the card to confirm by text only (the default).
    assert not OutboxMessage.objects.filter(notice=text.notice, channel="email").exists()


def test_yes_and_the_code_confirms_the_cards_as_the_captain():
    texted = texted_night()
    response = reply(f"Yes {texted.code.code}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/xml")
    assert "Confirmed" in answer(response)
    for version in texted.versions:
        version.refresh_from_db()
        assert (version.state, version.confirmed_by) == (State.CONFIRMED, texted.night.away_captain)
    texted.code.refresh_from_db()
    assert texted.code.answer == "YES"


def test_dispute_the_code_and_a_reason_disputes_the_cards_and_tells_the_managers_once():
    texted = texted_night()
    manager = manager_user(texted.night.season.league)
    response = reply(f"DISPUTE {texted.code.code} game 2 was 10-8 for us")
    assert "Disputed" in answer(response)
    for version in texted.versions:
        version.refresh_from_db()
        assert version.state == State.DISPUTED
        assert version.dispute_reason == "game 2 was 10-8 for us"
    notice = Notice.objects.get(kind=Notice.Kind.CARD_DISPUTED)
    assert manager.email in set(notice.messages.values_list("address", flat=True))
    assert "games 1, 2" in notice.body


def test_dispute_without_a_reason_is_refused_and_changes_nothing():
    texted = texted_night()
    response = reply(f"DISPUTE {texted.code.code}")
    assert "Say what is wrong" in answer(response)
    assert _states(texted) == [State.PENDING, State.PENDING]
    assert not Notice.objects.filter(kind=Notice.Kind.CARD_DISPUTED).exists()


@pytest.mark.parametrize("sign", ["", "bm90IHRoZSBzaWduYXR1cmU="])
def test_a_request_without_twilios_signature_is_refused_and_changes_nothing(sign):
    texted = texted_night()
    response = reply(f"YES {texted.code.code}", sign=sign)
    assert response.status_code == 403
    assert _states(texted) == [State.PENDING, State.PENDING]
    assert not InboundText.objects.exists()


def test_a_reply_signed_with_another_token_or_while_no_token_is_set_is_refused(settings):
    texted = texted_night()
    assert reply(f"YES {texted.code.code}", sign="").status_code == 403
    settings.TWILIO_AUTH_TOKEN = ""
    assert reply(f"YES {texted.code.code}").status_code == 403
    assert _states(texted) == [State.PENDING, State.PENDING]


def test_the_same_message_posted_twice_acts_once_and_answers_once():
    texted = texted_night()
    first = reply(f"YES {texted.code.code}", sid="SMreplay")
    second = reply(f"YES {texted.code.code}", sid="SMreplay")
    assert "Confirmed" in answer(first)
    assert second.status_code == 200 and answer(second) == ""
    assert InboundText.objects.count() == 1


def test_a_second_reply_to_an_answered_text_is_told_so():
    texted = texted_night()
    reply(f"YES {texted.code.code}", sid="SM1")
    response = reply(f"DISPUTE {texted.code.code} oops", sid="SM2")
    assert "already answered" in answer(response)
    assert _states(texted) == [State.CONFIRMED, State.CONFIRMED]


def test_an_unknown_code_is_refused_with_a_reply():
    texted_night()
    response = reply("YES 0000")
    assert "We don't know the code 0000" in answer(response)
    assert InboundText.objects.get().outcome == InboundText.Outcome.REFUSED


def test_a_reply_without_a_code_is_asked_for_it():
    texted_night()
    assert "Add the code" in answer(reply("YES"))


def test_the_code_from_another_phone_is_refused():
    texted = texted_night()
    response = reply(f"YES {texted.code.code}", phone="+14165550123")
    assert "wasn't sent to this number" in answer(response)
    assert _states(texted) == [State.PENDING, State.PENDING]


def test_a_card_confirmed_on_the_page_first_is_already_confirmed():
    texted = texted_night()
    fixture_confirm_cards(fixture=texted.night.fixture, user=texted.night.away_captain)
    response = reply(f"YES {texted.code.code}")
    assert "already confirmed" in answer(response)
    texted.code.refresh_from_db()
    assert texted.code.answered_at is None


def test_a_captain_no_longer_captain_is_not_allowed():
    texted = texted_night()
    RosterEntry.objects.filter(player=texted.night.away_captain.player).update(
        role=RosterEntry.Role.PLAYER
    )
    response = reply(f"YES {texted.code.code}")
    assert "Only the other side's captain" in answer(response)
    assert _states(texted) == [State.PENDING, State.PENDING]


def test_the_fixture_pages_refusals_apply_to_a_text_too():
    texted = texted_night()
    fixture = texted.night.fixture
    fixture.status = fixture.Status.POSTPONED
    fixture.save(update_fields=["status"])
    response = reply(f"YES {texted.code.code}")
    assert answer(response) and "Confirmed" not in answer(response)
    assert _states(texted) == [State.PENDING, State.PENDING]


def test_another_word_is_answered_with_how_to_reply():
    texted = texted_night()
    code = texted.code.code
    assert answer(reply(f"MAYBE {code}")) == (
        f"Reply YES {code} to confirm or DISPUTE {code} and a reason."
    )


def test_a_carrier_keyword_gets_no_answer_from_us():
    texted_night()
    response = reply("STOP")
    assert response.status_code == 200 and answer(response) == ""


def test_the_webhook_takes_posts_only_and_needs_no_csrf_token():
    texted = texted_night()
    assert Client().get(URL).status_code == 405
    client = Client(enforce_csrf_checks=True)
    assert "Confirmed" in answer(reply(f"YES {texted.code.code}", client=client))


def test_only_the_confirming_captains_text_carries_a_code():
    texted = texted_night()
    assert ReplyCode.objects.count() == 1
    assert texted.code.player_id == texted.night.away_captain.player.pk
    assert texted.code.message.channel == "sms"


def test_nul_bytes_in_the_body_or_the_number_are_dropped_and_the_reply_still_counts():
    texted = texted_night()
    response = reply(f"YES\x00 {texted.code.code}\x00", phone=f"{PHONE}\x00")
    assert response.status_code == 200 and "Confirmed" in answer(response)
    inbound = InboundText.objects.get()
    assert "\x00" not in inbound.body + inbound.phone
    assert _states(texted) == [State.CONFIRMED, State.CONFIRMED]


@pytest.mark.parametrize("sid", ["SM\x001", "\x00", "SM 1", "SM²", "SM-1'"])
def test_a_message_id_that_is_not_letters_and_digits_is_refused_and_nothing_kept(sid):
    texted = texted_night()
    response = reply(f"YES {texted.code.code}", sid=sid)
    assert response.status_code == 400
    assert not InboundText.objects.exists()
    assert _states(texted) == [State.PENDING, State.PENDING]
