"""Printable cards (HTML + print CSS): filled from a game, or blank for a rule set."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring import presenters
from scoring.engine import INDIVIDUAL, SEAT_NAMES
from scoring.models import Game, RuleSet, ScorecardVersion
from scoring.presenters import SEAT_ORDER, HandLine
from scoring.selectors import scorecard_for_game
from scoring.sides import PLAIN_SIDES
from scoring.views.common import game_or_404

PARTNERSHIP_ROWS = 20  # first to 10 a point at a time, with room for passed deals
PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _partnership_rows(rule_set: RuleSet, lines: list[HandLine]) -> list[HandLine | int]:
    """The hands played, then numbered blank boxes up to a full card."""
    size = rule_set.hands_per_game or PARTNERSHIP_ROWS
    return [*lines, *range(len(lines) + 1, max(size, len(lines)) + 1)]


def _player_cards(
    game: Game | None, rule_set: RuleSet, version: ScorecardVersion | None
) -> list[dict]:
    """One 8-box card per player: points or X per hand, and the total."""
    hands = rule_set.hands_per_game or 8
    lines = presenters.version_lines(version)
    seated = {seat.seat: seat.player.name for seat in game.seats.all()} if game else {}
    cards = []
    for index, seat in enumerate(SEAT_ORDER):
        boxes = [line.seat_cells[index] for line in lines] if lines else []
        total = version.seat_totals.get(seat) if version and version.seat_totals else None
        cards.append(
            {
                "seat": seat,
                "seat_name": SEAT_NAMES[seat],
                "player": seated.get(seat, ""),
                "partner": seated.get(PARTNER[seat], ""),
                "boxes": boxes + [""] * (hands - len(boxes)),
                "total": total,
            }
        )
    return cards


def _render(
    request: HttpRequest,
    rule_set: RuleSet,
    games: list[Game | None],
    version: ScorecardVersion | None = None,
) -> HttpResponse:
    individual = rule_set.scoring_mode == INDIVIDUAL
    game = games[0]
    lines = presenters.version_lines(version)
    cards = [
        {
            "game": game,
            "side_names": presenters.side_names(game, players=False) if game else PLAIN_SIDES,
            "rows": _partnership_rows(rule_set, lines),
            "players": _player_cards(game, rule_set, version) if individual else [],
        }
        for game in games
    ]
    template = "scoring/print_individual.html" if individual else "scoring/print_partnership.html"
    return render(
        request,
        template,
        {"rule_set": rule_set, "cards": cards, "version": version, "game": game},
    )


def game_print(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    card = scorecard_for_game(game.pk)
    return _render(request, game.rule_set, [game], card.current_version if card else None)


def ruleset_print(request: HttpRequest, slug: str) -> HttpResponse:
    """Blank cards; `?copies=` how many (1-12), two or four to a page by default."""
    rule_set = get_object_or_404(RuleSet, slug=slug)
    default = 1 if rule_set.scoring_mode == INDIVIDUAL else 2
    raw = request.GET.get("copies", "")
    copies = int(raw) if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= 12 else default
    return _render(request, rule_set, [None] * copies)
