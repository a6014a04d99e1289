"""Answering a sub request by text: "YES 4821" takes it, "NO 4821" declines.

Each asked volunteer's text carries its own code (`league.subs.notify.asks_send`), naming
their ask; the reply goes through the same service as the link, so one yes wins however
it came.
"""

from django.core.exceptions import PermissionDenied, ValidationError

from league.seasons.models import Waiver
from league.subs.models import SubAsk
from league.subs.notify import PROMPT, SUB_REPLY
from league.subs.services import FILLED, sub_request_answer
from notices.registry import ReplyHandler, register_reply_handler


def sub_reply_answer(*, target: dict, player_id: int | None, word: str, text: str) -> str:
    """YES takes the request the text was about (if still open), NO declines it."""
    ask = (
        SubAsk.objects.select_related("request__fixture__season__league")
        .filter(pk=target.get("ask"))
        .first()
    )
    if ask is None:
        raise ValidationError("This request is no longer there.")
    if player_id is None or ask.player_id != player_id:
        raise PermissionDenied("This text was for another sub.")
    answered = sub_request_answer(ask=ask, yes=word == "YES", via="text")
    season = ask.request.fixture.season
    if (
        answered.outcome == FILLED
        and not Waiver.objects.filter(player_id=player_id, season=season).exists()
    ):
        return f"{answered.message} Sign the {season.name} waiver on the site before playing."
    return answered.message


def register() -> None:
    register_reply_handler(
        ReplyHandler(name=SUB_REPLY, words=("YES", "NO"), prompt=PROMPT, answer=sub_reply_answer)
    )
