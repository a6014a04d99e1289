"""The ledger's lines as a django-tables2 table: each row a small card on a phone (the
stacked template), every line with the balance after it. Rows are `selectors.Line`."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from money.amounts import cents_text
from money.ledger.selectors import Line
from wording.when import when

LEAD = {"td": {"class": "lead"}}
NUM = {"td": {"class": "num"}, "th": {"class": "num"}}


class LinesTable(tables.Table):
    number = tables.Column(accessor="entry__pk", verbose_name="#", attrs=LEAD)
    what = tables.Column(accessor="entry__kind", verbose_name="What")
    amount = tables.Column(accessor="entry__amount_cents", verbose_name="Amount", attrs=NUM)
    balance = tables.Column(verbose_name="Balance", attrs=NUM)
    at = tables.Column(accessor="entry__at", verbose_name="When")
    how = tables.Column(accessor="entry__method", verbose_name="How")
    by = tables.Column(accessor="entry__by", verbose_name="By", default="—")
    correct = tables.Column(accessor="entry__pk", verbose_name="", empty_values=())

    class Meta:
        attrs = {"class": "striped stack", "id": "ledger-lines"}
        row_attrs = {"id": lambda record: f"line-{record.entry.pk}"}
        orderable = False
        empty_text = "No lines yet."

    def __init__(self, lines: list[Line], *, ledger, **kwargs) -> None:
        self.ledger = ledger
        super().__init__(lines, **kwargs)

    def _cents(self, value: int) -> str:
        return cents_text(value, self.ledger.currency)

    def render_number(self, value: int) -> str:
        return f"Line {value}"

    def render_what(self, record: Line) -> str:
        e = record.entry
        parts = [format_html("{}", e.get_kind_display())]
        if e.pot is not None:
            parts.append(format_html(" · {}", e.pot.name))
        if e.corrects_id is not None:
            parts.append(format_html(' of <a href="#line-{0}">line {0}</a>', e.corrects_id))
        if record.after_closing:
            parts.append(format_html(' <span class="badge">after closing</span>'))
        if e.party:
            parts.append(format_html("<br>{}", e.party))
        if e.note:
            parts.append(format_html('<br><small class="muted">{}</small>', e.note))
        return format_html_join("", "{}", ((p,) for p in parts))

    def render_amount(self, value: int) -> str:
        return self._cents(value)

    def render_balance(self, value: int) -> str:
        return self._cents(value)

    def render_at(self, value) -> str:
        return when(value)

    def render_how(self, record: Line) -> str:
        return record.entry.get_method_display()

    def render_by(self, value) -> str:
        return value.get_username()

    def render_correct(self, record: Line) -> str:
        if record.entry.kind == "correction":
            return ""
        url = reverse("money:ledger_correct", args=[self.ledger.pk, record.entry.pk])
        return format_html('<a href="{}">Correct</a>', url)
