"""The ladder an event counts in, for the event's own pages (tournaments never import people:
their templates load this tag, and templates aren't import-linted)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from people.selectors.series import series_link_of

register = template.Library()


@register.simple_tag
def series_link(tournament) -> SafeString | str:  # type: ignore[no-untyped-def]
    """A link to the season ladder `tournament` counts in, or nothing."""
    link = series_link_of(tournament.pk) if getattr(tournament, "pk", None) else None
    if link is None:
        return ""
    url, name = link
    return format_html('<a href="{}" class="series-link">Season ladder: {}</a>', url, name)
