"""Turning what happened in the apps into webhook events (`Event`), once it has committed.

Three hooks, connected by `api.hooks.register`:
- the activity log: every service records its business action there, in its own
  transaction, so one receiver on a new `Activity` hears standings published, nights
  cancelled, schedules changed, rounds started and registrations, each with its league
  or event; it waits for the commit (a rolled-back action never reaches anyone);
- `scoring.signals.card_confirmed`, sent after the commit whenever a version becomes a
  game's confirmed result (confirmation, settlement, correction): its version number
  makes each correction a new event;
- an event's status saved as finished, whichever format finished it.
Each event's key is stable, so the same happening heard twice makes one delivery.
"""

import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse

from activity.models import Activity, Verb
from api.webhooks import events as ev
from api.webhooks.events import Event
from league.cancellations.models import Cancellation
from league.seasons.models import League, Season
from league.standings.models import StandingsSnapshot
from money.models import Registration
from scoring.owners import game_scope
from tournaments.models import Round, Tournament

logger = logging.getLogger(__name__)

SCHEDULE_VERBS = {Verb.SCHEDULE_PUBLISHED, Verb.NIGHT_MOVED, Verb.MAKEUP_ARRANGED}
ACTIVITY_VERBS = {
    Verb.STANDINGS_PUBLISHED,
    Verb.NIGHT_CANCELLED,
    Verb.ROUND_STARTED,
    Verb.TOURNAMENT_STARTED,
    Verb.REGISTERED,
    *SCHEDULE_VERBS,
}


def absolute(path: str) -> str:
    return (settings.SITE_URL or "").rstrip("/") + path


def league_scope(league: League) -> dict[str, Any]:
    return {
        "slug": league.slug,
        "name": league.name,
        "url": absolute(reverse("league:league_detail", args=[league.slug])),
    }


def tournament_scope(tournament: Tournament) -> dict[str, Any]:
    return {
        "slug": tournament.slug,
        "name": tournament.name,
        "url": absolute(reverse("tournaments:detail", args=[tournament.slug])),
    }


def _season(season: Season) -> dict[str, Any]:
    return {"slug": season.slug, "name": season.name}


def _league_event(name: str, key: str, activity: Activity, league: League, **more: Any) -> Event:
    return Event(
        name=name,
        key=key,
        occurred_at=activity.at,
        scope_kind="league",
        scope_id=league.pk,
        scope=league_scope(league),
        **more,
    )


def _standings(activity: Activity) -> Event | None:
    snapshot = (
        StandingsSnapshot.objects.select_related("season__league")
        .filter(pk=activity.object_id)
        .first()
    )
    if snapshot is None:
        return None
    season = snapshot.season
    rows = [
        {
            "level": row.level_name,
            "rank": row.rank,
            "team": row.team_name,
            "team_id": row.team_id,
            "fixtures_played": row.fixtures_played,
            "fixtures_won": row.fixtures_won,
            "fixtures_lost": row.fixtures_lost,
            "fixtures_tied": row.fixtures_tied,
            "games_won": row.games_won,
            "games_lost": row.games_lost,
            "win_pct": str(row.win_pct),
            "points_for": row.points_for,
            "points_against": row.points_against,
            "differential": row.differential,
            "points": row.points,
        }
        for row in snapshot.rows.order_by("level_position", "position")
    ]
    url = absolute(reverse("league:season_standings", args=[season.league.slug, season.slug]))
    return _league_event(
        ev.STANDINGS_PUBLISHED,
        f"standings_published:snapshot:{snapshot.pk}",
        activity,
        season.league,
        summary=f"{season.name} standings through week {snapshot.week} are published.",
        url=url,
        data={
            "season": _season(season),
            "week": snapshot.week,
            "published_at": snapshot.published_at.isoformat(),
            "open_games": snapshot.open_games,
            "note": snapshot.note,
            "standings": rows,
        },
    )


