"""Admin for league nights: fixture games, closures, forfeits, reviews, snapshots, playoffs.

Published standings are read-only here: a snapshot is what the standings were that week.
Forfeits are overturned from the fixture page (with a reason) so the escalation follows.
"""

from django.contrib import admin

from league.models import (
    FixtureClosure,
    FixtureGame,
    Forfeit,
    PlayoffBracket,
    PlayoffMatch,
    PlayoffReview,
    PlayoffRound,
    PlayoffSeed,
    StandingsSnapshot,
    StandingsSnapshotRow,
)


@admin.register(FixtureGame)
class FixtureGameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "forfeited_by", "no_result"]
    list_filter = ["no_result", "fixture__season"]
    raw_id_fields = ["fixture", "game", "forfeited_by", "forfeit"]


@admin.register(FixtureClosure)
class FixtureClosureAdmin(admin.ModelAdmin):
    list_display = ["fixture", "closed_by", "closed_at"]
    raw_id_fields = ["fixture", "closed_by"]
    readonly_fields = ["closed_at", "settled_games", "no_result_games"]


@admin.register(Forfeit)
class ForfeitAdmin(admin.ModelAdmin):
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


class SnapshotRowInline(admin.TabularInline):
    model = StandingsSnapshotRow
    extra = 0
    can_delete = False
    fields = ["level_name", "rank", "team_name", "games_won", "games_lost", "win_pct", "sos"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    list_display = ["season", "week", "published_at", "published_by", "open_games"]
    list_filter = ["season"]
    readonly_fields = [
        "season",
        "week",
        "published_at",
        "published_by",
        "standings_order",
        "open_games",
        "note",
    ]
    inlines = [SnapshotRowInline]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False


class SeedInline(admin.TabularInline):
    model = PlayoffSeed
    extra = 0
    raw_id_fields = ["team"]


class RoundInline(admin.TabularInline):
    model = PlayoffRound
    extra = 0


class MatchInline(admin.TabularInline):
    model = PlayoffMatch
    extra = 0
    fields = ["round", "position", "top", "bottom", "is_bye", "winner", "top_wins", "bottom_wins"]
    readonly_fields = fields
    can_delete = False


@admin.register(PlayoffBracket)
class PlayoffBracketAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "best_of", "champion", "decided_at"]
    list_filter = ["season"]
    raw_id_fields = ["champion", "created_by"]
    inlines = [SeedInline, RoundInline, MatchInline]
