"""Publishing a week's standings: a stored snapshot that later results never change."""

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q, Sum
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from activity.models import Verb
from inputs.bounds import text_clean
from league.announcements.selectors import captains_of_season, subscribers_of_league
from league.nights.models import FixtureGame
from league.seasons.activity import league_activity
from league.seasons.models import Fixture, Season
from league.standings import race_hooks
from league.standings.models import StandingsSnapshot, StandingsSnapshotRow
from league.standings.selectors import live_standings
from notices.models import Notice
from notices.services import Audience, Recipient, notice_audience, notice_send
from scoring.models import Scorecard
from wording.when import day
from wording.words import plural

LIVE = (Fixture.Status.SCHEDULED, Fixture.Status.PLAYED)
NOTE_MAX = StandingsSnapshot._meta.get_field("note").max_length


def open_game_count(season: Season, week: int) -> int:
    """Games of weeks 1..week still without a result (cards missing or unconfirmed)."""
    fixtures = Fixture.objects.filter(
        season=season,
        stage=Fixture.Stage.REGULAR,
        week__lte=week,
        status__in=LIVE,
        away__isnull=False,
    )
    expected = fixtures.aggregate(n=Sum("games"))["n"] or 0
    done = FixtureGame.objects.filter(fixture__in=fixtures).filter(
        Q(forfeited_by__isnull=False)
        | Q(no_result=True)
        | Q(game__scorecard__status__in=(Scorecard.Status.CONFIRMED, Scorecard.Status.SETTLED))
    )
    return max(expected - done.count(), 0)


@transaction.atomic
def standings_publish(*, season: Season, week: int, by: Any, note: str = "") -> StandingsSnapshot:
    """Store the standings through `week` and tell captains and subscribers.

    A week is published once: its snapshot is what the standings were that week,
    whatever is corrected later (the next week's snapshot shows the correction).
    """
    if not permissions.can_run_league_nights(by, season):
        raise PermissionDenied("Only a league manager publishes the standings.")
    season = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)
    )
    if not 1 <= week <= season.weeks:
        raise ValidationError(f"Choose a week from 1 to {season.weeks}.")
    note = text_clean(note, label="the note", limit=NOTE_MAX)
    first_night = (
        Fixture.objects.filter(season=season, stage=Fixture.Stage.REGULAR, week=week)
        .order_by("date")
        .values_list("date", flat=True)
        .first()
    )
    if first_night is None:
        raise ValidationError(f"Week {week} has no fixtures.")
    if first_night > timezone.localdate():
        raise ValidationError(f"Week {week} hasn't been played yet ({day(first_night)}).")
    if season.snapshots.filter(week=week).exists():
        raise ValidationError(
            f"Week {week} is already published and stays as it was; publish the next week "
            "to show later changes."
        )
    try:
        with transaction.atomic():
            snapshot = StandingsSnapshot.objects.create(
                season=season,
                week=week,
                standings_order=list(season.standings_order),
                open_games=open_game_count(season, week),
                note=note,
            )
    except IntegrityError:
        raise ValidationError(f"Week {week} was just published by someone else.") from None
    rows = [row for level in live_standings(season, through_week=week) for row in level.rows]
    for row in rows:
        row.snapshot = snapshot
    StandingsSnapshotRow.objects.bulk_create(rows, batch_size=500)
    league_activity(
        season=season,
        actor=by,
        verb=Verb.STANDINGS_PUBLISHED,
        target=snapshot,
        label=f"{season.name} · week {week} standings",
        detail=_publish_detail(snapshot),
    )
    _announce(season, snapshot, by)
    # The race follows once the week is out (its own step: a clinch is told apart).
    season_id = season.pk
    transaction.on_commit(lambda: race_hooks.season_results_changed(Season, season_id))
    return snapshot


def _publish_detail(snapshot: StandingsSnapshot) -> str:
    open_games = f"{plural(snapshot.open_games, 'game')} still open" if snapshot.open_games else ""
    return " · ".join(filter(None, [open_games, snapshot.note]))


def standings_recipients(season: Season) -> list[Recipient]:
    """Who hears that a week's standings are out: the season's captains and the league's
    subscribers."""
    return [*captains_of_season(season), *subscribers_of_league(season.league)]


def standings_audience(season: Season) -> Audience:
    """How many publishing a week emails and texts, said on the form before it is sent."""
    return notice_audience(
        kind=Notice.Kind.STANDINGS_PUBLISHED, recipients=standings_recipients(season)
    )


def _announce(season: Season, snapshot: StandingsSnapshot, by: Any) -> None:
    league = season.league
    link = (
        reverse("league:season_standings", args=[league.slug, season.slug])
        + f"?week={snapshot.week}"
    )
    notice_send(
        kind=Notice.Kind.STANDINGS_PUBLISHED,
        subject=f"{league.name}: standings after week {snapshot.week}",
        body=(
            f"The {season.name} standings after week {snapshot.week} are published, with each "
            "team's rank within its skill level and its strength of schedule."
            + (f"\n\n{snapshot.note}" if snapshot.note else "")
        ),
        sms_text=f"{league.name}: week {snapshot.week} standings are up.",
        recipients=standings_recipients(season),
        created_by=by,
        announce_league=league,
        link=link,
        season=season,
        source={"snapshot": snapshot.pk, "week": snapshot.week},
        key=f"standings_published:season:{season.pk}:week:{snapshot.week}",
    )