def _cancelled(activity: Activity) -> Event | None:
    cancellation = (
        Cancellation.objects.select_related("season__league", "venue")
        .filter(pk=activity.object_id)
        .first()
    )
    if cancellation is None:
        return None
    season = cancellation.season
    fixtures = cancellation.fixtures.select_related("home", "away").order_by("date", "pk")
    where = f" at {cancellation.venue.name}" if cancellation.venue_id else ""
    url = reverse("league:night_detail", args=[season.league.slug, season.slug, cancellation.date])
    return _league_event(
        ev.NIGHT_CANCELLED,
        f"night_cancelled:cancellation:{cancellation.pk}",
        activity,
        season.league,
        summary=f"Play on {cancellation.date.isoformat()}{where} is cancelled "
        f"({cancellation.get_reason_display().lower()}).",
        url=absolute(url),
        data={
            "season": _season(season),
            "date": cancellation.date.isoformat(),
            "scope": cancellation.scope,
            "venue": cancellation.venue.name if cancellation.venue_id else None,
            "reason": cancellation.reason,
            "details": cancellation.details,
            "fixtures": [
                {
                    "id": f.pk,
                    "home": str(f.home) if f.home_id else None,
                    "away": str(f.away) if f.away_id else None,
                }
                for f in fixtures
            ],
        },
    )


def _schedule(activity: Activity) -> Event | None:
    league = League.objects.filter(pk=activity.scope_id).first()
    if league is None:
        return None
    return _league_event(
        ev.SCHEDULE_CHANGED,
        f"schedule_changed:activity:{activity.pk}",
        activity,
        league,
        summary=f"{activity.get_verb_display()}: {activity.target_label}.",
        url=league_scope(league)["url"],
        data={"change": activity.verb, "what": activity.target_label, "detail": activity.detail},
    )


def _round(activity: Activity) -> Event | None:
    tournament = Tournament.objects.filter(pk=activity.scope_id).first()
    if tournament is None:
        return None
    if activity.verb == Verb.ROUND_STARTED:
        row = Round.objects.filter(pk=activity.object_id).first()
        number = row.number if row is not None else tournament.current_round
    else:  # the start opens the first round, of any format
        number = 1
    total = tournament.rounds if tournament.is_progressive else None
    of = f" of {total}" if total else ""
    return Event(
        name=ev.ROUND_STARTED,
        key=f"round_started:tournament:{tournament.pk}:round:{number}",
        occurred_at=activity.at,
        scope_kind="tournament",
        scope_id=tournament.pk,
        scope=tournament_scope(tournament),
        summary=f"Round {number}{of} has started.",
        url=tournament_scope(tournament)["url"],
        data={"round": number, "rounds": total, "format": tournament.format},
    )


def _registration(activity: Activity) -> Event | None:
    registration = (
        Registration.objects.select_related(
            "sign_up__season__league", "sign_up__tournament", "player", "skill_level"
        )
        .filter(pk=activity.object_id)
        .first()
    )
    if registration is None:
        return None
    sign_up = registration.sign_up
    data: dict[str, Any] = {
        "registration": {
            "id": registration.pk,
            "name": str(registration),
            "team_name": registration.team_name,
            "state": registration.state,
            "skill_level": str(registration.skill_level) if registration.skill_level else None,
            "place": registration.place,
            "waitlist_position": registration.waitlist_position,
        }
    }
    if sign_up.season_id is not None:
        league, kind = sign_up.season.league, "league"
        scope, scope_id = league_scope(league), league.pk
        data["season"] = _season(sign_up.season)
    else:
        kind, scope, scope_id = (
            "tournament",
            tournament_scope(sign_up.tournament),
            sign_up.tournament_id,
        )
    return Event(
        name=ev.REGISTRATION_RECEIVED,
        key=f"registration_received:registration:{registration.pk}",
        occurred_at=activity.at,
        scope_kind=kind,
        scope_id=scope_id,
        scope=scope,
        summary=f"{registration} registered.",
        url=scope["url"],
        data=data,
    )


