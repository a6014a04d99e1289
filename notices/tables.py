"""Tables of the outbox pages."""

import django_tables2 as tables
from django.utils.html import format_html

from notices.models import Notice, OutboxMessage
from wording.columns import WhenColumn


def _counts(sent: int, pending: int, failed: int) -> str:
    if not (sent or pending or failed):
        return "—"
    parts = [format_html("{} sent", sent)]
    if pending:
        parts.append(format_html("<span class='badge'>{} pending</span>", pending))
    if failed:
        parts.append(format_html("<strong class='failed'>{} failed</strong>", failed))
    return format_html(" ".join(["{}"] * len(parts)), *parts)


class NoticeTable(tables.Table):
    created_at = WhenColumn(verbose_name="When")
    subject = tables.Column(linkify=("notices:notice_detail", {"pk": tables.A("pk")}))
    kind = tables.Column()
    season = tables.Column(default="—", orderable=False)
    email = tables.Column(empty_values=(), orderable=False, verbose_name="Email")
    sms = tables.Column(empty_values=(), orderable=False, verbose_name="Text")

    class Meta:
        model = Notice
        fields = ("created_at", "subject", "kind", "season", "email", "sms")
        order_by = ("-created_at",)
        attrs = {"class": "striped stack outbox"}

    def render_email(self, record: Notice) -> str:
        return _counts(record.email_sent, record.email_pending, record.email_failed)

    def render_sms(self, record: Notice) -> str:
        return _counts(record.sms_sent, record.sms_pending, record.sms_failed)


class MessageTable(tables.Table):
    channel = tables.Column()
    name = tables.Column(verbose_name="To")
    address = tables.Column()
    status = tables.Column()
    attempts = tables.Column()
    sent_at = WhenColumn(default="—")
    last_error = tables.Column(verbose_name="Error", default="", orderable=False)
    resend = tables.TemplateColumn(
        template_name="notices/_resend_button.html", orderable=False, verbose_name=""
    )

    class Meta:
        model = OutboxMessage
        fields = ("channel", "name", "address", "status", "attempts", "sent_at", "last_error")
        sequence = (*fields, "resend")
        order_by = ("channel", "address")
        attrs = {"class": "striped stack messages-table"}
        row_attrs = {"id": lambda record: f"message-{record.pk}"}
