"""Template filters for wording, built into every template (settings.TEMPLATES):
`{{ fixture.home|possessive }} captain` → "Right Bowers' captain",
`{{ cards|length|counted:"card" }}` → "3 cards", `{{ cards|length|every:"card" }}` →
"both cards"."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from wording import words

register = template.Library()


@register.filter(needs_autoescape=True)
def possessive(name: object, autoescape: bool = True) -> str:
    """The name escaped as any name is; the apostrophe written as it is."""
    text = str(name)
    ending = words.possessive(text)[len(text) :]
    if not autoescape:
        return text + ending
    return mark_safe(f"{conditional_escape(text)}{ending}")  # noqa: S308  (the name is escaped)


@register.filter
def counted(count: int, noun: str) -> str:
    return words.plural(int(count or 0), noun)


@register.filter
def every(count: int, noun: str) -> str:
    return words.every(int(count or 0), noun)
