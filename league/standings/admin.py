"""Published standings are read-only here: a snapshot is what the standings were that week."""

from django.contrib import admin
from django.db.models import QuerySet

from activity.models import Verb
from activity.selectors import logged_actor
from league.standings.models import StandingsSnapshot, StandingsSnapshotRow


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

    def get_queryset(self, request) -> QuerySet:  # type: ignore[no-untyped-def]
        publisher = logged_actor(StandingsSnapshot, Verb.STANDINGS_PUBLISHED)
        return super().get_queryset(request).annotate(publisher=publisher)

    @admin.display(description="published by")
    def published_by(self, obj: StandingsSnapshot) -> str:
        """From the activity log, which keeps who published each week."""
        return getattr(obj, "publisher", None) or "—"

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False
