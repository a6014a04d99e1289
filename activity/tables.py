"""The activity table: three columns, so it reads on a phone."""

import django_tables2 as tables
from django.utils.html import format_html

from activity.models import Activity
from wording.columns import WhenColumn


class ActivityTable(tables.Table):
    at = WhenColumn(verbose_name="When", orderable=False)
    actor_label = tables.Column(verbose_name="Who", orderable=False, empty_values=())
    verb = tables.Column(verbose_name="What", orderable=False)

    class Meta:
        model = Activity
        fields = ("at", "actor_label", "verb")
        attrs = {"class": "striped stack activity-log"}
        row_attrs = {"data-verb": lambda record: record.verb}

    def render_actor_label(self, record: Activity) -> str:
        return record.actor_name

    def render_verb(self, record: Activity) -> str:
        detail = (
            format_html('<br><small class="muted">{}</small>', record.detail)
            if record.detail
            else ""
        )
        return format_html(
            "<strong>{}</strong> · {}{}", record.get_verb_display(), record.target_label, detail
        )
