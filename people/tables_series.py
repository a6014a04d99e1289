"""The ladder as a django-tables2 table (sortable), and as CSV rows for the shared writer."""

from __future__ import annotations

from fractions import Fraction

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from people.selectors.series import Ladder, LadderLine

# Each event's points show from a tablet's width up (app.css): a phone keeps rank, player,
# total, events played and the qualified mark, and never scrolls sideways.
WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}
GLYPHS = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
}


def points_text(value: Fraction | int | None) -> str:
    """7 → "7", 15/2 → "7½", 1/3 → "⅓"; other fractions to two decimals ("2.17")."""
    if value is None:
        return ""
    value = Fraction(value)
    whole, part = divmod(value, 1)
    if part == 0:
        return str(whole)
    if part in GLYPHS:
        return f"{whole or ''}{GLYPHS[part]}"
    return f"{float(value):.2f}"


def points_number(value: Fraction | None) -> int | float | None:
    """For a spreadsheet: whole points as ints, shares to four decimals."""
    if value is None:
        return None
    return int(value) if value.denominator == 1 else round(float(value), 4)


class LadderTable(tables.Table):
    rank = tables.Column(accessor="rank_key", verbose_name="#")
    player = tables.Column(accessor="name", verbose_name="Player")
    total = tables.Column(accessor="row__total", verbose_name="Points")
    events = tables.Column(accessor="row__events", verbose_name="Events")
    qualified = tables.Column(accessor="row__qualified", verbose_name="Qualified")

    class Meta:
        attrs = {"class": "striped leaderboard", "id": "ladder"}
        empty_text = "No player has a place yet."

    def render_rank(self, record: LadderLine) -> str:
        return "" if record.row.rank is None else str(record.row.rank)

    def render_player(self, record: LadderLine) -> str:
        if record.href:
            return format_html('<a href="{}">{}</a>', record.href, record.player.name)
        return record.player.name

    def render_total(self, value: Fraction) -> str:
        return points_text(value)

    def render_qualified(self, value: bool) -> str:
        return mark_safe('<span title="Qualified">✔</span>') if value else "—"  # noqa: S308

    @classmethod
    def for_ladder(cls, ladder: Ladder) -> LadderTable:
        """One column per finished event: its points, the counted ones in bold."""
        extra = [
            (
                f"event_{index}",
                EventColumn(index, verbose_name=event.name, orderable=False, attrs=WIDE),
            )
            for index, event in enumerate(ladder.events)
        ]
        return cls(ladder.lines, extra_columns=extra)


# The columns an address may sort by (the events' own aren't sortable).
LADDER_SORTS = frozenset(LadderTable.base_columns)


class EventColumn(tables.Column):
    def __init__(self, index: int, **kwargs) -> None:  # type: ignore[no-untyped-def]
        self.index = index
        super().__init__(accessor="cells", empty_values=(), **kwargs)

    def render(self, value, record: LadderLine) -> str:  # type: ignore[no-untyped-def]
        cell = record.cells[self.index]
        if cell.points is None:
            return ""
        text = points_text(cell.points)
        if cell.counted:
            return format_html('<strong title="Counted">{}</strong>', text)
        return format_html('<span class="muted" title="Not counted">{}</span>', text)


def ladder_csv_rows(ladder: Ladder) -> tuple[list[str], list[list[object]]]:
    header = ["rank", "player", "player_id", "points", "events", "qualified"]
    header += [f"{event.name} ({event.date.isoformat()})" for event in ladder.events]
    rows = [
        [
            line.row.rank,
            line.player.name,
            line.player.pk,
            points_number(line.row.total),
            line.row.events,
            "yes" if line.row.qualified else "no",
            *(points_number(cell.points) for cell in line.cells),
        ]
        for line in ladder.lines
    ]
    return header, rows
