"""Answering a sub request by text, through notices' inbound handling."""

import pytest

from league.seasons.models import RosterEntry
from league.subs.models import SubAsk, SubRequest
from league.subs.services import sub_request_create
from notices.models import InboundText, ReplyCode
from notices.replies import text_reply_receive
from tests.league.subs.factories import fixture_ahead, volunteer

pytestmark = pytest.mark.django_db


def asked():
    ahead = fixture_ahead()
    ann, bob = volunteer(ahead.season, name="Ann"), volunteer(ahead.season, name="Bob")
    request = sub_request_create(fixture=ahead.fixture, team=ahead.home, by=ahead.home_captain)
    return ahead, request, ann, bob


def code_of(player):
    return ReplyCode.objects.get(player=player, handler="league_sub")


def test_yes_by_text_takes_it_and_says_to_sign_the_waiver():
    ahead, request, ann, _ = asked()
    code = code_of(ann)
    reply = text_reply_receive(message_sid="SM1", phone=ann.phone, body=f"yes {code.code}")
    assert reply.startswith("It's yours")
    assert f"Sign the {ahead.season.name} waiver" in reply
    request.refresh_from_db()
    assert request.filled_by == ann
    assert RosterEntry.objects.filter(fixture=ahead.fixture, player=ann).exists()


def test_a_second_yes_by_text_is_thanked_and_told_its_filled():
    _, request, ann, bob = asked()
    text_reply_receive(message_sid="SM1", phone=ann.phone, body=f"YES {code_of(ann).code}")
    reply = text_reply_receive(message_sid="SM2", phone=bob.phone, body=f"YES {code_of(bob).code}")
    assert reply == "Thanks — it was already filled by another sub."
    assert request.asks.get(player=bob).answer == SubAsk.Answer.TOO_LATE


def test_no_by_text_records_no():
    _, request, ann, _ = asked()
    reply = text_reply_receive(message_sid="SM1", phone=ann.phone, body=f"NO {code_of(ann).code}")
    assert "not counted on" in reply
    assert request.asks.get(player=ann).answer == SubAsk.Answer.NO
    assert SubRequest.objects.get().status == SubRequest.Status.OPEN


def test_a_reply_from_an_unknown_number_is_refused_and_nothing_changes():
    _, request, ann, _ = asked()
    code = code_of(ann).code
    reply = text_reply_receive(message_sid="SM1", phone="+14165559999", body=f"YES {code}")
    assert "wasn't sent to this number" in reply
    assert InboundText.objects.get().outcome == InboundText.Outcome.REFUSED
    assert SubRequest.objects.get().status == SubRequest.Status.OPEN
    unknown = text_reply_receive(message_sid="SM2", phone="+14165559999", body="YES 0000")
    assert "We don't know the code" in unknown


def test_the_same_text_received_twice_acts_once():
    ahead, _, ann, _ = asked()
    body = f"YES {code_of(ann).code}"
    text_reply_receive(message_sid="SM1", phone=ann.phone, body=body)
    assert text_reply_receive(message_sid="SM1", phone=ann.phone, body=body) is None
    assert RosterEntry.objects.filter(fixture=ahead.fixture, player=ann).count() == 1
