from django.contrib import admin

from league.seasons.models import (
    Fixture,
    League,
    Player,
    RescheduleRequest,
    RosterEntry,
    Season,
    SeasonDate,
    SkillLevel,
    Table,
    Team,
    Venue,
    Waiver,
)


class RosterInline(admin.TabularInline):
    model = RosterEntry
    extra = 0
    autocomplete_fields = ["player"]
    raw_id_fields = ["fixture"]


class SkillLevelInline(admin.TabularInline):
    model = SkillLevel
    extra = 0


class SeasonDateInline(admin.TabularInline):
    model = SeasonDate
    extra = 0


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "starts_on", "schedule_state"]
    list_filter = ["league", "schedule_state"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [SkillLevelInline, SeasonDateInline]
    filter_horizontal = ["venues"]


@admin.register(Venue)
class VenueAdmin(admin.ModelAdmin):
    list_display = ["name", "league"]
    inlines = [TableInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "skill_level", "status"]
    list_filter = ["season", "status"]
    search_fields = ["name"]
    inlines = [RosterInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "phone", "sms_opt_in", "user"]
    search_fields = ["name", "email"]
    raw_id_fields = ["user"]


@admin.register(RosterEntry)
class RosterEntryAdmin(admin.ModelAdmin):
    list_display = ["player", "team", "role", "starts_on", "ends_on", "approved"]
    list_filter = ["role"]
    raw_id_fields = ["team", "player", "fixture"]


@admin.register(Waiver)
class WaiverAdmin(admin.ModelAdmin):
    list_display = ["player", "season", "version", "method", "signed_at", "ip_address"]
    list_filter = ["season", "method"]
    search_fields = ["player__name", "typed_name"]
    raw_id_fields = ["player", "recorded_by"]


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ["__str__", "season", "date", "table", "status", "original_date"]
    list_filter = ["season", "status", "stage"]
    raw_id_fields = ["home", "away", "table"]


@admin.register(RescheduleRequest)
class RescheduleRequestAdmin(admin.ModelAdmin):
    list_display = ["fixture", "requested_by_team", "proposed_date", "status"]
    list_filter = ["status"]
    raw_id_fields = ["fixture", "requested_by_team", "requested_by", "responded_by"]
