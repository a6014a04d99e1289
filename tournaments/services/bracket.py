"""Partner brackets, single or double elimination: seeding, series games, advancement on
confirmed cards, walkovers.

The pure `algorithms.brackets` package owns the structure. The rows store each match's
entrants and winner; after any change the state is rebuilt from the seeds plus the decided
matches (`selectors.bracket.bracket_state`) and written back, so the database never drifts
from what the package would say. Double elimination adds the losers' bracket and the grand
final (with its reset match) as rows of their own; its byes and void matches are settled as
teams arrive, so `is_bye` is written back too.
"""

from typing import Any

from django.db import transaction
from django.utils import timezone

from activity.models import Verb
from algorithms import brackets
from tournaments.errors import TournamentError
from tournaments.models import BracketMatch, Entry, MatchGame, Tournament
from tournaments.selectors.bracket import bracket_state, fresh_bracket, pure_id
from tournaments.selectors.results import game_winners
from tournaments.services.flights import entry_ratings
from tournaments.services.games import game_create, team_seats
from tournaments.services.log import tournament_activity
from tournaments.services.notify import results_notify


def seeded_entries(tournament: Tournament) -> list[Entry]:
    """Checked-in teams, seeded ones first by seed, the rest in registration order; seeded
    by rating, the highest-rated team first and that order between equals."""
    entries = tournament.entries.filter(status=Entry.Status.CHECKED_IN).select_related(
        "player", "partner"
    )
    ordered = sorted(entries, key=lambda e: (e.seed is None, e.seed or 0, e.number))
    if tournament.seeding == Tournament.Seeding.RATING:
        ratings = entry_ratings(ordered)
        ordered.sort(key=lambda e: -ratings[e.pk])  # stable: equals keep the order above
    return ordered


def bracket_start(*, tournament: Tournament, by: Any) -> None:
    """Called by tournament_start inside its transaction."""
    entries = seeded_entries(tournament)
    if len(entries) < 2:
        raise TournamentError("A bracket needs at least two checked-in teams.")
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
    Entry.objects.bulk_update(entries, ["seed"])
    state = fresh_bracket(tournament, [e.pk for e in entries])
    BracketMatch.objects.bulk_create(
        BracketMatch(
            tournament=tournament,
            bracket=m.bracket,
            round=m.round,
            position=m.position,
            top_id=m.entrant_a,
            bottom_id=m.entrant_b,
            top_seed=m.seed_a,
            bottom_seed=m.seed_b,
            is_bye=m.is_bye,
            winner_id=m.winner,
        )
        for m in state.matches
    )
    _open_ready_matches(tournament, by)


def _sync(tournament: Tournament, by: Any) -> None:
    """Write the rebuilt state back; withdrawn teams lose by walkover; finish at the end."""
    while True:
        rows = list(tournament.bracket_matches.select_for_update().order_by("pk"))
        state = bracket_state(tournament, rows)
        by_id = {m.id: m for m in state.matches}
        withdrawn = set(
            tournament.entries.filter(status=Entry.Status.WITHDRAWN).values_list("pk", flat=True)
        )
        walkover = False
        for row in rows:
            pure = by_id[pure_id(row)]
            fields = {
                "top_id": pure.entrant_a,
                "bottom_id": pure.entrant_b,
                "top_seed": pure.seed_a,
                "bottom_seed": pure.seed_b,
                "is_bye": pure.is_bye,
                "winner_id": pure.winner,
            }
            changed = [name for name, value in fields.items() if getattr(row, name) != value]
            for name in changed:
                setattr(row, name, fields[name])
            if pure.ready and {pure.entrant_a, pure.entrant_b} & withdrawn:
                row.winner_id = pure.entrant_b if pure.entrant_a in withdrawn else pure.entrant_a
                changed.append("winner_id")
                walkover = True
            if changed:
                row.save(update_fields=[name.removesuffix("_id") for name in set(changed)])
        if not walkover:
            break
    _open_ready_matches(tournament, by)
    # Every match decided, or never to be played (double elimination's void matches).
    if all(row.winner_id is not None or row.void for row in rows):
        tournament.champion_id = brackets.champion(state)
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = timezone.now()
        tournament.announcement = ""  # the room's note was for the play, which is over
        tournament.save(update_fields=["champion", "status", "finished_at", "announcement"])
        results_notify(tournament=tournament, by=by)


