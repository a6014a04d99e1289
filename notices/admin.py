from django.contrib import admin

from notices.models import Announcement, EmailOptOut, Notice, OutboxMessage, Subscription


class OutboxInline(admin.TabularInline):
    model = OutboxMessage
    extra = 0
    can_delete = False
    fields = ("channel", "address", "name", "status", "attempts", "sent_at", "last_error")
    readonly_fields = fields
    show_change_link = True


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ("subject", "kind", "season", "created_at", "created_by")
    list_filter = ("kind",)
    search_fields = ("subject", "body")
    readonly_fields = ("created_at", "created_by", "key", "source")
    inlines = [OutboxInline]


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("address", "channel", "status", "attempts", "sent_at", "notice")
    list_filter = ("status", "channel")
    search_fields = ("address", "name")
    list_select_related = ("notice",)
    raw_id_fields = ("notice", "player", "resent_by")


@admin.register(Announcement)
class AnnouncementAdmin(admin.ModelAdmin):
    list_display = ("title", "league", "published_at")
    list_filter = ("league",)
    raw_id_fields = ("notice",)


@admin.register(EmailOptOut)
class EmailOptOutAdmin(admin.ModelAdmin):
    list_display = ["address", "created_at"]
    search_fields = ["address"]


@admin.register(Subscription)
class SubscriptionAdmin(admin.ModelAdmin):
    list_display = ("player", "league", "by_email", "by_sms", "updated_at")
    list_filter = ("league", "by_email", "by_sms")
    raw_id_fields = ("player",)