def activity_event(activity_id: int) -> Event | None:
    """The webhook event an activity entry makes, or None."""
    activity = Activity.objects.filter(pk=activity_id).first()
    if activity is None:
        return None
    if activity.verb == Verb.STANDINGS_PUBLISHED:
        return _standings(activity)
    if activity.verb == Verb.NIGHT_CANCELLED:
        return _cancelled(activity)
    if activity.verb in SCHEDULE_VERBS:
        return _schedule(activity)
    if activity.verb in (Verb.ROUND_STARTED, Verb.TOURNAMENT_STARTED):
        return _round(activity)
    if activity.verb == Verb.REGISTERED:
        return _registration(activity)
    return None


def card_event(game: Any, version: Any) -> Event | None:
    """A game's confirmed version, in its league's or event's terms."""
    kind, scope_id = game_scope(game.pk)
    if kind == "league":
        owner = League.objects.filter(pk=scope_id).first()
        scope = league_scope(owner) if owner else None
    elif kind == "tournament":
        owner = Tournament.objects.filter(pk=scope_id).first()
        scope = tournament_scope(owner) if owner else None
    else:
        return None
    if scope is None:
        return None
    ns = game.ns_team.name if game.ns_team_id else "N-S"
    ew = game.ew_team.name if game.ew_team_id else "E-W"
    score = f"{ns} {version.ns_total}, {ew} {version.ew_total}"
    return Event(
        name=ev.CARD_CONFIRMED,
        key=f"card_confirmed:game:{game.pk}:v{version.number}",
        occurred_at=version.confirmed_at or version.submitted_at,
        scope_kind=kind,
        scope_id=scope_id,
        scope=scope,
        summary=f"{game.label}: {score} (confirmed).",
        url=scope["url"],
        data={
            "game": {"id": game.pk, "label": game.label, "ns": ns, "ew": ew},
            "version": version.number,
            "ns_total": version.ns_total,
            "ew_total": version.ew_total,
            "confirmed_at": version.confirmed_at.isoformat() if version.confirmed_at else None,
        },
    )


def finished_event(tournament_id: int) -> Event | None:
    tournament = (
        Tournament.objects.select_related("champion__player", "champion__partner")
        .filter(pk=tournament_id, status=Tournament.Status.FINISHED)
        .first()
    )
    if tournament is None:
        return None
    champion = tournament.champion.display_name if tournament.champion_id else None
    scope = tournament_scope(tournament)
    return Event(
        name=ev.EVENT_FINISHED,
        key=f"event_finished:tournament:{tournament.pk}",
        occurred_at=tournament.finished_at,
        scope_kind="tournament",
        scope_id=tournament.pk,
        scope=scope,
        summary=f"Finished: {champion} won." if champion else "Finished.",
        url=scope["url"],
        data={
            "finished_at": tournament.finished_at.isoformat() if tournament.finished_at else None,
            "champion": champion,
            "format": tournament.format,
        },
    )


def _publish(build: Any, *args: Any) -> None:
    """Build the event and write its deliveries; an error is logged, never raised into the
    app's own work (the action it follows has already committed)."""
    from api.webhooks.outbox import deliveries_write

    try:
        event = build(*args)
        if event is not None:
            deliveries_write(event)
    except Exception:
        logger.exception("Could not write the webhook deliveries of %s%s", build.__name__, args)


def on_activity(
    sender: Any, instance: Activity, created: bool, raw: bool = False, **kw: Any
) -> None:
    if raw or not created or instance.verb not in ACTIVITY_VERBS:
        return
    pk = instance.pk
    transaction.on_commit(lambda: _publish(activity_event, pk))


def on_card_confirmed(sender: Any, game: Any, version: Any, **kw: Any) -> None:
    transaction.on_commit(lambda: _publish(card_event, game, version))


def on_tournament_saved(sender: Any, instance: Tournament, raw: bool = False, **kw: Any) -> None:
    fields = kw.get("update_fields")
    if raw or instance.status != Tournament.Status.FINISHED:
        return
    if fields is not None and "status" not in fields:
        return
    pk = instance.pk
    transaction.on_commit(lambda: _publish(finished_event, pk))
