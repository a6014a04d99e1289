"""The staff's registration list (django-tables2), over `selectors.Row`."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from money.amounts import cents_text


class RegistrationTable(tables.Table):
    who = tables.Column(accessor="registration", verbose_name="Registration", orderable=False)
    state = tables.Column(accessor="registration", verbose_name="State", orderable=False)
    place = tables.Column(accessor="registration__place", verbose_name="Place", orderable=False)
    fee = tables.Column(
        accessor="registration__fee_due_cents", verbose_name="Fee due", orderable=False
    )
    paid = tables.Column(accessor="paid_cents", verbose_name="Paid", orderable=False)
    answers = tables.Column(accessor="answers", verbose_name="Answers", orderable=False)

    class Meta:
        attrs = {"class": "striped stack"}
        empty_text = "Nobody has registered yet."
        orderable = False

    def __init__(self, *args, currency: str = "USD", **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.currency = currency

    def render_who(self, value, record):  # type: ignore[no-untyped-def]
        registration = record.registration
        partner = registration.partner
        names = registration.player.name + (f" & {partner.name}" if partner else "")
        url = reverse("money:registration_detail", args=[registration.pk])
        if registration.team_name:
            return format_html(
                '<a href="{}">{}</a><br><small>{}</small>', url, registration.team_name, names
            )
        return format_html('<a href="{}">{}</a>', url, names)

    def render_state(self, value, record):  # type: ignore[no-untyped-def]
        text = record.registration.get_state_display()
        if record.waitlist_number:
            text = f"{text} (number {record.waitlist_number})"
        return text

    def render_place(self, value):  # type: ignore[no-untyped-def]
        return value

    def render_fee(self, value):  # type: ignore[no-untyped-def]
        return cents_text(value, self.currency)

    def render_paid(self, value, record):  # type: ignore[no-untyped-def]
        return cents_text(value, self.currency)

    def render_answers(self, value):  # type: ignore[no-untyped-def]
        shown = [(q, a) for q, a in value if a]
        if not shown:
            return "—"
        return format_html_join(mark_safe("<br>"), "{}: {}", shown)
