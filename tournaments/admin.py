from django.contrib import admin

from tournaments.models import Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "director"]
    prepopulated_fields = {"slug": ["name"]}
