"""The sub finder's notices: the ask (one per volunteer, each with their own link and reply
code), the captains told a sub is found, the other volunteers told it's filled."""

from collections.abc import Iterable

from django.urls import reverse

from league.announcements.selectors import captains_of_teams
from league.nights.services.escalation import user_or_none
from league.seasons.models import Fixture
from league.seasons.recipients import recipient_for_player
from league.subs.models import SubAsk, SubRequest
from notices.addresses import ReplyOffer
from notices.models import Notice
from notices.services import notice_send
from wording.when import clock, day

SUB_REPLY = "league_sub"
PROMPT = "Reply YES {code} to take it or NO {code} if you can't."


def fixture_words(fixture: Fixture) -> str:
    """'Aces v Bowers, Tue 8 Dec 7:00 PM' (fixture with season, home and away loaded)."""
    start = fixture.start_time or fixture.season.start_time
    return f"{fixture.home} v {fixture.away}, {day(fixture.date)} {clock(start)}"


def answer_link(ask: SubAsk) -> str:
    return reverse("league:sub_answer", args=[ask.token])


def asks_send(*, request: SubRequest, asks: Iterable[SubAsk], by: object) -> int:
    """One `sub_wanted` notice per asked volunteer: the link is theirs (its token is the
    ask) and so is the text's reply code. Returns how many were written."""
    fixture, team = request.fixture, request.team
    league = fixture.season.league.name
    what = fixture_words(fixture)
    note = f"\n\nThe captain's note: {request.note}" if request.note else ""
    sent = 0
    for ask in asks:
        notice_send(
            kind=Notice.Kind.SUB_WANTED,
            subject=f"{team} needs a sub: {what}",
            body=(
                f"{team} is short of a player for {what} and you're on the {league} sub list. "
                "Open the link to say yes or no: the first yes gets it."
                f"{note}"
            ),
            sms_text=f"{league}: {team} needs a sub, {what}. First yes gets it.",
            recipients=[recipient_for_player(ask.player)],
            created_by=user_or_none(by),
            link=answer_link(ask),
            season=fixture.season,
            source={"sub_request": request.pk, "sub_ask": ask.pk},
            key=f"sub_wanted:ask:{ask.pk}",
            reply=ReplyOffer(
                handler=SUB_REPLY, target={"ask": ask.pk}, players=frozenset({ask.player_id})
            ),
        )
        sent += 1
    return sent


def found_send(*, request: SubRequest) -> None:
    """The requesting team's captains hear who is coming; every other volunteer asked
    hears that it's filled."""
    fixture, sub = request.fixture, request.filled_by
    what = fixture_words(fixture)
    waiting = (
        ""
        if request.entry is None or request.entry.approved
        else (" As a playoff sub they wait for the league manager's approval.")
    )
    notice_send(
        kind=Notice.Kind.SUB_FOUND,
        subject=f"Sub found: {sub} plays {what}",
        body=f"{sub} said yes and subs for {request.team} in {what}.{waiting}",
        sms_text=f"Sub found: {sub} subs for {request.team}, {what}.{waiting}",
        recipients=captains_of_teams([request.team_id]),
        link=reverse("league:sub_request", args=[fixture.pk, request.team_id]),
        season=fixture.season,
        source={"sub_request": request.pk},
        key=f"sub_found:request:{request.pk}",
    )
    others = [
        recipient_for_player(ask.player)
        for ask in request.asks.select_related("player").exclude(player_id=sub.pk)
    ]
    if others:
        notice_send(
            kind=Notice.Kind.SUB_FOUND,
            subject=f"Thanks, it's filled: {what}",
            body=(
                f"Another sub said yes first for {request.team} in {what}. "
                "Thanks for being on the list!"
            ),
            sms_text=f"Thanks, it's filled: {request.team}, {what}. No need to answer.",
            recipients=others,
            season=fixture.season,
            source={"sub_request": request.pk},
            key=f"sub_filled:request:{request.pk}",
        )


def withdrawn_send(*, request: SubRequest, by: object) -> None:
    """The volunteers who haven't answered hear they're no longer needed."""
    waiting = [
        recipient_for_player(ask.player)
        for ask in request.asks.select_related("player").filter(answer=SubAsk.Answer.WAITING)
    ]
    if not waiting:
        return
    what = fixture_words(request.fixture)
    notice_send(
        kind=Notice.Kind.SUB_FOUND,
        subject=f"No sub needed any more: {what}",
        body=f"{request.team} no longer needs a sub for {what}. Thanks for being on the list!",
        sms_text=f"No sub needed any more: {request.team}, {what}. Thanks!",
        recipients=waiting,
        created_by=user_or_none(by),
        season=request.fixture.season,
        source={"sub_request": request.pk},
        key=f"sub_withdrawn:request:{request.pk}",
    )
