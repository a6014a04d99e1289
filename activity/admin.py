"""The activity log in the admin: read-only, like the history it is."""

from django.contrib import admin

from activity.models import Activity


@admin.register(Activity)
class ActivityAdmin(admin.ModelAdmin):
    list_display = ["at", "actor_label", "verb", "target_label", "scope_kind", "scope_id"]
    list_filter = ["verb", "scope_kind"]
    search_fields = ["target_label", "detail", "actor_label"]
    date_hierarchy = "at"
    readonly_fields = [f.name for f in Activity._meta.fields]

    def has_add_permission(self, request) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None) -> bool:  # type: ignore[no-untyped-def]
        return False