def _open_ready_matches(tournament: Tournament, by: Any) -> None:
    ready = tournament.bracket_matches.filter(
        winner__isnull=True, is_bye=False, top__isnull=False, bottom__isnull=False, games=None
    ).select_related("top", "bottom")
    for match in ready:
        _add_game(tournament, match, 1, by)


def _add_game(tournament: Tournament, match: BracketMatch, number: int, by: Any) -> MatchGame:
    top_is_ns = number % 2 == 1  # sides swap each game of a series
    ns, ew = (match.top, match.bottom) if top_is_ns else (match.bottom, match.top)
    label = match.label(double=tournament.is_double_elimination)
    if tournament.best_of > 1:
        label += f" · game {number}"
    game = game_create(tournament=tournament, label=label, seats=team_seats(ns, ew), created_by=by)
    return MatchGame.objects.create(match=match, number=number, game=game, top_is_ns=top_is_ns)


@transaction.atomic
def bracket_record_game(*, match_game: MatchGame, by: Any = None) -> BracketMatch:
    """A series game was confirmed: count the series, advance a winner or add the next game."""
    # One writer per event at a time: the tournament row is the lock every change takes first.
    tournament = Tournament.objects.select_for_update(of=("self",)).get(
        bracket_matches__games=match_game.pk
    )
    match = BracketMatch.objects.select_for_update().get(pk=match_game.match_id)
    if match.winner_id is not None or tournament.status != Tournament.Status.RUNNING:
        return match
    games = list(match.games.order_by("number"))
    results = game_winners([g.game_id for g in games])
    winners: list[int] = []
    for mg in games:
        side = results.get(mg.game_id)
        if side is None:
            continue
        winners.append(match.top_id if (side == "NS") == mg.top_is_ns else match.bottom_id)
        if brackets.series_winner(winners, tournament.best_of) is not None:
            break
    match.top_wins = winners.count(match.top_id)
    match.bottom_wins = winners.count(match.bottom_id)
    match.save(update_fields=["top_wins", "bottom_wins"])
    winner = brackets.series_winner(winners, tournament.best_of)
    if winner is not None:
        match.winner_id = winner
        match.save(update_fields=["winner"])
        _sync(tournament, by)
    elif len(winners) == len(games):
        top = Entry.objects.get(pk=match.top_id)
        bottom = Entry.objects.get(pk=match.bottom_id)
        match.top, match.bottom = top, bottom
        _add_game(tournament, match, len(games) + 1, by)
    return match


@transaction.atomic
def bracket_award_match(*, match: BracketMatch, winner: Entry, by: Any = None) -> BracketMatch:
    """The director decides a match (forfeit, a team that left): the winner advances."""
    Tournament.objects.select_for_update().get(pk=match.tournament_id)
    match = BracketMatch.objects.select_for_update().get(pk=match.pk)
    if match.tournament.status != Tournament.Status.RUNNING:
        raise TournamentError("The bracket isn't under way.")
    if match.winner_id is not None:
        raise TournamentError("That match is already decided.")
    if match.is_bye or match.top_id is None or match.bottom_id is None:
        raise TournamentError("That match is still waiting for a team.")
    if winner.pk not in (match.top_id, match.bottom_id):
        raise TournamentError(f"{winner} isn't playing in that match.")
    match.winner = winner
    match.save(update_fields=["winner"])
    _sync(match.tournament, by)
    tournament_activity(
        tournament=match.tournament,
        actor=by,
        verb=Verb.MATCH_AWARDED,
        target=match,
        detail=f"to {winner}",
    )
    return match


def bracket_withdraw(*, entry: Entry, by: Any) -> None:
    """Called by entry_withdraw: the team's open match goes to its opponent."""
    _sync(entry.tournament, by)
