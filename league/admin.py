from django.contrib import admin

from league.models import League, Player, RosterEntry, Season, Team


class RosterInline(admin.TabularInline):
    model = RosterEntry
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    prepopulated_fields = {"slug": ["name"]}
    search_fields = ["name"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "starts_on"]
    list_filter = ["league"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "status"]
    list_filter = ["season", "status"]
    search_fields = ["name"]
    inlines = [RosterInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "phone", "sms_opt_in", "user"]
    search_fields = ["name", "email"]


@admin.register(RosterEntry)
class RosterEntryAdmin(admin.ModelAdmin):
    list_display = ["player", "team", "role"]
    list_filter = ["role"]
