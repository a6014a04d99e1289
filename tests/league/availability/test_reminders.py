"""The "are you coming?" reminder: who is asked, once, and answering it by text."""

import datetime

import pytest
from django_celery_beat.models import PeriodicTask

from league.availability.models import Availability
from league.availability.reminders import availability_asks_send
from league.availability.services import availability_answer
from league.beat import AVAILABILITY_TASK
from league.seasons.models import Fixture, Player
from league.tasks import send_availability_asks
from notices.models import InboundText, Notice, OutboxMessage, ReplyCode
from notices.replies import text_reply_receive
from tests.league.availability.factories import fixture_on, upcoming

pytestmark = pytest.mark.django_db


def _texting(u):
    """Every player of the fixture takes texts, each at their own number."""
    for n, player in enumerate(Player.objects.filter(teams__in=[u.home, u.away]).order_by("pk")):
        player.phone, player.sms_opt_in = f"+1416555{1000 + n}", True
        player.save(update_fields=["phone", "sms_opt_in"])


def test_each_player_who_hasnt_answered_gets_one_notice_with_their_own_link():
    u = upcoming(days=3)
    availability_answer(fixture=u.fixture, player=u.mate(u.away), answer="coming", via="link")
    sent = availability_asks_send()
    assert len(sent) == 3
    assert {n.kind for n in sent} == {Notice.Kind.AVAILABILITY_ASK}
    assert len({n.link for n in sent}) == 3
    assert all(f"/fixtures/{u.fixture.pk}/availability/" in n.link for n in sent)
    assert u.mate(u.away).pk not in {n.source["player"] for n in sent}


def test_a_second_run_sends_nothing():
    u = upcoming(days=2)
    assert len(availability_asks_send()) == 4
    assert availability_asks_send() == []
    assert send_availability_asks() == 0
    assert Notice.objects.filter(kind=Notice.Kind.AVAILABILITY_ASK).count() == 4
    assert u.fixture  # still scheduled, still asked once


def test_fixtures_further_ahead_past_or_not_scheduled_are_not_asked():
    u = upcoming(days=5)
    past = fixture_on(u.season, u.home, u.away, days=-1)
    cancelled = fixture_on(u.season, u.home, u.away, days=1)
    Fixture.objects.filter(pk=cancelled.pk).update(status=Fixture.Status.CANCELLED)
    assert availability_asks_send() == []
    assert past.pk


def test_a_fixture_moved_to_another_night_is_asked_again():
    u = upcoming(days=3)
    availability_asks_send()
    Fixture.objects.filter(pk=u.fixture.pk).update(date=u.fixture.date - datetime.timedelta(days=1))
    assert len(availability_asks_send()) == 4


def test_the_text_carries_a_reply_code_and_in_answers_coming():
    u = upcoming(days=3)
    _texting(u)
    availability_asks_send()
    mate = u.mate(u.home)
    code = ReplyCode.objects.get(player_id=mate.pk)
    message = OutboxMessage.objects.get(pk=code.message_id)
    assert message.channel == OutboxMessage.Channel.SMS
    reply = text_reply_receive(message_sid="SM1", phone=mate.phone, body=f"in {code.code}")
    assert reply.startswith("Thanks: you're coming")
    row = Availability.objects.get(player=mate)
    assert (row.answer, row.via, row.team) == ("coming", "text", u.home)


@pytest.mark.parametrize(("word", "answer"), [("OUT", "not_coming"), ("Maybe", "maybe")])
def test_out_and_maybe_answer_too(word, answer):
    u = upcoming(days=3)
    _texting(u)
    availability_asks_send()
    player = u.mate(u.away)
    code = ReplyCode.objects.get(player_id=player.pk).code
    text_reply_receive(message_sid="SM1", phone=player.phone, body=f"{word} {code}")
    assert Availability.objects.get(player=player).answer == answer


def test_another_word_gets_the_prompt_and_writes_nothing():
    u = upcoming(days=3)
    _texting(u)
    availability_asks_send()
    player = u.mate(u.home)
    code = ReplyCode.objects.get(player_id=player.pk).code
    reply = text_reply_receive(message_sid="SM1", phone=player.phone, body=f"YES {code}")
    assert reply == f"Reply IN {code}, OUT {code} or MAYBE {code}."
    assert not Availability.objects.exists()


def test_a_reply_after_the_fixture_was_cancelled_is_refused_clearly():
    u = upcoming(days=3)
    _texting(u)
    availability_asks_send()
    player = u.mate(u.home)
    code = ReplyCode.objects.get(player_id=player.pk).code
    Fixture.objects.filter(pk=u.fixture.pk).update(status=Fixture.Status.CANCELLED)
    reply = text_reply_receive(message_sid="SM1", phone=player.phone, body=f"IN {code}")
    assert "cancelled" in reply
    assert InboundText.objects.get().outcome == InboundText.Outcome.REFUSED
    assert not Availability.objects.exists()


def test_a_reply_from_another_number_is_refused():
    u = upcoming(days=3)
    _texting(u)
    availability_asks_send()
    code = ReplyCode.objects.get(player_id=u.mate(u.home).pk).code
    reply = text_reply_receive(message_sid="SM1", phone="+14165559999", body=f"IN {code}")
    assert "wasn't sent to this number" in reply
    assert not Availability.objects.exists()


def test_the_daily_entry_is_scheduled():
    assert PeriodicTask.objects.get(name=AVAILABILITY_TASK).task == (
        "league.tasks.send_availability_asks"
    )
