"""Two replies to the same text at the same moment, or one message posted twice at once."""

import pytest

from notices.models import InboundText
from scoring.models import ScorecardVersion
from tests.concurrency import at_once
from tests.notices.texting import TOKEN, answer, reply, texted_night

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _token(settings):
    settings.TWILIO_AUTH_TOKEN = TOKEN


def _confirmations(texted):
    return [
        ScorecardVersion.objects.get(pk=v.pk).state == ScorecardVersion.State.CONFIRMED
        for v in texted.versions
    ]


def test_two_yes_replies_at_once_confirm_once_and_the_other_is_told_so():
    texted = texted_night()
    code = texted.code.code
    first, second = at_once(
        lambda: reply(f"YES {code}", sid="SMa"), lambda: reply(f"YES {code}", sid="SMb")
    )
    answers = sorted(answer(r) for r in (first, second))
    assert answers[0].startswith("Confirmed"), answers
    assert "already answered" in answers[1], answers
    assert _confirmations(texted) == [True, True]
    assert (
        ScorecardVersion.objects.filter(
            scorecard__game__fixture_game__fixture=texted.night.fixture
        ).count()
        == 2
    )


def test_one_message_delivered_twice_at_once_acts_once():
    texted = texted_night()
    code = texted.code.code
    outcomes = at_once(
        lambda: reply(f"YES {code}", sid="SMsame"), lambda: reply(f"YES {code}", sid="SMsame")
    )
    assert sorted(bool(answer(r)) for r in outcomes) == [False, True], outcomes
    assert InboundText.objects.count() == 1
    assert _confirmations(texted) == [True, True]


def test_a_yes_and_a_dispute_at_once_leave_one_answer():
    texted = texted_night()
    code = texted.code.code
    at_once(
        lambda: reply(f"YES {code}", sid="SMy"),
        lambda: reply(f"DISPUTE {code} wrong", sid="SMd"),
    )
    states = {ScorecardVersion.objects.get(pk=v.pk).state for v in texted.versions}
    assert states in ({"confirmed"}, {"disputed"})
