"""A rating history as a small inline SVG line, drawn on the server (no script, no library).

The line scales to the box (`viewBox`, `preserveAspectRatio="none"`), takes its colour from
the text around it (`currentColor`) and carries its own description for screen readers.
"""

from django import template
from django.utils.html import format_html

register = template.Library()

WIDTH, HEIGHT, PAD = 300, 80, 4


def chart_coordinates(values: list[int]) -> str:
    """The polyline's points: x spread over the width, y from the lowest to the highest value."""
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1
    step = (WIDTH - 2 * PAD) / max(len(values) - 1, 1)
    usable = HEIGHT - 2 * PAD
    points = []
    for index, value in enumerate(values):
        x = PAD + index * step
        y = PAD + usable - (value - low) / span * usable if high != low else HEIGHT / 2
        points.append(f"{x:.1f},{y:.1f}")
    return " ".join(points)


@register.simple_tag
def rating_chart(values: list[int]) -> str:
    """The SVG, or nothing when there are fewer than two points to join."""
    if not values or len(values) < 2:
        return ""
    label = (
        f"Rating history: from {values[0]} to {values[-1]}, low {min(values)}, high {max(values)}"
    )
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {} {}" preserveAspectRatio="none" role="img" '
        'aria-label="{}" width="100%" height="{}"><title>{}</title>'
        '<polyline fill="none" stroke="currentColor" stroke-width="2" '
        'vector-effect="non-scaling-stroke" points="{}"/></svg>',
        WIDTH,
        HEIGHT,
        label,
        HEIGHT,
        label,
        chart_coordinates(values),
    )
