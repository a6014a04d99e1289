"""Answering the reminder by text: "IN 4821", "OUT 4821", "MAYBE 4821".

The reminder's text carries a code (`notices.replies`) naming the fixture; the player is
the one the text went to, so the reply answers for them (via "text") through the same
service as the page, with its checks (the night not started, still on the roster).
"""

from django.core.exceptions import ValidationError

from league.availability.models import Availability
from league.availability.reminders import AVAILABILITY_REPLY, PROMPT
from league.availability.services import availability_answer
from league.seasons.models import Fixture, Player
from notices.registry import ReplyHandler, register_reply_handler
from wording.when import day

WORDS = {
    "IN": Availability.Answer.COMING,
    "OUT": Availability.Answer.NOT_COMING,
    "MAYBE": Availability.Answer.MAYBE,
}
SAID = {
    Availability.Answer.COMING: "you're coming",
    Availability.Answer.NOT_COMING: "you're not coming",
    Availability.Answer.MAYBE: "maybe",
}


def availability_reply_answer(*, target: dict, player_id: int | None, word: str, text: str) -> str:
    fixture = Fixture.objects.select_related("season").filter(pk=target.get("fixture")).first()
    player = Player.objects.filter(pk=player_id).first() if player_id else None
    if fixture is None or player is None:
        raise ValidationError("This fixture is no longer on the schedule.")
    answer = WORDS[word]
    availability_answer(fixture=fixture, player=player, answer=answer, via="text")
    return (
        f"Thanks: {SAID[answer]} on {day(fixture.date)}. To change it, open the link in our text."
    )


def register() -> None:
    register_reply_handler(
        ReplyHandler(
            name=AVAILABILITY_REPLY,
            words=tuple(WORDS),
            prompt=PROMPT,
            answer=availability_reply_answer,
        )
    )
