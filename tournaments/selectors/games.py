"""What scoring asks the tournament about a game (through `scoring.owners`): which event it
belongs to, whether it may take a card now, its players' seat codes, and which page its
card leads back to."""

from typing import Any

from django.db.models import Q
from django.urls import reverse

from activity.models import Scope
from scoring.models import Game, GameSeat
from scoring.owners import CardStep
from tournaments.models import (
    BracketMatch,
    Entry,
    HeatMatch,
    HeatStage,
    MatchGame,
    Round,
    Table,
    Tournament,
)


def game_tournament_scope(game_id: int) -> tuple[str, int] | None:
    """("tournament", id) for a progressive table's, bracket series' or heat's game; else
    None. One query: the three owners are asked together."""
    tables = Table.objects.filter(game_id=game_id).values_list("round__tournament_id")
    series = MatchGame.objects.filter(game_id=game_id).values_list("match__tournament_id")
    heats = HeatMatch.objects.filter(game_id=game_id).values_list("heat__stage__tournament_id")
    either = tables.order_by().union(series.order_by(), heats.order_by()).order_by()
    found = list(either[:1])
    return (Scope.TOURNAMENT, found[0][0]) if found else None


def rule_set_tournaments(rule_set_id: int) -> set[tuple[str, int]]:
    """("tournament", id) for every event playing under the rule set: set to it, or with a
    game already scored under it (a table's, a series' or a heat's)."""
    events = Tournament.objects.filter(rule_set_id=rule_set_id).values_list("pk")
    tables = Table.objects.filter(game__rule_set_id=rule_set_id).values_list("round__tournament_id")
    series = MatchGame.objects.filter(game__rule_set_id=rule_set_id).values_list(
        "match__tournament_id"
    )
    heats = HeatMatch.objects.filter(game__rule_set_id=rule_set_id).values_list(
        "heat__stage__tournament_id"
    )
    either = events.order_by().union(tables.order_by(), series.order_by(), heats.order_by())
    return {(Scope.TOURNAMENT, event_id) for (event_id,) in either.order_by()}


def game_side_codes(game: Any) -> dict[str, tuple[str, str]] | None:
    """Scoring's seat codes for an event's game: each entry seated there, its code ->
    (its side, its name); None for a game that isn't an event's. Two queries."""
    scope = game_tournament_scope(game.pk)
    if scope is None:
        return None
    sides = {
        player_id: "NS" if seat in ("N", "S") else "EW"
        for player_id, seat in GameSeat.objects.filter(game_id=game.pk).values_list(
            "player_id", "seat"
        )
    }
    entries = Entry.objects.filter(
        Q(player_id__in=sides) | Q(partner_id__in=sides), tournament_id=scope[1]
    ).select_related("player", "partner")
    codes = {}
    for entry in entries:
        side = sides.get(entry.player_id) or sides.get(entry.partner_id)
        if side and entry.seat_code:
            codes[entry.seat_code] = (side, entry.display_name)
    return codes


def game_card_refusals(game: Any, step: CardStep) -> list[str]:
    """Scoring's gate for an event's games: the round, series or stage that owns it decides.

    The players enter, confirm and dispute only while the event is under way and the game's
    round (or match, or stage) is open; the directors may settle or correct a card once its
    round has started, also after it is over. A game that isn't an event's gets no refusal.
    """
    # One query: the game with whichever of the three owners it has.
    owned = (
        Game.objects.select_related(
            "tournament_table__round__tournament",
            "bracket_game__match__tournament",
            "heat_match__heat__stage__tournament",
        )
        .filter(pk=game.pk)
        .first()
    )
    table = getattr(owned, "tournament_table", None)
    if table is not None:
        row = table.round
        return _event_refusals(row.tournament, step) or _round_refusals(row, step)
    series = getattr(owned, "bracket_game", None)
    if series is not None:
        match = series.match
        return _event_refusals(match.tournament, step) or _match_refusals(match, step)
    heat_match = getattr(owned, "heat_match", None)
    if heat_match is not None:
        stage = heat_match.heat.stage
        return _event_refusals(stage.tournament, step) or _stage_refusals(stage, step)
    return []


def _event_refusals(tournament: Tournament, step: CardStep) -> list[str]:
    if tournament.status == Tournament.Status.SETUP:
        return [f"{tournament.name} hasn't started: its cards open when the director starts it."]
    if tournament.status == Tournament.Status.FINISHED and step != CardStep.DECIDE:
        return [f"{tournament.name} is finished: only its directors can change a card now."]
    return []


def _round_refusals(row: Round, step: CardStep) -> list[str]:
    if row.status == Round.Status.PLANNED:
        return [f"Round {row.number} hasn't started: its cards open when the director starts it."]
    if row.status == Round.Status.DONE and step != CardStep.DECIDE:
        return [f"Round {row.number} is over: only a director can change its cards now."]
    return []


def _match_refusals(match: BracketMatch, step: CardStep) -> list[str]:
    if match.winner_id is not None and step != CardStep.DECIDE:
        return [f"{match} is already decided: its games take no more cards."]
    return []


def _stage_refusals(stage: HeatStage, step: CardStep) -> list[str]:
    if stage.status == HeatStage.Status.PLANNED:
        return [f"{stage.name} hasn't started: its cards open when the director starts it."]
    if stage.status == HeatStage.Status.DONE and step != CardStep.DECIDE:
        return [f"{stage.name} is over: only a director can change its cards now."]
    return []


def game_tournament_home(game: Any) -> tuple[str, str] | None:
    """The round, series or stage an event's game belongs to; None for another's game."""
    owned = (
        Game.objects.select_related(
            "tournament_table__round__tournament",
            "bracket_game__match__tournament",
            "heat_match__heat__stage__tournament",
        )
        .filter(pk=game.pk)
        .first()
    )
    table = getattr(owned, "tournament_table", None)
    if table is not None:
        row, event = table.round, table.round.tournament
        url = reverse("tournaments:round", args=[event.slug, row.number])
        return f"{event.name}, round {row.number}", url
    series = getattr(owned, "bracket_game", None)
    if series is not None:
        match, event = series.match, series.match.tournament
        url = reverse("tournaments:detail", args=[event.slug])
        return f"{event.name}, {match}", f"{url}#match-{match.pk}"
    heat_match = getattr(owned, "heat_match", None)
    if heat_match is not None:
        stage = heat_match.heat.stage
        url = reverse("tournaments:heat_stage", args=[stage.tournament.slug, stage.number])
        return f"{stage.tournament.name}, {stage.name}", url
    return None
