"""Admin for playoff brackets: seeds, rounds and series, read-only once played."""

from django.contrib import admin

from league.playoffs.models import PlayoffBracket, PlayoffMatch, PlayoffRound, PlayoffSeed


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
    raw_id_fields = ["champion"]
    inlines = [SeedInline, RoundInline, MatchInline]
