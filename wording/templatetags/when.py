"""Template filters for dates and times, built into every template (settings.TEMPLATES):
`{{ fixture.date|day }}` → "Tue 8 Dec", `{{ starts_at|clock }}` → "7:33 PM",
`{{ version.submitted_at|when }}` → "Tue 8 Dec, 7:33 PM". Machine formats for attributes
(`|date:"c"`, `|date:"Y-m-d"`) stay with Django's `date` filter."""

from django import template

from wording import when as _when

register = template.Library()


@register.filter
def day(value: _when.Value) -> str:
    return _when.day(value) if value not in ("", None) else ""


@register.filter
def clock(value: _when.Value) -> str:
    return _when.clock(value) if value not in ("", None) else ""


@register.filter
def when(value: _when.Value) -> str:
    return _when.when(value) if value not in ("", None) else ""
