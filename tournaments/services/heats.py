"""Heats: each stage planned by `tournaments.heats`, advanced when its cards are confirmed."""

from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments import heats
from tournaments.errors import TournamentError
from tournaments.models import Entry, Heat, HeatMatch, HeatStage, Tournament
from tournaments.selectors.heat_plans import stage_advancers
from tournaments.services.flights import entry_ratings
from tournaments.services.games import game_create, team_seats
from tournaments.services.notify import results_notify
from tournaments.stage_data import stages_from_data


def _create_stage_matches(
    tournament: Tournament, stage: HeatStage, teams: list[int], previous_byes: set[int], by: Any
) -> None:
    plan = heats.plan_stage(heats.Stage(**stage.rule), teams, previous_byes)
    entries = Entry.objects.select_related("player", "partner").in_bulk(teams)
    for pure_heat in plan.heats:
        heat = Heat.objects.create(stage=stage, number=pure_heat.number)
        for number, pure in enumerate(pure_heat.matches, start=1):
            ns, ew = entries[pure.team_a], entries[pure.team_b]
            label = f"{stage.name} · heat {heat.number} · match {number}"
            game = game_create(
                tournament=tournament, label=label, seats=team_seats(ns, ew), created_by=by
            )
            HeatMatch.objects.create(heat=heat, number=number, ns=ns, ew=ew, game=game)
    if plan.bye is not None:
        heat = Heat.objects.create(stage=stage, number=len(plan.heats) + 1)
        HeatMatch.objects.create(heat=heat, number=1, ns=entries[plan.bye])
    stage.status = HeatStage.Status.PLAYING
    stage.save(update_fields=["status"])


def heats_start(*, tournament: Tournament, by: Any) -> None:
    """Called by tournament_start inside its transaction."""
    try:
        stages = stages_from_data(tournament.stages)
    except ValueError as exc:
        raise TournamentError(f"The stages need fixing first: {exc}") from None
    entries = list(tournament.entries.filter(status=Entry.Status.CHECKED_IN).order_by("number"))
    if tournament.seeding == Tournament.Seeding.RATING:
        # Drawn in rating order, highest first (equals by registration), not as registered.
        ratings = entry_ratings(entries)
        entries.sort(key=lambda e: -ratings[e.pk])
    teams = [e.pk for e in entries]
    if len(teams) < 2:
        raise TournamentError("Heats need at least two checked-in teams.")
    rows = [
        HeatStage(tournament=tournament, number=n, name=s.name, rule=tournament.stages[n - 1])
        for n, s in enumerate(stages, start=1)
    ]
    HeatStage.objects.bulk_create(rows)
    first = tournament.heat_stages.get(number=1)
    _create_stage_matches(tournament, first, teams, set(), by)


@transaction.atomic
def heats_record_game(*, heat_match: HeatMatch, by: Any = None) -> HeatStage:
    """A heat card was confirmed: when the stage is decided, plan the next one or finish."""
    # One writer per event at a time: the tournament row is the lock every change takes first.
    tournament = Tournament.objects.select_for_update(of=("self",)).get(
        heat_stages__heats__matches=heat_match
    )
    stage = HeatStage.objects.select_for_update().get(pk=heat_match.heat.stage_id)
    if stage.status != HeatStage.Status.PLAYING or tournament.status != Tournament.Status.RUNNING:
        return stage
    going_through, _why = stage_advancers(stage)
    if going_through is None:
        return stage
    _close_stage(tournament, stage, going_through, by)
    return stage


def _close_stage(tournament: Tournament, stage: HeatStage, teams: list[int], by: Any) -> None:
    stage.status = HeatStage.Status.DONE
    stage.save(update_fields=["status"])
    following = tournament.heat_stages.filter(number=stage.number + 1).first()
    if following is None:  # the final: its one advancer is the champion
        _finish(tournament, teams[0])
        return
    previous_byes = set(
        HeatMatch.objects.filter(heat__stage__tournament=tournament, ew__isnull=True).values_list(
            "ns_id", flat=True
        )
    )
    live = set(
        tournament.entries.filter(pk__in=teams)
        .exclude(status=Entry.Status.WITHDRAWN)
        .values_list("pk", flat=True)
    )
    teams = [t for t in teams if t in live]
    if len(teams) <= 1:  # the others withdrew: the last team standing wins
        tournament.heat_stages.filter(number__gt=stage.number).update(status=HeatStage.Status.DONE)
        _finish(tournament, teams[0] if teams else None)
        return
    _create_stage_matches(tournament, following, teams, previous_byes, by)


def _finish(tournament: Tournament, champion: int | None) -> None:
    tournament.champion_id = champion
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.announcement = ""  # the room's note was for the play, which is over
    tournament.save(update_fields=["champion", "status", "finished_at", "announcement"])
    results_notify(tournament=tournament, by=None)
