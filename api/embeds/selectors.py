"""Reads of the embeds: who may frame them, and what the staff page lists."""

from django.db.models import F

from api.models import EmbedOrigin
from league.seasons.models import League, Season
from tournaments.models import Tournament

SEASONS_SHOWN = 6  # the staff page's snippets: the league's latest seasons


def league_origins(league_id: int) -> list[str]:
    """The sites that may frame this league's embeds (one query)."""
    return list(EmbedOrigin.objects.filter(league_id=league_id).values_list("origin", flat=True))


def event_origins(tournament_id: int) -> list[str]:
    """The sites that may frame this event's embeds (one query)."""
    return list(
        EmbedOrigin.objects.filter(tournament_id=tournament_id).values_list("origin", flat=True)
    )


def origins_listed(*, league: League | None = None, tournament: Tournament | None = None):  # type: ignore[no-untyped-def]
    """The league's or event's rows, by origin, for the staff page."""
    if league is not None:
        return list(EmbedOrigin.objects.filter(league=league))
    return list(EmbedOrigin.objects.filter(tournament=tournament))


def seasons_for_snippets(league: League) -> list[Season]:
    """The league's latest seasons, newest first: each gets its standings and schedule
    snippets."""
    return list(
        Season.objects.filter(league=league)
        .select_related("league")
        .order_by(F("starts_on").desc(nulls_last=True), "-pk")[:SEASONS_SHOWN]
    )
