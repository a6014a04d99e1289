"""Progressive rounds: draw the rotation, open rounds one by one, redraw after changes."""

from typing import Any

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from activity.models import Verb
from tournaments.errors import TournamentError
from tournaments.models import Entry, Round, Seat, Table, Tournament
from tournaments.rotation import Round as DrawnRound
from tournaments.rotation import Table as DrawnTable
from tournaments.rotation import generate_rotation
from tournaments.selectors import progressive_leaderboard
from tournaments.selectors.results import confirmed_game_ids
from tournaments.services.games import game_create
from tournaments.services.log import tournament_activity
from tournaments.services.notify import results_notify, round_seats_notify
from tournaments.versions import tournament_results_changed


def _active_players(tournament: Tournament) -> list[int]:
    return list(
        tournament.entries.filter(status=Entry.Status.CHECKED_IN)
        .order_by("number")
        .values_list("pk", flat=True)
    )


def _store(tournament: Tournament, rounds: list[DrawnRound], after: int) -> None:
    """Rows for every drawn round numbered above `after` (the played ones stay as they are)."""
    for drawn in rounds:
        if drawn.number <= after:
            continue
        row = Round.objects.create(tournament=tournament, number=drawn.number)
        seats = []
        for table in drawn.tables:
            table_row = Table.objects.create(round=row, number=table.number)
            # A three-handed table has one player on E-W: West stays empty.
            places = [*zip("NS", table.ns, strict=False), *zip("EW", table.ew, strict=False)]
            seats += [Seat(round=row, table=table_row, seat=s, entry_id=e) for s, e in places]
        seats += [Seat(round=row, entry_id=entry_id) for entry_id in drawn.sitting_out]
        Seat.objects.bulk_create(seats)


def played_rounds(tournament: Tournament) -> list[DrawnRound]:
    """The rounds already started, as the rotation module describes them."""
    rows = (
        tournament.round_set.filter(number__lte=tournament.current_round)
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("table")))
        .order_by("number")
    )
    played = []
    for row in rows:
        by_table: dict[int, dict[str, int]] = {}
        sitting_out = []
        for seat in row.seats.all():
            if seat.table_id is None:
                sitting_out.append(seat.entry_id)
            else:
                by_table.setdefault(seat.table.number, {})[seat.seat] = seat.entry_id
        tables = tuple(
            DrawnTable(
                number=number,
                ns=tuple(places[s] for s in "NS" if s in places),
                ew=tuple(places[s] for s in "EW" if s in places),
            )
            for number, places in sorted(by_table.items())
        )
        played.append(DrawnRound(row.number, tables, tuple(sitting_out)))
    return played


def progressive_start(*, tournament: Tournament, by: Any) -> None:
    """Called by tournament_start inside its transaction: draw every round, open the first."""
    players = _active_players(tournament)
    if len(players) < 4:
        raise TournamentError("Progressive euchre needs at least four checked-in players.")
    drawn = generate_rotation(
        players, tournament.rounds, seed=tournament.seed, sit_out_rule=tournament.sit_out_rule
    )
    _store(tournament, drawn, after=0)
    tournament.entries.filter(pk__in=players).update(first_round=1)
    _open_round(tournament, 1, by)


def progressive_regenerate(*, tournament: Tournament) -> None:
    """Redraw the rounds not yet started for the players now present, keeping the played ones."""
    players = _active_players(tournament)
    if len(players) < 4:
        raise TournamentError("Fewer than four players would be left to play.")
    drawn = generate_rotation(
        players,
        tournament.rounds,
        seed=tournament.seed,
        played=played_rounds(tournament),
        sit_out_rule=tournament.sit_out_rule,
    )
    tournament.round_set.filter(number__gt=tournament.current_round).delete()
    _store(tournament, drawn, after=tournament.current_round)


def _open_round(tournament: Tournament, number: int, by: Any) -> Round:
    row = tournament.round_set.get(number=number)
    seats = Seat.objects.filter(round=row, table__isnull=False).select_related("entry")
    by_table: dict[int, dict[str, int]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, {})[seat.seat] = seat.entry.player_id
    for table in row.tables.all():
        table.game = game_create(
            tournament=tournament,
            label=f"Round {number} · table {table.number}",
            seats=by_table.get(table.pk, {}),
            created_by=by,
        )
        table.save(update_fields=["game"])
    row.status = Round.Status.PLAYING
    row.started_at = timezone.now()  # the room clock counts from here
    row.save(update_fields=["status", "started_at"])
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    round_seats_notify(tournament=tournament, number=number, by=by)
    return row


def round_unconfirmed_tables(row: Round) -> list[int]:
    """Numbers of the round's tables still waiting for a confirmed card."""
    tables = list(row.tables.all())
    confirmed = confirmed_game_ids([t.game_id for t in tables if t.game_id])
    return [t.number for t in tables if t.game_id not in confirmed]


def _close_current_round(tournament: Tournament) -> None:
    row = tournament.round_set.get(number=tournament.current_round)
    waiting = round_unconfirmed_tables(row)
    if waiting:
        tables = ", ".join(str(n) for n in waiting)
        raise TournamentError(
            f"Round {row.number} isn't finished: table(s) {tables} still need a confirmed card."
        )
    row.status = Round.Status.DONE
    row.save(update_fields=["status"])


@transaction.atomic
def round_start_next(*, tournament: Tournament, by: Any) -> Round:
    """The director moves everyone on, once every table of the round has a confirmed card."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.RUNNING or not tournament.is_progressive:
        raise TournamentError("The tournament isn't under way.")
    if tournament.current_round >= tournament.rounds:
        raise TournamentError("That was the last round: finish the tournament instead.")
    _close_current_round(tournament)
    row = _open_round(tournament, tournament.current_round + 1, by)
    tournament_activity(
        tournament=tournament,
        actor=by,
        verb=Verb.ROUND_STARTED,
        target=row,
        detail=f"of {tournament.rounds}",
    )
    tournament_results_changed(tournament)
    return row


@transaction.atomic
def progressive_finish(*, tournament: Tournament, by: Any) -> Tournament:
    """After the last round: the leaderboard's first place is the champion."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.RUNNING or not tournament.is_progressive:
        raise TournamentError("The tournament isn't under way.")
    if tournament.current_round < tournament.rounds:
        raise TournamentError(
            f"Round {tournament.current_round} of {tournament.rounds} is being played: "
            "play every round before finishing."
        )
    _close_current_round(tournament)
    board = progressive_leaderboard(tournament)
    tournament.champion_id = board.rows[0].entry.pk if board.rows else None
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.announcement = ""  # the room's note was for the play, which is over
    tournament.save(update_fields=["champion", "status", "finished_at", "announcement"])
    champion = board.rows[0].entry if board.rows else None
    tournament_activity(
        tournament=tournament,
        actor=by,
        verb=Verb.TOURNAMENT_FINISHED,
        detail=f"champion: {champion}" if champion is not None else "",
    )
    results_notify(tournament=tournament, by=by)
    tournament_results_changed(tournament)
    return tournament
