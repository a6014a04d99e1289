"""Template helpers for scorecards, so `scoring/_entry.html` can be included with a game."""

from django import template

from scoring import presenters
from scoring.engine import SEAT_NAMES
from scoring.models import Scorecard
from scoring.owners import game_home
from scoring.sides import SideNames

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
def name_of(names: SideNames, side: str) -> str:
    """`{{ side_names|name_of:version.submitted_for }}`: that side's name on this game."""
    return names.get(side, "") if names else ""


@register.filter
def other_than(names: SideNames, side: str) -> str:
    """`{{ side_names|other_than:"NS" }}`: the other side's name (who confirms)."""
    return names.other(side) if names and side in names else ""


@register.filter
def seat_name(seat: str) -> str:
    return SEAT_NAMES.get(seat, "")


@register.filter
def box(points: int | None) -> str:
    """A scorecard box: the points, or X for none."""
    return "" if points is None else presenters.cell(points)
