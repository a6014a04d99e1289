"""The availability part's rows of the permission matrix (merged into permission_matrix.MATRIX),
and the rows of the test world they need (made on first use): a fixture of team A1 (the
captain's and the player's) against A2 five days ahead, and the player's reminder link."""

from typing import Any

from tests.config.permission_entries import (
    ALL,
    MANAGER,
    NA,
    TEAM,
    TEAM_PRIVATE,
    Entry,
    _season,
)
from tests.config.permission_world import World


def _ahead(w: World) -> Any:
    import datetime

    from django.utils import timezone

    from league.seasons.models import Fixture

    home = w.home
    away = w.fixture.away
    fixture, _ = Fixture.objects.get_or_create(
        season=w.season,
        home=home,
        away=away,
        date=timezone.localdate() + datetime.timedelta(days=5),
        defaults={"week": 4, "skill_level": home.skill_level, "games": 3},
    )
    return fixture


def _fixture_ahead(w: World) -> dict:
    return {"pk": _ahead(w).pk}


def _link(w: World) -> dict:
    from league.availability.links import answer_token

    fixture = _ahead(w)
    return {"pk": fixture.pk, "token": answer_token(fixture, w.users["player"].player)}


def _team(w: World) -> dict:
    return {"pk": w.home.pk}


def _answer(w: World) -> dict:
    return {"answer": "maybe"}


def _team_answer(w: World) -> dict:
    return {"answer": "maybe", "fixture": _ahead(w).pk, "player": w.users["player"].player.pk}


MATRIX: dict[str, Entry] = {
    # Team A1's own players answer for themselves; its captain and the league's managers
    # for any of its players (the A3 captain, an expired sub and other staff: refused).
    "league:availability_answer": Entry(_fixture_ahead, NA, TEAM_PRIVATE, _answer),
    # The reminder's link: whoever holds it, signed in or not.
    "league:availability_link": Entry(_link, ALL, ALL, _answer),
    # Who's coming: the team sees it; its captain and managers set answers.
    "league:team_availability": Entry(_team, TEAM_PRIVATE, TEAM, _team_answer),
    "league:season_availability": Entry(_season, MANAGER, NA),
}
