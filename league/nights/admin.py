"""Admin for league nights: fixture games, closures, forfeits and playoff reviews.

Forfeits are overturned from the fixture page (with a reason) so the escalation follows.
"""

from django.contrib import admin

from league.nights.models import FixtureClosure, FixtureGame, Forfeit, PlayoffReview
from league.seasons.admin import ChangesSeasons


class ChangesFixtureSeason(ChangesSeasons):
    def seasons_of(self, obj: FixtureGame | Forfeit) -> list[int]:
        return [obj.fixture.season_id]


@admin.register(FixtureGame)
class FixtureGameAdmin(ChangesFixtureSeason):
    list_display = ["__str__", "forfeited_by", "no_result"]
    list_filter = ["no_result", "fixture__season"]
    raw_id_fields = ["fixture", "game", "forfeited_by", "forfeit"]


@admin.register(FixtureClosure)
class FixtureClosureAdmin(admin.ModelAdmin):
    list_display = ["fixture", "closed_by", "closed_at"]
    raw_id_fields = ["fixture", "closed_by"]
    readonly_fields = ["closed_at", "settled_games", "no_result_games"]


@admin.register(Forfeit)
class ForfeitAdmin(ChangesFixtureSeason):
    list_display = ["team", "fixture", "reason", "games", "offense", "overturned_at"]
    list_filter = ["reason", "fixture__season"]
    search_fields = ["team__name"]
    raw_id_fields = ["fixture", "team", "recorded_by", "overturned_by"]
    readonly_fields = ["offense", "removal_changes", "recorded_at"]


@admin.register(PlayoffReview)
class PlayoffReviewAdmin(admin.ModelAdmin):
    list_display = ["team", "season", "decision", "decided_at"]
    list_filter = ["decision", "season"]
    raw_id_fields = ["team", "forfeit", "decided_by"]
