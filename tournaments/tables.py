"""django-tables2 tables for the tournament list, entries and the leaderboard."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from tournaments.models import Tournament
from wording.columns import WhenColumn

# Tiebreaks and each round's points show from a tablet's width up (app.css): on a phone the
# leaderboard keeps place, player, points, rounds and prize, and never scrolls sideways.
WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}


def dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


class TournamentTable(tables.Table):
    name = tables.Column(linkify=lambda record: reverse("tournaments:detail", args=[record.slug]))
    date = WhenColumn()
    format = tables.Column()
    status = tables.Column()
    director = tables.Column(accessor="director__username", verbose_name="Director")

    class Meta:
        model = Tournament
        fields = ["name", "date", "format", "status", "director"]
        attrs = {"class": "striped stack"}
        empty_text = "No tournaments yet."
        orderable = False


class LeaderboardTable(tables.Table):
    """Rows are selectors.progressive.LeaderRow; the tiebreak columns follow the event's order."""

    place = tables.Column(accessor="standing__place", verbose_name="#")
    player = tables.Column(accessor="entry__player__name", verbose_name="Player")
    points = tables.Column(accessor="standing__points", verbose_name="Points")
    rounds = tables.Column(accessor="standing__rounds_played", verbose_name="Rounds")
    prize = tables.Column(accessor="prize_cents", verbose_name="Prize")

    class Meta:
        attrs = {"class": "striped leaderboard"}
        orderable = False
        empty_text = "No players seated yet."

    def render_place(self, value: int, record) -> str:
        return f"T{value}" if record.standing.tied else str(value)

    def render_prize(self, value: int) -> str:
        return dollars(value) if value else ""

    def render_player(self, value: str, record) -> str:
        # Each name leads to the person's profile (people:profile; the name always shows).
        url = reverse("people:profile", args=[record.entry.player_id])
        if record.entry.status == "withdrawn":
            return format_html(
                '<a href="{}">{}</a> <small class="muted">(withdrew)</small>', url, value
            )
        return format_html('<a href="{}">{}</a>', url, value)

    @classmethod
    def for_board(cls, board, limit: int | None = None, by_round: bool = False) -> LeaderboardTable:
        """The leaderboard; `by_round` adds each round's points (the details page)."""
        extra = [
            (key, tables.Column(accessor=f"standing__{key}", verbose_name=label, attrs=WIDE))
            for key, label in board.tiebreaks
        ]
        round_columns = [
            (
                f"round_{number}",
                tables.Column(accessor=f"rounds__{index}", verbose_name=f"R{number}", attrs=WIDE),
            )
            for index, number in enumerate(board.round_numbers if by_round else [])
        ]
        rows = board.rows[:limit] if limit else board.rows
        if board.flights and not board.flight:  # the whole field: say each one's flight
            extra.append(("flight", tables.Column(accessor="flight", verbose_name="Flight")))
        sequence = [
            "place",
            "player",
            *(["flight"] if board.flights and not board.flight else []),
            "points",
            *(key for key, _ in extra),
            "rounds",
            *(key for key, _ in round_columns),
            "prize",
        ]
        return cls(rows, extra_columns=extra + round_columns, sequence=sequence)
