"""A game's card: current version, status, hands with running totals, and who may act."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts import permissions
from scoring import presenters
from scoring.engine import INDIVIDUAL
from scoring.owners import CardStep, card_refusals, side_codes
from scoring.player_ratings import side_chances
from scoring.selectors import card_history, scorecard_for_game
from scoring.views.common import game_or_404


def game_detail(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id)
    card = scorecard_for_game(game.pk)
    version = card.current_version if card else None
    if version is not None:
        card.game = game  # reuse what is loaded (seats for the permission checks)
        version.scorecard = card
    user = request.user
    may_confirm = bool(
        version
        and version.state == version.State.PENDING
        and permissions.can_confirm(user, version)
    )
    # The game's owner may refuse the answer now (a forfeited game, a round that is over).
    answer_refusals = card_refusals(game, CardStep.ANSWER) if may_confirm else []
    staff = permissions.can_settle_game(user, game)
    sides = permissions.scoring_sides_for(user, game)
    # On the phone of whoever may enter this card, the other side may type a seat code.
    pending = bool(version and version.state == version.State.PENDING)
    offer_code = pending and sides and not may_confirm and side_codes(game)
    code_side = ""
    if offer_code and not card_refusals(game, CardStep.ANSWER):
        code_side = "EW" if version.submitted_for == "NS" else "NS"
    individual = game.rule_set.scoring_mode == INDIVIDUAL
    names = presenters.side_names(game)
    history = list(card_history(card)) if card else []
    for past in history:
        past.score_text = presenters.score_line(past, individual, names)
    context = {
        "game": game,
        "card": card,
        "version": version,
        "lines": presenters.version_lines(version, names),
        "individual": individual,
        "seat_headings": presenters.seat_headings(game),
        "side_names": names,
        "score_line": presenters.score_line(version, individual, names) if version else "",
        "winner_name": names.get(version.winner, "") if version else "",
        "history": history,
        "may_confirm": may_confirm and not answer_refusals,
        "code_side": code_side,
        "answer_refusals": answer_refusals,
        "own_pending": bool(
            version
            and version.state == version.State.PENDING
            and version.submitted_by_id == user.pk
        ),
        "may_enter": bool(sides) and (card is None or card.is_open),
        "may_settle": staff and (card is None or card.is_open),
        "may_correct": staff and card is not None and card.is_confirmed,
        # Before the result stands, each side's chance from its players' ratings.
        "chances": side_chances(game.pk) if card is None or card.is_open else None,
    }
    return render(request, "scoring/game_detail.html", context)
