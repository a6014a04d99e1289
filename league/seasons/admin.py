from collections.abc import Iterable
from typing import Any

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
from league.seasons.versions import season_changed


class ChangesSeasons(admin.ModelAdmin):
    """An edit in the admin skips the services, so it says here which seasons it changed:
    their cached calendars, schedules and standings are built afresh (`versions`)."""

    def seasons_of(self, obj: Any) -> Iterable[int]:
        return [obj.season_id]

    def _changed(self, obj: Any) -> None:
        for season_id in list(self.seasons_of(obj)):
            season_changed(season_id, schedule=True, results=True)

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        super().save_model(request, obj, form, change)
        self._changed(obj)

    def save_related(self, request, form, formsets, change):  # type: ignore[no-untyped-def]
        super().save_related(request, form, formsets, change)
        self._changed(form.instance)

    def delete_model(self, request, obj):  # type: ignore[no-untyped-def]
        self._changed(obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):  # type: ignore[no-untyped-def]
        for obj in queryset:
            self._changed(obj)
        super().delete_queryset(request, queryset)


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
class LeagueAdmin(ChangesSeasons):
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name"]

    def seasons_of(self, obj: League) -> Iterable[int]:
        return obj.seasons.values_list("pk", flat=True)


@admin.register(Season)
class SeasonAdmin(ChangesSeasons):
    list_display = ["name", "league", "starts_on", "schedule_state"]
    list_filter = ["league", "schedule_state"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [SkillLevelInline, SeasonDateInline]
    filter_horizontal = ["venues"]

    def seasons_of(self, obj: Season) -> Iterable[int]:
        return [obj.pk]


@admin.register(Venue)
class VenueAdmin(ChangesSeasons):
    list_display = ["name", "league"]
    inlines = [TableInline]

    def seasons_of(self, obj: Venue) -> Iterable[int]:
        return obj.seasons.values_list("pk", flat=True)


@admin.register(Team)
class TeamAdmin(ChangesSeasons):
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
class FixtureAdmin(ChangesSeasons):
    list_display = ["__str__", "season", "date", "table", "status", "original_date"]
    list_filter = ["season", "status", "stage"]
    raw_id_fields = ["home", "away", "table"]


@admin.register(RescheduleRequest)
class RescheduleRequestAdmin(admin.ModelAdmin):
    list_display = ["fixture", "requested_by_team", "proposed_date", "status"]
    list_filter = ["status"]
    raw_id_fields = ["fixture", "requested_by_team", "requested_by", "responded_by"]
