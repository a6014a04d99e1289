"""The ladder an event counts in, for the event's own pages (tournaments never import people:
their templates load this tag, and templates aren't import-linted)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from people.selectors.series import series_of_tournament

register = template.Library()


@register.simple_tag
def series_link(tournament) -> SafeString | str:  # type: ignore[no-untyped-def]
    """A link to the season ladder `tournament` counts in, or nothing."""
    series = series_of_tournament(tournament.pk) if tournament is not None else None
    if series is None:
        return ""
    return format_html(
        '<a href="{}" class="series-link">Season ladder: {}</a>',
        series.get_absolute_url(),
        series.name,
    )
