"""A card waiting for the away captain, who takes texts; replies posted as Twilio signs them."""

from dataclasses import dataclass
from typing import Any

from django.test import Client
from twilio.request_validator import RequestValidator

from league.nights.services.results import GameScore, fixture_submit_scores
from notices.models import ReplyCode
from scoring.models import ScorecardVersion
from tests.league.night_factories import Night, night

TOKEN = "twilio-test-auth-token"
URL = "/notices/sms/inbound/"
PHONE = "+14165550199"


@dataclass
class Texted:
    night: Night
    versions: list[ScorecardVersion]
    code: ReplyCode


def texted_night(*, games: int = 2) -> Texted:
    """The home captain entered `games` cards; the away captain's text carries a code."""
    n = night()
    player = n.away_captain.player
    player.phone, player.sms_opt_in = PHONE, True
    player.save(update_fields=["phone", "sms_opt_in"])
    versions = fixture_submit_scores(
        fixture=n.fixture,
        user=n.home_captain,
        scores=[GameScore(number, 10, 4) for number in range(1, games + 1)],
    )
    return Texted(n, versions, ReplyCode.objects.get(phone=PHONE))


def signature(data: dict[str, str], *, token: str = TOKEN, url: str = URL) -> str:
    return RequestValidator(token).compute_signature(f"http://testserver{url}", data)


def reply(
    body: str, *, sid: str = "SM1", phone: str = PHONE, client: Client | None = None, **extra: Any
) -> Any:
    """Post a reply the way Twilio does, signed with TOKEN (unless `signed` says otherwise)."""
    data = {"MessageSid": sid, "From": phone, "To": "+15555550100", "Body": body}
    sign = extra.pop("sign", None)
    header = sign if sign is not None else signature(data)
    return (client or Client()).post(URL, data, HTTP_X_TWILIO_SIGNATURE=header, **extra)


def answer(response: Any) -> str:
    """The text of the TwiML reply ("" when there is none)."""
    content = response.content.decode()
    if "<Message>" not in content:
        return ""
    return content.split("<Message>", 1)[1].split("</Message>", 1)[0]
