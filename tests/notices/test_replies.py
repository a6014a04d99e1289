"""Reply codes: one per text of a notice that offers replies, unique for its number; and what
a handler's refusal does."""

import pytest
from django.core.exceptions import ValidationError

from notices import registry, replies
from notices.addresses import Recipient, ReplyOffer
from notices.models import InboundText, ReplyCode
from tests.notices.factories import send_notice

pytestmark = pytest.mark.django_db

PHONE = "+14165550177"
calls: list[dict] = []


def _echo(*, target, player_id, word, text):
    if text == "refuse":
        raise ValidationError("Refused, as asked.")
    calls.append({"target": target, "word": word, "text": text})
    return f"Did {word}."


@pytest.fixture(autouse=True)
def _handler():
    calls.clear()
    registry.register_reply_handler(
        registry.ReplyHandler(name="echo", words=("DO",), prompt="Reply DO {code}.", answer=_echo)
    )


def _send(**offer):
    return send_notice(
        recipients=[Recipient("Ann", email="ann@example.com", phone=PHONE, sms_opt_in=True)],
        reply=ReplyOffer(handler="echo", target={"thing": 7}, **offer),
    )


def test_each_text_gets_a_code_and_emails_get_none():
    notice = _send()
    code = ReplyCode.objects.get()
    assert (code.message.notice, code.message.channel, code.phone) == (notice, "sms", PHONE)
    assert code.target == {"thing": 7} and code.handler == "echo"


def test_a_number_never_gets_a_code_it_already_holds(monkeypatch):
    draws = iter([3821, 3821, 1234])
    monkeypatch.setattr(replies.secrets, "randbelow", lambda span: next(draws))
    _send()
    _send()
    assert sorted(ReplyCode.objects.values_list("code", flat=True)) == ["2234", "4821"]


def test_an_offer_for_some_players_codes_only_their_texts():
    _send(players=frozenset({99}))
    assert not ReplyCode.objects.exists()


def test_a_handlers_refusal_is_texted_back_and_the_code_stays_open():
    _send()
    code = ReplyCode.objects.get()
    text = replies.text_reply_receive(message_sid="SMx", phone=PHONE, body=f"DO {code.code} refuse")
    assert text == "Refused, as asked."
    code.refresh_from_db()
    assert code.answered_at is None
    assert InboundText.objects.get().outcome == InboundText.Outcome.REFUSED
    text = replies.text_reply_receive(message_sid="SMy", phone=PHONE, body=f"do {code.code} now")
    assert text == "Did DO." and calls == [{"target": {"thing": 7}, "word": "DO", "text": "now"}]


def test_a_code_whose_handler_is_gone_is_no_longer_taken():
    _send()
    code = ReplyCode.objects.get()
    ReplyCode.objects.update(handler="gone")
    text = replies.text_reply_receive(message_sid="SMz", phone=PHONE, body=f"DO {code.code}")
    assert text == replies.NOT_TAKEN


def test_a_reply_without_a_message_id_is_refused():
    with pytest.raises(ValidationError):
        replies.text_reply_receive(message_sid=" ", phone=PHONE, body="DO 1234")
