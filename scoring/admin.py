"""Admin for scoring. Card versions are history: viewable here, changed only by services."""

from django.contrib import admin

from scoring.models import (
    EntryReceipt,
    Game,
    GameSeat,
    HandEntry,
    RuleSet,
    Scorecard,
    ScorecardDraft,
    ScorecardVersion,
)


@admin.register(RuleSet)
class RuleSetAdmin(admin.ModelAdmin):
    list_display = ["name", "is_preset", "scoring_mode", "target_points", "hands_per_game"]
    list_filter = ["is_preset", "scoring_mode"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        # Presets are installed by a migration and stay as shipped.
        if obj is not None and obj.is_preset:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        if obj is not None and obj.is_preset:
            return False
        return super().has_delete_permission(request, obj)


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["label", "rule_set", "ns_team", "ew_team", "created_at"]
    list_filter = ["rule_set"]
    search_fields = ["label"]
    list_select_related = ["rule_set", "ns_team", "ew_team"]
    raw_id_fields = ["ns_team", "ew_team", "created_by"]
    inlines = [GameSeatInline]


@admin.register(GameSeat)
class GameSeatAdmin(admin.ModelAdmin):
    list_display = ["game", "seat", "player"]
    list_select_related = ["game", "player"]
    raw_id_fields = ["game", "player"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Scorecard history is only written through scoring.services (who, when, why)."""

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_delete_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


class VersionInline(admin.TabularInline):
    model = ScorecardVersion
    fk_name = "scorecard"
    extra = 0
    fields = ["number", "kind", "state", "source", "ns_total", "ew_total", "submitted_by"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Scorecard)
class ScorecardAdmin(ReadOnlyAdmin):
    list_display = ["game", "status", "updated_at"]
    list_filter = ["status"]
    list_select_related = ["game"]
    search_fields = ["game__label"]
    inlines = [VersionInline]


class HandInline(admin.TabularInline):
    model = HandEntry
    extra = 0
    can_delete = False
    fields = ["number", "dealer", "maker_side", "alone", "tricks", "passed", "summary"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(ScorecardVersion)
class ScorecardVersionAdmin(ReadOnlyAdmin):
    list_display = ["scorecard", "number", "kind", "state", "source", "ns_total", "ew_total"]
    list_filter = ["kind", "state", "source"]
    list_select_related = ["scorecard__game"]
    inlines = [HandInline]


@admin.register(HandEntry)
class HandEntryAdmin(ReadOnlyAdmin):
    list_display = ["version", "number", "summary", "ns_points", "ew_points"]
    list_select_related = ["version__scorecard__game"]


@admin.register(ScorecardDraft)
class ScorecardDraftAdmin(admin.ModelAdmin):
    list_display = ["game", "user", "side", "updated_at"]
    list_select_related = ["game", "user"]
    raw_id_fields = ["game", "user"]


@admin.register(EntryReceipt)
class EntryReceiptAdmin(ReadOnlyAdmin):
    """What each phone's entry key became; a replay of the key answers with it."""

    list_display = ["game", "user", "kind", "hand_number", "version", "created_at"]
    list_filter = ["kind"]
    list_select_related = ["game", "user", "version"]
    search_fields = ["key", "game__label"]
