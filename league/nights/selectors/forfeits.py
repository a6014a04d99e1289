"""Reads about forfeits: a team's record this season, the manager's list and open reviews."""

from dataclasses import dataclass

from django.db.models import QuerySet

from league.nights.forfeit_rules import loses_guarantee
from league.nights.models import Forfeit, PlayoffReview
from league.seasons.models import Season, Team


@dataclass
class TeamForfeits:
    team: Team
    forfeits: list[Forfeit]
    reviews: list[PlayoffReview]

    @property
    def live(self) -> list[Forfeit]:
        return [f for f in self.forfeits if f.is_live]

    @property
    def offenses(self) -> int:
        return len(self.live)

    @property
    def guarantee_lost(self) -> bool:
        return loses_guarantee(self.offenses)

    @property
    def playoff_decision(self) -> PlayoffReview | None:
        live = [r for r in self.reviews if r.decision != PlayoffReview.Decision.VOID]
        return live[0] if live else None


def team_forfeits(team: Team) -> TeamForfeits:
    forfeits = list(
        Forfeit.objects.filter(team=team)
        .select_related("fixture__home", "fixture__away")
        .order_by("fixture__date", "pk")
    )
    reviews = list(PlayoffReview.objects.filter(team=team).order_by("-created_at"))
    return TeamForfeits(team, forfeits, reviews)


def season_forfeits(season: Season) -> QuerySet[Forfeit]:
    return (
        Forfeit.objects.filter(fixture__season=season)
        .select_related("team", "fixture__home", "fixture__away", "recorded_by", "overturned_by")
        .order_by("-fixture__date", "-pk")
    )


def pending_reviews(season: Season) -> QuerySet[PlayoffReview]:
    return PlayoffReview.objects.filter(
        season=season, decision=PlayoffReview.Decision.PENDING
    ).select_related("team", "forfeit__fixture")


def season_reviews(season: Season) -> QuerySet[PlayoffReview]:
    return (
        PlayoffReview.objects.filter(season=season)
        .select_related("team", "forfeit__fixture", "decided_by")
        .order_by("decision", "-created_at")
    )


def excluded_from_playoffs(season: Season) -> set[int]:
    """Teams the manager took out of the playoffs after their second forfeit."""
    return set(
        PlayoffReview.objects.filter(
            season=season, decision=PlayoffReview.Decision.EXCLUDE
        ).values_list("team_id", flat=True)
    )
