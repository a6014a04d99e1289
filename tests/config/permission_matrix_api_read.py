"""The API's read endpoints in the permission matrix (merged into permission_matrix.MATRIX),
and the rows of the test world they need (made on first use).

Every read is public but the live standings (league A's managers); a POST to any of them,
to the schema or to its viewer is a 405. The API's root names its operations' base and
shows nothing: a 404 to everyone.
"""

from tests.config.permission_entries import ALL, MANAGER, NA, NOBODY, Entry, _event, _none, _season
from tests.config.permission_world import World


def _published(w: World) -> dict:
    """League A's season with week 1 published (once)."""
    from league.standings.services import standings_publish

    if not w.season.snapshots.filter(week=1).exists():
        standings_publish(season=w.season, week=1, by=w.users["manager"])
    return _season(w)


def _league(w: World) -> dict:
    return {"league": w.league.slug}


def _round(w: World) -> dict:
    return {**_event(w), "number": 1}


def _profile(w: World) -> dict:
    return {"pk": w.users["player"].player.pk}


def _rated(w: World) -> dict:
    """The player with a rating they show."""
    from people.models import PlayerRating
    from tests.people.factories import choose, rating

    player = w.users["player"].player
    if not PlayerRating.objects.filter(player=player).exists():
        rating(player, history=2)
    choose(player, show_rating=True)
    return {"pk": player.pk}


def _bracket(w: World) -> dict:
    """A single elimination event under way (made once)."""
    from tests.tournaments.factories import bracket, started
    from tournaments.models import Tournament

    if not Tournament.objects.filter(slug="matrix-bracket").exists():
        event = started(bracket(4, director=w.users["director"]))
        # The factory's own slug= names the rules: the event's is set after.
        Tournament.objects.filter(pk=event.pk).update(slug="matrix-bracket")
    return {"slug": "matrix-bracket"}


def _heats(w: World) -> dict:
    """A heats event under way (made once)."""
    from tests.tournaments.factories import heats_event, started
    from tournaments.models import Tournament

    if not Tournament.objects.filter(slug="matrix-heats").exists():
        event = started(heats_event(6, director=w.users["director"]))
        # The factory's own slug= names the rules: the event's is set after.
        Tournament.objects.filter(pk=event.pk).update(slug="matrix-heats")
    return {"slug": "matrix-heats"}


def _stage(w: World) -> dict:
    return {**_heats(w), "number": 1}


def _ladder(w: World) -> dict:
    from people.models import Series
    from tests.people.series_helpers import series_of

    series = Series.objects.filter(slug="matrix-ladder").first()
    series = series or series_of(w.users["director"], slug="matrix-ladder")
    return {"slug": series.slug}


MATRIX: dict[str, Entry] = {
    "api_v1:openapi-json": Entry(_none, ALL, NA),  # the schema is public
    "api_v1:openapi-view": Entry(_none, ALL, NA),  # and so is its viewer
    "api_v1:api-root": Entry(_none, NOBODY, NOBODY),  # ninja's base for the paths: a 404
    "api_v1:read_leagues": Entry(_none, ALL, NA),
    "api_v1:read_seasons": Entry(_league, ALL, NA),
    "api_v1:read_season": Entry(_season, ALL, NA),
    "api_v1:read_teams": Entry(_season, ALL, NA),
    "api_v1:read_schedule": Entry(_season, ALL, NA),
    "api_v1:read_results": Entry(_season, ALL, NA),
    "api_v1:read_standings": Entry(_published, ALL, NA),
    # Only league A's managers (a 401 signed out, a 403 JSON for anyone else signed in).
    "api_v1:read_standings_live": Entry(_season, MANAGER, NA),
    "api_v1:read_playoffs": Entry(_season, ALL, NA),
    "api_v1:read_tournaments": Entry(_none, ALL, NA),
    "api_v1:read_tournament": Entry(_event, ALL, NA),
    "api_v1:read_rounds": Entry(_event, ALL, NA),
    "api_v1:read_round": Entry(_round, ALL, NA),
    "api_v1:read_leaderboard": Entry(_event, ALL, NA),
    "api_v1:read_bracket": Entry(_bracket, ALL, NA),  # public as the event's page
    "api_v1:read_heats": Entry(_heats, ALL, NA),
    "api_v1:read_heat_stage": Entry(_stage, ALL, NA),
    "api_v1:read_profile": Entry(_profile, ALL, NA),
    "api_v1:read_rating": Entry(_rated, ALL, NA),
    "api_v1:read_ladder": Entry(_ladder, ALL, NA),
}
