"""The event itself and who entered it."""

import secrets

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

# Leaderboard tiebreaks a director may order (see tournaments.leaderboard.METRICS).
DEFAULT_TIEBREAKS = ["games_won", "lone_hands_made"]
ANNOUNCEMENT_MAX = 500
SIT_OUT_POINTS_MAX = 99
# Seat codes: letters and digits nobody misreads on a printed card (no O/0, I/1, S/5, B/8...).
SEAT_CODE_ALPHABET = "ACDEFGHJKLMNPQRTUVWXY34679"
SEAT_CODE_LENGTH = 4
FLIGHT_NAME_MAX = 12


def new_seat_code() -> str:
    """A short random code printed on an entry's seat cards (the paper card's initials)."""
    return "".join(secrets.choice(SEAT_CODE_ALPHABET) for _ in range(SEAT_CODE_LENGTH))


class Tournament(models.Model):
    class Format(models.TextChoices):
        PROGRESSIVE = "progressive", "Progressive (individual rotation)"
        PARTNER_BRACKET = "partner_bracket", "Partner bracket (single elimination)"
        DOUBLE_ELIMINATION = "double_elimination", "Double elimination (partners)"
        HEATS = "heats", "Heats (staged, Cold Butt style)"

    class Status(models.TextChoices):
        SETUP = "setup", "Registration and check-in"
        RUNNING = "running", "Under way"
        FINISHED = "finished", "Finished"

    class SitOutRule(models.TextChoices):
        SIT_OUT = "sit_out", "Extra players sit out a round"
        THREE_HANDED = "three_handed", "Extra players make a three-handed table"

    class SitOutScoring(models.TextChoices):
        """What a player scores for a round they sit out (tournaments.leaderboard)."""

        NOTHING = "nothing", "Nothing (0 points)"
        AVERAGE = "average", "The player's average per round played"
        FIXED = "fixed", "A fixed number of points"

    class FlightBasis(models.TextChoices):
        """How entries are put into flights (tournaments.flights); none: one prize list."""

        NONE = "", "No flights"
        RATING = "rating", "By rating before the event"
        LADDER = "ladder", "By season ladder position (then rating)"

    class Seeding(models.TextChoices):
        """How brackets are seeded and heats drawn."""

        REGISTRATION = "registration", "Director's seeds, then registration order"
        RATING = "rating", "By rating (highest first)"

    name = models.CharField(max_length=160)
    slug = models.SlugField(unique=True)
    date = models.DateField()
    venue = models.CharField(max_length=160, blank=True)
    start_time = models.TimeField(
        null=True, blank=True, help_text="When play starts (for the calendar); empty: all day."
    )
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="directed_tournaments",
    )
    format = models.CharField(max_length=20, choices=Format.choices, default=Format.PROGRESSIVE)
    rule_set = models.ForeignKey(
        "scoring.RuleSet",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournaments",
        help_text="Every game of the event is scored under this rule set.",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)

    # Progressive
    rounds = models.PositiveSmallIntegerField(default=8, help_text="Progressive: rounds played.")
    hands_per_round = models.PositiveSmallIntegerField(
        default=8, help_text="Progressive: hands in a round (each player deals twice in 8)."
    )
    seed = models.PositiveIntegerField(
        default=0, help_text="Progressive: the same seed gives the same rotation."
    )
    sit_out_rule = models.CharField(
        max_length=14, choices=SitOutRule.choices, default=SitOutRule.SIT_OUT
    )
    sit_out_scoring = models.CharField(
        "Score for a round sat out",
        max_length=8,
        choices=SitOutScoring.choices,
        default=SitOutScoring.NOTHING,
        help_text="Progressive: what a player who sits out a round scores for it.",
    )
    sit_out_points = models.PositiveSmallIntegerField(
        "Fixed points for a round sat out",
        default=0,
        help_text="Progressive: used when a round sat out scores a fixed number of points.",
    )
    # None: never chosen, the defaults apply; [] : the director cleared them all (no
    # tiebreaks, level players share the place).
    tiebreaks = models.JSONField(
        null=True,
        blank=True,
        default=None,
        help_text="Progressive: leaderboard tiebreaks, in order; empty: none, unset: the defaults.",
    )
    current_round = models.PositiveSmallIntegerField(default=0)

    # Partner bracket
    best_of = models.PositiveSmallIntegerField(
        default=1, help_text="Partner bracket: games in each series (1, 3, 5 or 7)."
    )
    consolation = models.BooleanField(
        default=False, help_text="Partner bracket: first-round losers play a consolation bracket."
    )
    bracket_reset = models.BooleanField(
        "Reset match",
        default=True,
        help_text="Double elimination: if the losers' bracket team wins the grand final, "
        "a deciding match is played (each team then has one loss).",
    )

    # Heats
    stages = models.JSONField(
        default=list, blank=True, help_text="Heats: the stages as data (see tournaments.heats)."
    )

    prizes = models.JSONField(
        default=list, blank=True, help_text="Prize for each place, in cents, first place first."
    )
    # Flights (tournaments.flights): [{"name": "A", "size": 8, "prizes": [cents…]}, …]; the
    # last flight takes the rest (its size is None).
    flight_basis = models.CharField(
        max_length=8, choices=FlightBasis.choices, default=FlightBasis.NONE, blank=True
    )
    flights = models.JSONField(
        default=list, blank=True, help_text="Flights in order, best first, each with its prizes."
    )
    seeding = models.CharField(
        max_length=12,
        choices=Seeding.choices,
        default=Seeding.REGISTRATION,
        help_text="Brackets and heats: how the teams are seeded.",
    )
    champion = models.ForeignKey(
        "tournaments.Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The door and the room (docs/tournaments.md).
    check_in_open = models.BooleanField(
        default=False, help_text="Players may check themselves in from the door's QR code."
    )
    announcement = models.TextField(
        max_length=ANNOUNCEMENT_MAX, blank=True, help_text="Shown on the room display."
    )
    round_minutes = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Progressive: the room clock's minutes per round; empty: the rule set's limit.",
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "name"]
        constraints = [
            # A second event with the same name on the same day is a double click.
            models.UniqueConstraint(
                Lower("name"),
                "date",
                name="tournament_name_once_a_day",
                violation_error_message="There is already an event with this name on that day.",
            ),
            models.CheckConstraint(
                condition=models.Q(best_of__in=[1, 3, 5, 7]), name="tournament_best_of_odd"
            ),
            models.CheckConstraint(
                condition=models.Q(rounds__gte=1, hands_per_round__gte=1),
                name="tournament_sizes_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(sit_out_points__lte=SIT_OUT_POINTS_MAX)
                & models.Q(sit_out_scoring__in=["nothing", "average", "fixed"]),
                name="tournament_sit_out_scoring_known",
            ),
            models.CheckConstraint(
                condition=models.Q(flight_basis__in=["", "rating", "ladder"])
                & models.Q(seeding__in=["registration", "rating"]),
                name="tournament_flights_seeding_known",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_progressive(self) -> bool:
        return self.format == self.Format.PROGRESSIVE

    @property
    def is_bracket(self) -> bool:
        """Single or double elimination: both are played as bracket matches."""
        return self.format in (self.Format.PARTNER_BRACKET, self.Format.DOUBLE_ELIMINATION)

    @property
    def is_double_elimination(self) -> bool:
        return self.format == self.Format.DOUBLE_ELIMINATION

    @property
    def is_heats(self) -> bool:
        return self.format == self.Format.HEATS

    @property
    def team_event(self) -> bool:
        """Brackets and heats enter partnerships; progressive enters single players."""
        return not self.is_progressive

    @property
    def has_flights(self) -> bool:
        return bool(self.flight_basis) and bool(self.flights)

    @property
    def flight_names(self) -> list[str]:
        return [str(f.get("name", "")) for f in self.flights] if self.has_flights else []

    @property
    def tiebreak_order(self) -> list[str]:
        """The director's order; none at all when they cleared every one; the defaults
        when the event never had a choice made."""
        return list(DEFAULT_TIEBREAKS) if self.tiebreaks is None else list(self.tiebreaks)


class Entry(models.Model):
    """A player (progressive) or a partnership of two (brackets, heats)."""

    class Status(models.TextChoices):
        REGISTERED = "registered", "Registered"
        CHECKED_IN = "checked_in", "Checked in"
        NO_SHOW = "no_show", "No-show"
        WITHDRAWN = "withdrawn", "Withdrawn"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField(help_text="Registration order, 1 first.")
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    partner = models.ForeignKey(
        "league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    team_name = models.CharField(max_length=120, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    seed = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Bracket seed, 1 best; unseeded entries follow by number."
    )
    late = models.BooleanField(default=False, help_text="Arrived after the start.")
    # Set when flights are assigned (the start, or the director's "Assign flights now"); the
    # rating is the snapshot then (a pair's mean), so later games never move an entry.
    flight = models.CharField(max_length=FLIGHT_NAME_MAX, blank=True)
    rating_before = models.IntegerField(null=True, blank=True)
    first_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Progressive: the first round this entry plays."
    )
    last_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Progressive: the last round played before withdrawing."
    )
    # Contact for this event's notices (seats, results), given at the door; opt-in per entry.
    email = models.EmailField(blank=True)
    phone = models.CharField(max_length=32, blank=True)
    notify = models.BooleanField(
        default=False, help_text="Send this entry its seat each round and the final standings."
    )
    # Typed by this entry's players on the opposing side's phone to confirm its card.
    seat_code = models.CharField(max_length=8, default=new_seat_code, editable=False)
    registered_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_once"),
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_player_once"),
            models.UniqueConstraint(
                fields=["tournament", "partner"],
                condition=models.Q(partner__isnull=False),
                name="entry_partner_once",
            ),
            models.CheckConstraint(
                condition=~models.Q(partner=models.F("player")), name="entry_partner_not_self"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        if self.team_name:
            return self.team_name
        if self.partner_id:
            return f"{self.player.name} & {self.partner.name}"
        return self.player.name

    @property
    def members(self) -> str:
        if self.partner_id:
            return f"{self.player.name} & {self.partner.name}"
        return self.player.name

    @property
    def is_active(self) -> bool:
        """Still playing: not withdrawn and not a no-show."""
        return self.status in (self.Status.REGISTERED, self.Status.CHECKED_IN)

    @property
    def withdrawal_undoable(self) -> bool:
        """Withdrawn from a progressive under way, and no round has opened since: undoing it
        seats them again in the rounds not yet started."""
        tournament = self.tournament
        return (
            self.status == self.Status.WITHDRAWN
            and tournament.is_progressive
            and tournament.status == Tournament.Status.RUNNING
            and self.last_round == tournament.current_round
        )
