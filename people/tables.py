"""django-tables2 tables for people's pages: a player's games, season and event statistics."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html

from people.models import GameLine
from wording.columns import WhenColumn

# The hand columns show from a tablet's width up (app.css "wide"); a phone keeps the name,
# games, W-L and the lone hands made, and never scrolls sideways.
WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}
DASH = "—"


def profile_link(player_id: int, name: str) -> str:
    return format_html('<a href="{}">{}</a>', reverse("people:profile", args=[player_id]), name)


class RateColumn(tables.Column):
    """A rate computed in the database: one decimal (or two), a dash when there is none."""

    def __init__(self, *args, places: int = 1, suffix: str = "", **kwargs) -> None:
        self.places, self.suffix = places, suffix
        kwargs.setdefault("default", DASH)
        super().__init__(*args, **kwargs)

    def render(self, value) -> str:
        return f"{value:.{self.places}f}{self.suffix}"


class StatisticsTable(tables.Table):
    """Rows are selectors.statistics.player_rows; every column sorts (`?sort=`)."""

    player = tables.Column(accessor="player__name", verbose_name="Player")
    games = tables.Column(verbose_name="Games")
    record = tables.Column(accessor="won", verbose_name="W-L", order_by=("won", "-lost"))
    hands = tables.Column(verbose_name="Hands", attrs=WIDE)
    trump_made = tables.Column(verbose_name="Trump made", attrs=WIDE)
    made_good_pct = RateColumn(verbose_name="Made good", suffix="%", attrs=WIDE)
    marches = tables.Column(verbose_name="Marches", attrs=WIDE)
    euchres_suffered = tables.Column(verbose_name="Euchred", attrs=WIDE)
    euchres_given = tables.Column(verbose_name="Euchres given", attrs=WIDE)
    lone_tried = tables.Column(verbose_name="Lone tried", attrs=WIDE)
    lone_made = tables.Column(verbose_name="Lone made")
    lone_marched = tables.Column(verbose_name="Lone marched", attrs=WIDE)
    points_per_hand = RateColumn(verbose_name="Points / hand", places=2, attrs=WIDE)
    reneges = tables.Column(verbose_name="Reneges", attrs=WIDE)

    class Meta:
        attrs = {"class": "striped stack", "id": "player-statistics"}
        empty_text = "No confirmed games yet."

    def render_player(self, value: str, record) -> str:
        return profile_link(record["player_id"], value)

    def render_record(self, record) -> str:
        tied = f"-{record['tied']}" if record["tied"] else ""
        return f"{record['won']}-{record['lost']}{tied}"


class PartnershipTable(StatisticsTable):
    """Rows are selectors.statistics.partnership_rows: the side's lone hands."""

    partner = tables.Column(accessor="partner__name", verbose_name="Partner")

    class Meta:
        attrs = {"class": "striped stack", "id": "partnership-statistics"}
        empty_text = "No partnerships yet."
        sequence = ("player", "partner", "...")

    def render_partner(self, value: str, record) -> str:
        return profile_link(record["partner_id"], value)


CSV_COLUMNS = (
    ("Games", "games"),
    ("Won", "won"),
    ("Lost", "lost"),
    ("Tied", "tied"),
    ("Hands", "hands"),
    ("Trump made", "trump_made"),
    ("Trump made good", "trump_made_good"),
    ("Marches", "marches"),
    ("Euchres suffered", "euchres_suffered"),
    ("Euchres given", "euchres_given"),
    ("Lone tried", "lone_tried"),
    ("Lone made", "lone_made"),
    ("Lone marched", "lone_marched"),
    ("Hand points", "hand_points"),
    ("Reneges", "reneges"),
)


class GamesTable(tables.Table):
    """A player's games, newest first (rows: selectors.profiles.recent_lines)."""

    played_at = WhenColumn(verbose_name="Date")
    where = tables.Column(empty_values=(), verbose_name="Where")
    partner = tables.Column(accessor="partner__name", verbose_name="Partner", default=DASH)
    result = tables.Column(verbose_name="Result")
    score = tables.Column(empty_values=(), verbose_name="Score")

    class Meta:
        attrs = {"class": "striped stack", "id": "recent-games"}
        empty_text = "No confirmed games yet."
        orderable = False

    def render_where(self, record: GameLine) -> str:
        if record.season_id:
            season = record.season
            return format_html(
                '<a href="{}">{} · {}</a>',
                season.get_absolute_url(),
                season.league.name,
                season.name,
            )
        if record.tournament_id:
            event = record.tournament
            return format_html(
                '<a href="{}">{}</a>', reverse("tournaments:detail", args=[event.slug]), event
            )
        return DASH

    def render_partner(self, value: str, record: GameLine) -> str:
        return profile_link(record.partner_id, value)

    def render_result(self, record: GameLine) -> str:
        return record.get_result_display()

    def render_score(self, record: GameLine) -> str:
        return f"{record.points_for}–{record.points_against}"
