"""Starting an event, and changes of entries once it is under way."""

from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.permissions import can_run_tournament, deny_unless
from activity.models import Verb
from tournaments.errors import TournamentError
from tournaments.models import Entry, HeatMatch, HeatStage, Tournament
from tournaments.services.bracket import bracket_record_game, bracket_start, bracket_withdraw
from tournaments.services.entries import new_entry
from tournaments.services.flights import entry_ratings, flights_apply, flights_summary
from tournaments.services.heats import heats_record_game, heats_start
from tournaments.services.log import tournament_activity
from tournaments.services.progressive import progressive_regenerate, progressive_start
from tournaments.versions import tournament_results_changed

NOT_YOURS = "Only this tournament's director can run it."


@transaction.atomic
def tournament_start(*, tournament: Tournament, by: Any) -> Tournament:
    """Entries not checked in become no-shows; then the rotation, bracket or heats are drawn."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.SETUP:
        raise TournamentError("The tournament has already started.")
    if tournament.rule_set_id is None:
        raise TournamentError("Choose a rule set before starting.")
    no_shows = tournament.entries.filter(status=Entry.Status.REGISTERED).update(
        status=Entry.Status.NO_SHOW
    )
    tournament.status = Tournament.Status.RUNNING
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["status", "started_at"])
    # Flights are dealt from the field that plays, with each entry's rating as of now.
    flown = flights_apply(tournament) if tournament.has_flights else {}
    if tournament.is_progressive:
        progressive_start(tournament=tournament, by=by)
    elif tournament.is_bracket:
        bracket_start(tournament=tournament, by=by)
    else:
        heats_start(tournament=tournament, by=by)
    playing = tournament.entries.filter(status=Entry.Status.CHECKED_IN).count()
    tournament_activity(
        tournament=tournament,
        actor=by,
        verb=Verb.TOURNAMENT_STARTED,
        detail=f"{playing} playing · {no_shows} no-show{'s' * (no_shows != 1)}"
        + (f" · flights {flights_summary(flown)}" if flown else ""),
    )
    tournament_results_changed(tournament)
    return tournament


def _running(entry: Entry) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=entry.tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        raise TournamentError("That is only possible while the tournament is under way.")
    return tournament


@transaction.atomic
def entry_withdraw(*, entry: Entry, by: Any) -> Entry:
    """A player or team leaves mid-event.

    Progressive: the rounds not yet started are drawn again without them. Bracket: their
    open match goes to the opponent. Heats: they stop going through at the end of the stage.
    """
    tournament = _running(entry)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status != Entry.Status.CHECKED_IN:
        raise TournamentError(f"{entry} isn't playing, so there is nothing to withdraw from.")
    entry.status = Entry.Status.WITHDRAWN
    entry.last_round = tournament.current_round if tournament.is_progressive else None
    entry.save(update_fields=["status", "last_round"])
    if tournament.is_progressive:
        progressive_regenerate(tournament=tournament)
    elif tournament.is_bracket:
        bracket_withdraw(entry=entry, by=by)
    tournament_activity(tournament=tournament, actor=by, verb=Verb.ENTRY_WITHDRAWN, target=entry)
    tournament_results_changed(tournament)
    return entry


@transaction.atomic
def entry_reinstate(*, entry: Entry, by: Any) -> Entry:
    """Undo a withdrawal from a progressive while no round has opened since: the rounds not
    yet started are drawn again with them (the round under way kept their seat)."""
    tournament = _running(entry)
    deny_unless(can_run_tournament(by, tournament), NOT_YOURS)
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    entry.tournament = tournament
    if entry.status == Entry.Status.CHECKED_IN:
        raise TournamentError(f"{entry} is playing already.")
    if entry.status != Entry.Status.WITHDRAWN:
        raise TournamentError(f"{entry} hasn't withdrawn, so there is nothing to undo.")
    if not tournament.is_progressive:
        raise TournamentError("A team's withdrawal from a bracket or heats can't be undone.")
    if not entry.withdrawal_undoable:
        raise TournamentError(
            f"Round {tournament.current_round} has started since {entry} withdrew, "
            "so the withdrawal can't be undone."
        )
    entry.status = Entry.Status.CHECKED_IN
    entry.last_round = None
    entry.save(update_fields=["status", "last_round"])
    progressive_regenerate(tournament=tournament)
    tournament_activity(
        tournament=tournament,
        actor=by,
        verb=Verb.ENTRY_REINSTATED,
        target=entry,
        detail=f"withdrawal undone in round {tournament.current_round}",
    )
    tournament_results_changed(tournament)
    return entry


@transaction.atomic
def entry_arrive_late(*, entry: Entry, by: Any) -> Entry:
    """Progressive only: a registered player turns up after the start and joins the next round."""
    tournament = _running(entry)
    if not tournament.is_progressive:
        raise TournamentError("Teams can't join a bracket or heats once it has been drawn.")
    entry = Entry.objects.select_for_update().get(pk=entry.pk)
    if entry.status not in (Entry.Status.REGISTERED, Entry.Status.NO_SHOW):
        raise TournamentError(f"{entry} is already playing or has withdrawn.")
    if tournament.current_round >= tournament.rounds:
        raise TournamentError("The last round is under way: there is no round left to join.")
    entry.status = Entry.Status.CHECKED_IN
    entry.late = True
    entry.checked_in_at = timezone.now()
    entry.first_round = tournament.current_round + 1
    fields = ["status", "late", "checked_in_at", "first_round"]
    if tournament.has_flights and not entry.flight:
        # The flights were dealt at the start: a late arrival joins the last (the rest).
        entry.flight = tournament.flight_names[-1]
        entry.rating_before = entry_ratings([entry])[entry.pk]
        fields += ["flight", "rating_before"]
    entry.save(update_fields=fields)
    progressive_regenerate(tournament=tournament)
    tournament_activity(
        tournament=tournament,
        actor=by,
        verb=Verb.ENTRY_ARRIVED_LATE,
        target=entry,
        detail=f"seated from round {entry.first_round}",
    )
    tournament_results_changed(tournament)
    return entry


@transaction.atomic
def entry_add_late(*, tournament: Tournament, player_name: str, by: Any) -> Entry:
    """Register a walk-in after the start (progressive) and seat them from the next round."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.is_progressive or tournament.status != Tournament.Status.RUNNING:
        raise TournamentError("Late arrivals join a progressive tournament under way.")
    entry = new_entry(tournament=tournament, player_name=player_name)
    return entry_arrive_late(entry=entry, by=by)


def tournament_recheck(*, tournament: Tournament, by: Any) -> None:
    """Read every confirmed card again and move the bracket or heats on where they allow.

    Advancing normally happens when a card is confirmed; this is the director's way to catch
    up if that step failed (the database was busy, the server restarted mid-request).
    """
    if tournament.status != Tournament.Status.RUNNING or tournament.is_progressive:
        raise TournamentError("Only a bracket or heats event under way can be rechecked.")
    if tournament.is_bracket:
        open_matches = tournament.bracket_matches.filter(winner__isnull=True, games__isnull=False)
        for match in open_matches.distinct():
            last = match.games.order_by("-number").first()
            bracket_record_game(match_game=last, by=by)
        return
    stage = tournament.heat_stages.filter(status=HeatStage.Status.PLAYING).first()
    match = HeatMatch.objects.filter(heat__stage=stage, game__isnull=False).first()
    if match is not None:
        heats_record_game(heat_match=match, by=by)
