"""Confirming or disputing a card by answering its text: "YES 4821", "DISPUTE 4821 why".

The card-to-confirm text carries a code (`notices.replies`); the reply comes back to
`card_reply_answer`, registered as a reply handler at start-up. It acts as the captain's
own account, through scoring's services, so the same permissions and the owner's gate
apply as on the fixture page.
"""

from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError

from league.nights.services.step_notices import (
    cards_disputed_notify,
    fixture_name,
    one_notice_for_the_step,
)
from league.seasons.models import Fixture, Player
from notices.addresses import ReplyOffer
from notices.registry import ReplyHandler, register_reply_handler
from scoring.models import ScorecardVersion
from scoring.services import scorecard_confirm, scorecard_dispute

State = ScorecardVersion.State
CARD_REPLY = "league_card"
PROMPT = "Reply YES {code} to confirm or DISPUTE {code} and a reason."
NO_ACCOUNT = (
    "Answering by text needs your account on the site: accept your team invitation first, "
    "or use the link in the text."
)


def card_reply_offer(fixture: Fixture, versions: Sequence[ScorecardVersion]) -> ReplyOffer:
    """Codes for the texts to the captains who can sign in (the others use the link)."""
    with_accounts = Player.objects.filter(
        roster_entries__team_id__in=fixture.team_ids(), user__isnull=False
    ).values_list("pk", flat=True)
    return ReplyOffer(
        handler=CARD_REPLY,
        target={"fixture": fixture.pk, "versions": sorted(v.pk for v in versions)},
        players=frozenset(with_accounts),
    )


def _still_open(versions: list[ScorecardVersion]) -> list[ScorecardVersion]:
    """The versions still waiting for an answer; refuse with why when none is."""
    waiting = [
        v for v in versions if v.state == State.PENDING and v.scorecard.current_version_id == v.pk
    ]
    if waiting:
        return waiting
    states = {v.state for v in versions}
    if states == {State.CONFIRMED}:
        raise ValidationError("This card is already confirmed: there is nothing more to do.")
    if State.DISPUTED in states:
        raise ValidationError("This card is disputed: a league manager settles it.")
    raise ValidationError(
        "This card has changed since our text (entered again or settled): open the fixture "
        "page to see it."
    )


def card_reply_answer(*, target: dict, player_id: int | None, word: str, text: str) -> str:
    """YES confirms the text's cards still waiting; DISPUTE and a reason disputes them."""
    user = (
        get_user_model().objects.filter(player__pk=player_id, is_active=True).first()
        if player_id
        else None
    )
    if user is None:
        raise PermissionDenied(NO_ACCOUNT)
    fixture = (
        Fixture.objects.select_related("season__league", "home", "away")
        .filter(pk=target.get("fixture"))
        .first()
    )
    versions = list(
        ScorecardVersion.objects.filter(pk__in=target.get("versions") or [])
        .select_related("scorecard__game")
        .order_by("pk")
    )
    if fixture is None or not versions:
        raise ValidationError("This card is no longer there: open the fixture page.")
    waiting = _still_open(versions)
    name = fixture_name(fixture)
    if word == "YES":
        for version in waiting:
            scorecard_confirm(version=version, user=user)
        return f"Confirmed: the card for {name}. Thanks!"
    if not text.strip():
        raise ValidationError(
            "Say what is wrong after the code (DISPUTE, the code, then the reason), "
            "so the league manager can settle it."
        )
    with one_notice_for_the_step():
        disputed = [
            scorecard_dispute(version=version, user=user, reason=text) for version in waiting
        ]
    cards_disputed_notify(fixture=fixture, versions=disputed, by=user)
    return f"Disputed: the card for {name}. A league manager will settle it."


def register() -> None:
    """Called from LeagueConfig.ready()."""
    register_reply_handler(
        ReplyHandler(
            name=CARD_REPLY, words=("YES", "DISPUTE"), prompt=PROMPT, answer=card_reply_answer
        )
    )
