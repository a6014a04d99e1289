"""Notices about a fixture's cards: waiting for confirmation, and still missing after the night.

Both are written through `notices.services.notice_send` inside the caller's transaction,
with a key so a repeated call (a double click, a job run twice) sends nothing twice.
"""

import datetime
from collections.abc import Sequence
from typing import Any

from django.urls import reverse
from django.utils import timezone

from league.announcements.selectors import captains_of_teams
from league.nights.models import FixtureGame
from league.nights.rules import fixture_closes_at, fixture_starts_at, game_has_result
from league.nights.selectors.told import card_awaiting_recipients
from league.nights.services.text_replies import card_reply_offer
from league.seasons.models import Fixture
from notices.models import Notice
from notices.services import notice_send
from scoring.models import Scorecard, ScorecardVersion
from wording.when import day


def _fixture_name(fixture: Fixture) -> str:
    return f"{fixture.home} v {fixture.away}, {day(fixture.date)}"


def cards_awaiting_notify(
    *, fixture: Fixture, versions: Sequence[ScorecardVersion], by: Any = None
) -> Notice | None:
    """Tell the other side's captain that cards wait for their confirmation."""
    pending = [v for v in versions if v.state == ScorecardVersion.State.PENDING]
    if not pending:
        return None
    side = pending[0].submitted_for
    other = fixture.away_id if side == "NS" else fixture.home_id
    entered_by = fixture.home if side == "NS" else fixture.away
    numbers = sorted(
        FixtureGame.objects.filter(game__scorecard__versions__in=pending).values_list(
            "number", flat=True
        )
    )
    games = ", ".join(str(n) for n in numbers)
    link = reverse("league:fixture_detail", args=[fixture.pk])
    name = _fixture_name(fixture)
    return notice_send(
        kind=Notice.Kind.CARD_AWAITING_CONFIRMATION,
        subject=f"Confirm the card{'s' if len(numbers) > 1 else ''}: {name}",
        body=(
            f"{entered_by} entered the card for game{'s' if len(numbers) > 1 else ''} {games} "
            f"of {name}. Open the fixture to confirm it, or dispute it with a reason if it "
            "is wrong."
        ),
        # The reply code's prompt follows ("Reply YES 4821 to confirm or DISPUTE 4821 …").
        sms_text=f"{fixture.season.league.name}: {entered_by} entered game {games} of {name}.",
        recipients=card_awaiting_recipients(other),
        reply=card_reply_offer(fixture, pending),
        created_by=by if by is not None and by.is_authenticated else None,
        link=link,
        season=fixture.season,
        source={"fixture": fixture.pk, "versions": sorted(v.pk for v in pending)},
        key="card_awaiting:versions:" + "-".join(str(pk) for pk in sorted(v.pk for v in pending)),
    )


def missing_cards_notify(*, now: datetime.datetime | None = None) -> list[Notice]:
    """After the night, remind both captains of every fixture still missing a result.

    Runs daily (league.tasks); a fixture gets one reminder a day while its grace period
    lasts, after which the manager closes it.
    """
    now = now or timezone.now()
    today = timezone.localdate(now)
    fixtures = (
        Fixture.objects.filter(
            date__lt=today,
            date__gte=today - datetime.timedelta(days=31),
            status=Fixture.Status.SCHEDULED,
            away__isnull=False,
            closure__isnull=True,
        )
        .select_related("season__league", "home", "away")
        .prefetch_related("fixture_games__game__scorecard")
        .order_by("date", "pk")
    )
    notices = []
    for fixture in fixtures:
        if not fixture_starts_at(fixture) < now < fixture_closes_at(fixture):
            continue
        open_lines = _open_lines(fixture)
        if not open_lines:
            continue
        name = _fixture_name(fixture)
        notices.append(
            notice_send(
                kind=Notice.Kind.CARD_MISSING,
                subject=f"Cards still open: {name}",
                body="The night is over but these games have no confirmed result yet:\n"
                + "\n".join(open_lines)
                + "\nThe home captain enters the card and the away captain confirms it. "
                "After the grace period the league manager closes the fixture.",
                sms_text=f"{fixture.season.league.name}: cards still open for {name}.",
                recipients=captains_of_teams([fixture.home_id, fixture.away_id]),
                link=reverse("league:fixture_detail", args=[fixture.pk]),
                season=fixture.season,
                source={"fixture": fixture.pk},
                key=f"card_missing:fixture:{fixture.pk}:{today.isoformat()}",
            )
        )
    return notices


def _open_lines(fixture: Fixture) -> list[str]:
    games = {fg.number: fg for fg in fixture.fixture_games.all()}
    lines = []
    for number in range(1, fixture.games + 1):
        fg = games.get(number)
        card = getattr(fg.game, "scorecard", None) if fg else None
        status = card.status if card else None
        if fg is not None and game_has_result(fg, status):
            continue
        if status == Scorecard.Status.SUBMITTED:
            lines.append(f"Game {number}: waiting for confirmation.")
        elif status == Scorecard.Status.DISPUTED:
            lines.append(f"Game {number}: disputed, waiting for the manager.")
        else:
            lines.append(f"Game {number}: no card yet.")
    return lines


def version_awaiting_notify(version: ScorecardVersion) -> Notice | None:
    """A card entered on its own (the scoring entry page) for a league game."""
    fg = (
        FixtureGame.objects.filter(game_id=version.scorecard.game_id)
        .select_related("fixture__season__league", "fixture__home", "fixture__away")
        .first()
    )
    if fg is None:
        return None
    return cards_awaiting_notify(fixture=fg.fixture, versions=[version], by=version.submitted_by)
