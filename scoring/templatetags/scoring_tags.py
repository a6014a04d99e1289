"""Template helpers for scorecards, so `scoring/_entry.html` can be included with a game."""

from django import template

from scoring import presenters
from scoring.engine import SEAT_NAMES, SIDE_LABELS
from scoring.models import Scorecard
from scoring.owners import game_home

register = template.Library()


@register.simple_tag(takes_context=True)
def entry_state(context: template.Context, game):  # type: ignore[no-untyped-def]
    """`{% entry_state game as entry %}`: None when the viewer can't enter this card."""
    request = context.get("request")
    if request is None:
        return None
    card = context.get("card")
    return presenters.entry_state(request.user, game, card if isinstance(card, Scorecard) else None)


@register.inclusion_tag("scoring/_back_link.html")
def game_back_link(game) -> dict:  # type: ignore[no-untyped-def]
    """`{% game_back_link game %}`: a link to the fixture, round or stage the game belongs to
    (its owner says which, `scoring.owners.register_game_home`); nothing for a lone game."""
    return {"home": game_home(game)}


@register.filter
def typed_value(typed: dict | None, key: str) -> str:
    """`{{ final_typed|typed_value:"NS" }}`: what was typed in that box, or ""."""
    return (typed or {}).get(key, "")


@register.filter
def side_label(side: str) -> str:
    return SIDE_LABELS.get(side, "")


@register.filter
def seat_name(seat: str) -> str:
    return SEAT_NAMES.get(seat, "")


@register.filter
def box(points: int | None) -> str:
    """A scorecard box: the points, or X for none."""
    return "" if points is None else presenters.cell(points)


@register.filter
def totals_line(version, individual: bool) -> str:
    """`{{ version|totals_line:individual }}`: 'N-S 10 – E-W 6', or each player's total."""
    return presenters.score_line(version, bool(individual))
