from django import template

from money.amounts import cents_text

register = template.Library()


@register.filter
def cents(value: int | None, currency: str = "USD") -> str:
    """`{{ fee|cents:sign_up.currency }}` -> "$12.50"; empty for None."""
    return "" if value is None else cents_text(value, currency or "USD")


@register.filter
def cents_out(value: int | None, currency: str = "USD") -> str:
    """Money out, stored negative on a ledger line, read as the sum paid: -960 -> "$9.60"."""
    return "" if value is None else cents_text(abs(value), currency or "USD")
