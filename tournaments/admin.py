from django.contrib import admin

from tournaments.models import (
    BracketMatch,
    Entry,
    Heat,
    HeatMatch,
    HeatStage,
    MatchGame,
    Round,
    Seat,
    Table,
    Tournament,
)


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player", "partner"]
    fields = ["number", "player", "partner", "team_name", "status", "seed", "late"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "format", "status", "director"]
    list_filter = ["format", "status"]
    prepopulated_fields = {"slug": ["name"]}
    raw_id_fields = ["director", "champion"]
    inlines = [EntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status"]
    list_filter = ["status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "game"]
    raw_id_fields = ["round", "game"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "seat", "entry"]
    raw_id_fields = ["round", "table", "entry"]


@admin.register(BracketMatch)
class BracketMatchAdmin(admin.ModelAdmin):
    list_display = ["tournament", "bracket", "round", "position", "top", "bottom", "winner"]
    raw_id_fields = ["tournament", "top", "bottom", "winner"]


@admin.register(MatchGame)
class MatchGameAdmin(admin.ModelAdmin):
    list_display = ["match", "number", "game"]
    raw_id_fields = ["match", "game"]


@admin.register(HeatStage)
class HeatStageAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "name", "status"]


@admin.register(Heat)
class HeatAdmin(admin.ModelAdmin):
    list_display = ["stage", "number"]


@admin.register(HeatMatch)
class HeatMatchAdmin(admin.ModelAdmin):
    list_display = ["heat", "number", "ns", "ew", "game"]
    raw_id_fields = ["heat", "ns", "ew", "game"]
