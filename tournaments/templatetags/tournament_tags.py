from django import template

from tournaments.tables import dollars as _dollars

register = template.Library()


@register.filter
def dollars(cents: int) -> str:
    """4050 -> "$40.50"."""
    return _dollars(int(cents))
