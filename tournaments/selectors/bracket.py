"""Reads for the bracket pages: rounds of matches with their series games and results,
how each match connects to the next round, the places decided so far, and the pure state
the services rebuild from the stored rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.db.models import Prefetch

from algorithms import brackets
from algorithms.prizes import split_prizes
from scoring.selectors import confirmed_results
from tournaments import flights
from tournaments.models import BracketMatch, Entry, MatchGame, Tournament

PREFIX = {"main": "", "consolation": "C-", "losers": "L-", "final": "F-"}


def pure_id(match: BracketMatch) -> str:
    """The row's match id in `algorithms.brackets` ("R2-M1", "L-R3-M2", "F-R1-M1"...)."""
    return f"{PREFIX[match.bracket]}R{match.round}-M{match.position}"


def fresh_bracket(tournament: Tournament, entrant_ids: Sequence[int]) -> brackets.Bracket:
    """The event's bracket as drawn, seed 1 first in ``entrant_ids``."""
    if tournament.is_double_elimination:
        return brackets.build_double(
            entrant_ids, best_of=tournament.best_of, reset=tournament.bracket_reset
        )
    return brackets.build_bracket(
        entrant_ids, best_of=tournament.best_of, consolation=tournament.consolation
    )


def bracket_state(tournament: Tournament, rows: Sequence[BracketMatch]) -> brackets.Bracket:
    """The pure state: the draw from the seeds, then every decided match replayed (feeders
    first, whichever bracket they are in). Byes are not replayed: they decide themselves."""
    seeds = tournament.entries.filter(seed__isnull=False).order_by("seed")
    state = fresh_bracket(tournament, list(seeds.values_list("pk", flat=True)))
    pending = {pure_id(r): r.winner_id for r in rows if r.winner_id is not None and not r.is_bye}
    while pending:
        playable = [
            match_id
            for match_id in pending
            if (m := state.match(match_id)).entrant_a is not None
            and m.entrant_b is not None
            and not m.is_bye
        ]
        if not playable:
            break
        for match_id in playable:
            state = brackets.advance(state, match_id, pending.pop(match_id))
    return state


@dataclass
class SeriesGame:
    number: int
    game_id: int
    top_is_ns: bool
    top_score: int | None = None
    bottom_score: int | None = None

    @property
    def confirmed(self) -> bool:
        return self.top_score is not None


@dataclass
class MatchView:
    match: BracketMatch
    games: list[SeriesGame] = field(default_factory=list)
    # Lines to the next round: "down" (top of a pair), "up" (bottom of a pair),
    # "straight" (the next round has as many matches) or "" (none); and from the last.
    link_out: str = ""
    link_in: bool = False

    @property
    def open_game(self) -> SeriesGame | None:
        """The game being played now (the first without a confirmed card)."""
        if self.match.winner_id is not None:
            return None
        return next((g for g in self.games if not g.confirmed), None)


@dataclass
class BracketRound:
    number: int
    name: str
    matches: list[MatchView]


def _round_name(bracket: str, number: int, total: int, double: bool) -> str:
    from_end = total - number
    if bracket == "final":
        return "Grand final" if number == 1 else "Reset match"
    if bracket == "losers":
        return "Losers' final" if from_end == 0 else f"Losers' round {number}"
    names = {0: "Final", 1: "Semifinals", 2: "Quarterfinals"}
    if double:
        names = {0: "Winners' final", 1: "Winners' semifinals"}
    return names.get(from_end, f"Round {number}")


def _link(rounds: list[list[MatchView]]) -> None:
    """Connector lines: pairs that feed one match of the next round, or one to one."""
    for i, views in enumerate(rounds):
        after = len(rounds[i + 1]) if i + 1 < len(rounds) else 0
        before = len(rounds[i - 1]) if i else 0
        for view in views:
            if after and 2 * after == len(views):
                view.link_out = "down" if view.match.position % 2 else "up"
            elif after and after == len(views):
                view.link_out = "straight"
            view.link_in = bool(before) and before in (len(views), 2 * len(views))


def bracket_view(tournament: Tournament) -> dict[str, list[BracketRound]]:
    """{"main": rounds, "consolation": ..., "losers": ..., "final": ...} (the brackets the
    event has), in a fixed number of queries."""
    matches = list(
        tournament.bracket_matches.select_related(
            "top__player", "top__partner", "bottom__player", "bottom__partner"
        ).prefetch_related(Prefetch("games", queryset=MatchGame.objects.order_by("number")))
    )
    game_ids = [g.game_id for m in matches for g in m.games.all()]
    results = confirmed_results(game_ids) if game_ids else {}
    grouped: dict[str, dict[int, list[MatchView]]] = {}
    for match in matches:
        view = MatchView(match)
        for g in match.games.all():
            series_game = SeriesGame(g.number, g.game_id, g.top_is_ns)
            result = results.get(g.game_id)
            if result is not None:
                ns, ew = result.ns_total, result.ew_total
                series_game.top_score, series_game.bottom_score = (
                    (ns, ew) if g.top_is_ns else (ew, ns)
                )
            view.games.append(series_game)
        grouped.setdefault(match.bracket, {}).setdefault(match.round, []).append(view)
    out: dict[str, list[BracketRound]] = {}
    double = tournament.is_double_elimination
    for bracket, rounds in grouped.items():
        total = max(rounds)
        ordered = [sorted(rounds[n], key=lambda v: v.match.position) for n in sorted(rounds)]
        _link(ordered)
        out[bracket] = [
            BracketRound(n, _round_name(bracket, n, total, double), views)
            for n, views in zip(sorted(rounds), ordered, strict=True)
        ]
    return out


@dataclass
class Placed:
    entry: Entry
    prize_cents: int | None  # once the event is finished and pays this place


@dataclass
class PlaceRow:
    place: int
    last_place: int  # a tie of two for third covers places 3 and 4
    placed: list[Placed]

    @property
    def tied(self) -> bool:
        return len(self.placed) > 1


def bracket_places(tournament: Tournament, views: dict[str, list[BracketRound]]) -> list[PlaceRow]:
    """The paid places decided so far (at least champion and runner-up), from the rows
    `bracket_view` read; one query more (the seeds). Tied places share their prizes."""
    rows = [v.match for rounds in views.values() for r in rounds for v in r.matches]
    if not rows:
        return []
    entries = {e.pk: e for m in rows for e in (m.top, m.bottom) if e is not None}
    placings = brackets.placings(bracket_state(tournament, rows))
    paid = max(2, len(tournament.prizes))
    shares: dict = {}
    ranking = [(e, p.place) for p in placings for e in p.entrants]
    if tournament.status == Tournament.Status.FINISHED and tournament.has_flights:
        # Each flight's purse over its own teams, by the places the bracket decided.
        flight_of = {pk: entry.flight for pk, entry in entries.items()}
        shares = flights.flight_prizes(_flights(tournament), ranking, flight_of)
    elif tournament.status == Tournament.Status.FINISHED and tournament.prizes:
        shares = split_prizes(tournament.prizes, ranking)
    return [
        PlaceRow(
            p.place,
            p.last_place,
            [Placed(entries[e], shares.get(e)) for e in p.entrants if e in entries],
        )
        for p in placings
        if p.place <= paid or any(shares.get(e) for e in p.entrants)  # a flight's winners too
    ]


def _flights(tournament: Tournament) -> list[flights.Flight]:
    try:
        return flights.flights_from_data(tournament.flights)
    except ValueError:  # stored before a rule changed: nobody is paid by flight
        return []
