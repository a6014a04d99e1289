"""Director forms: the event's setup, registration at the door, seeds."""

from typing import Any

from django import forms
from django.utils.text import slugify

from inputs.bounds import InputRules
from scoring.models import RuleSet
from tournaments.format_forms import (
    FORMAT_FIELDS,
    chosen_format,
    other_formats_fields,
    stage_formset,
)
from tournaments.leaderboard import METRICS
from tournaments.models import Tournament
from tournaments.models.event import ANNOUNCEMENT_MAX, SIT_OUT_POINTS_MAX
from tournaments.prize_forms import format_flights, format_prizes, parse_flights, parse_prizes

TIEBREAK_CHOICES = [("", "—"), *METRICS.items()]
# What a director may still change once the event has started (the rest shapes the draw);
# what a round sat out scores only changes how the leaderboard adds up.
EDITABLE_WHILE_RUNNING = (
    "name",
    "date",
    "start_time",
    "venue",
    "round_minutes",
    "sit_out_scoring",
    "sit_out_points",
)


class TournamentForm(InputRules, forms.ModelForm):
    prize_text = forms.CharField(
        label="Prizes (dollars, first place first)",
        required=False,
        max_length=1000,
        help_text="e.g. 100, 60, 40. Tied players' prizes are combined then split equally.",
    )
    flights_text = forms.CharField(
        label="Flights (one a line: name, size, prizes)",
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false"}),
        help_text="e.g. A: 8: 100, 60 — B: 8: 50, 30 — C: rest: 30. Sizes count entries, best "
        "first; the last flight takes the rest. Each flight's prizes replace the prizes above.",
    )
    tiebreak_1 = forms.ChoiceField(label="First tiebreak", choices=TIEBREAK_CHOICES, required=False)
    tiebreak_2 = forms.ChoiceField(
        label="Second tiebreak", choices=TIEBREAK_CHOICES, required=False
    )
    tiebreak_3 = forms.ChoiceField(label="Third tiebreak", choices=TIEBREAK_CHOICES, required=False)

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "start_time",
            "venue",
            "format",
            "rule_set",
            "rounds",
            "hands_per_round",
            "seed",
            "sit_out_rule",
            "sit_out_scoring",
            "sit_out_points",
            "round_minutes",
            "best_of",
            "consolation",
            "bracket_reset",
            "seeding",
            "flight_basis",
        ]
        labels = {
            "round_minutes": "Minutes per round (room clock)",
            "flight_basis": "Flights",
            "seeding": "Seeding",
        }
        help_texts = {
            "round_minutes": "Progressive: empty uses the games' time limit, if any; "
            "else the clock counts up."
        }
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "start_time": forms.TimeInput(attrs={"type": "time"}),
        }

    def __init__(
        self,
        *args: Any,
        fmt: str | None = None,
        reload: str = "",
        fields_url: str = "",
        **kwargs: Any,
    ) -> None:
        """``fmt``: the format to show (else the one sent, else the event's); ``reload``
        ("format" or "add_stage"): show what was sent again for another format or one more
        stage, unchecked; ``fields_url``: where the format select fetches its fields."""
        data = args[0] if args else kwargs.get("data")
        shown = data.get("fields_for") if data is not None else None
        if data is not None and shown and shown != data.get("format"):
            reload = "format"  # saved before the new format's settings were on the page
        self.notice = "Check this format's settings, then save." if reload == "format" else ""
        if reload and data is not None:
            initial = {key: data.get(key) for key in data}
            args, kwargs = (), {**kwargs, "data": None, "initial": initial}
        super().__init__(*args, **kwargs)
        self.fields["rule_set"].queryset = RuleSet.objects.all()
        self.fields["rule_set"].required = True
        self.fields["sit_out_points"].required = False
        self.fields["sit_out_scoring"].required = False  # left out: a round sat out scores 0
        self.fields["best_of"].widget = forms.Select(choices=[(n, n) for n in (1, 3, 5, 7)])
        self.fields["rounds"].widget.attrs.update(min=1, max=40)
        self.fields["hands_per_round"].widget.attrs.update(min=1, max=20)
        self.fields["flight_basis"].required = False
        self.fields["seeding"].required = False
        if self.instance.pk:
            self.fields["prize_text"].initial = format_prizes(self.instance.prizes)
            self.fields["flights_text"].initial = format_flights(self.instance.flights)
            for index, key in enumerate(self.instance.tiebreak_order[:3], start=1):
                self.fields[f"tiebreak_{index}"].initial = key
        else:
            for index, key in enumerate(Tournament().tiebreak_order[:3], start=1):
                self.fields[f"tiebreak_{index}"].initial = key
        started = bool(self.instance.pk) and self.instance.status != Tournament.Status.SETUP
        if started:
            # The format, rules and sizes shape what is already generated.
            for name in self.Meta.fields:
                if name not in EDITABLE_WHILE_RUNNING:
                    self.fields[name].disabled = True
            self.fields["flights_text"].disabled = True  # dealt at the start, kept
        # Only the chosen format's fields; a started event keeps its format.
        sent = fmt or (data.get("format") if data is not None else None)
        self.shown_format = chosen_format(
            self.instance.format if started else sent, self.instance.format
        )
        for name in other_formats_fields(self.shown_format):
            self.fields.pop(name, None)
        self.fields["format"].initial = self.shown_format
        if fields_url:
            self.fields["format"].widget.attrs.update(
                {
                    "data-hx-get": fields_url,
                    "data-hx-target": "#format-fields",
                    "data-hx-trigger": "change",
                }
            )
        self.stages_locked = started
        self.stages = None
        if self.shown_format == Tournament.Format.HEATS:
            self.stages = stage_formset(
                data,
                self.instance.stages,
                bound=self.is_bound and "stages-TOTAL_FORMS" in data,
                locked=started,
                add_row=reload == "add_stage",
            )

    def clean_rounds(self) -> int:
        rounds = self.cleaned_data["rounds"]
        if not 1 <= rounds <= 40:
            raise forms.ValidationError("Between 1 and 40 rounds.")
        return rounds

    def clean_hands_per_round(self) -> int:
        hands = self.cleaned_data["hands_per_round"]
        if not 1 <= hands <= 20:
            raise forms.ValidationError("Between 1 and 20 hands.")
        return hands

    def clean_round_minutes(self) -> int | None:
        minutes = self.cleaned_data.get("round_minutes")
        if minutes is not None and not 1 <= minutes <= 240:
            raise forms.ValidationError("Between 1 and 240 minutes, or empty.")
        return minutes

    def clean_sit_out_scoring(self) -> str:
        return self.cleaned_data.get("sit_out_scoring") or Tournament.SitOutScoring.NOTHING

    def clean_sit_out_points(self) -> int:
        points = self.cleaned_data.get("sit_out_points") or 0
        if not 0 <= points <= SIT_OUT_POINTS_MAX:
            raise forms.ValidationError(f"Between 0 and {SIT_OUT_POINTS_MAX} points.")
        return points

    def clean_prize_text(self) -> list[int]:
        return parse_prizes(self.cleaned_data.get("prize_text", ""))

    def clean_flights_text(self) -> list[dict]:
        if self.fields["flights_text"].disabled:
            return list(self.instance.flights)
        return parse_flights(self.cleaned_data.get("flights_text") or "")

    def clean_flight_basis(self) -> str:
        return self.cleaned_data.get("flight_basis") or Tournament.FlightBasis.NONE

    def clean_seeding(self) -> str:
        return self.cleaned_data.get("seeding") or Tournament.Seeding.REGISTRATION

    def clean(self) -> dict:
        data = super().clean()
        keys = [data.get(f"tiebreak_{i}") for i in (1, 2, 3)]
        keys = [key for key in keys if key]
        if len(set(keys)) != len(keys):
            self.add_error("tiebreak_2", "Each tiebreak may be chosen once.")
        data["tiebreak_keys"] = keys
        rule_set = data.get("rule_set")
        fmt = data.get("format")
        hands = data.get("hands_per_round")
        if rule_set and fmt == Tournament.Format.PROGRESSIVE:
            if rule_set.hands_per_game is None:
                self.add_error(
                    "rule_set",
                    f"{rule_set} plays to a target score; progressive rounds need a rule set "
                    "with a fixed number of hands (e.g. Progressive).",
                )
            elif hands and rule_set.hands_per_game != hands:
                self.add_error(
                    "hands_per_round",
                    f"{rule_set} plays {rule_set.hands_per_game} hands a game; "
                    "use that number or another rule set.",
                )
        team_formats = (
            Tournament.Format.PARTNER_BRACKET,
            Tournament.Format.DOUBLE_ELIMINATION,
            Tournament.Format.HEATS,
        )
        if rule_set and fmt in team_formats and rule_set.target_points is None:
            self.add_error(
                "rule_set",
                f"{rule_set} has no target score; a {Tournament.Format(fmt).label.lower()} "
                "needs games with a winner (e.g. Classic Tens or Cold Butt).",
            )
        fixed = Tournament.SitOutScoring.FIXED
        if data.get("sit_out_scoring") == fixed and not data.get("sit_out_points"):
            self.add_error("sit_out_points", "Give the points a round sat out scores (1 or more).")
        basis, flights = data.get("flight_basis"), data.get("flights_text")
        if basis and "flights_text" in data and not flights:
            self.add_error("flights_text", "Give the flights (two or more), or choose no flights.")
        elif flights and not basis:
            self.add_error("flight_basis", "Choose how entries are put into the flights.")
        self._clean_stages(rule_set)
        return data

    def _clean_stages(self, rule_set: Any) -> None:
        # Not sent (the format changed without its settings shown): the stored stages,
        # or Cold Butt's for a new event, stay.
        if self.stages is None or self.stages_locked or not self.stages.is_bound:
            return
        if not self.stages.is_valid():
            self.add_error(None, "Check the stages below.")
        elif rule_set and rule_set.target_points:
            target = rule_set.target_points
            if not self.stages.check_targets(target, rule_set):
                self.add_error(None, f"{rule_set} games end at {target}: so must every stage's.")

    def common_fields(self) -> list:
        """The fields every format shows (name, date, format, rule set, prizes...)."""
        format_fields = {name for names in FORMAT_FIELDS.values() for name in names}
        return [field for field in self if field.name not in format_fields]

    @property
    def format_label(self) -> str:
        return f"{Tournament.Format(self.shown_format).label}: settings"

    def format_fields(self) -> list:
        """The chosen format's own fields (the stage builder is `stages`)."""
        return [self[name] for name in FORMAT_FIELDS[self.shown_format] if name in self.fields]

    def save(self, commit: bool = True) -> Tournament:
        tournament = super().save(commit=False)
        tournament.prizes = self.cleaned_data["prize_text"]
        tournament.flights = self.cleaned_data["flights_text"] if tournament.flight_basis else []
        if "tiebreak_1" in self.fields:  # shown (progressive): what was chosen, maybe none
            tournament.tiebreaks = self.cleaned_data["tiebreak_keys"]
        if not tournament.is_heats:
            tournament.stages = []
        elif self.stages is not None and self.stages.is_bound and not self.stages_locked:
            tournament.stages = self.stages.stage_data
        if not tournament.slug:
            tournament.slug = unique_slug(tournament.name, tournament.date)
        if commit:
            tournament.save()
        return tournament


def unique_slug(name: str, date) -> str:
    base = slugify(f"{name} {date:%Y}")[:40] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


class EntryForm(InputRules, forms.Form):
    player_name = forms.CharField(label="Player", max_length=120)
    partner_name = forms.CharField(label="Partner", max_length=120, required=False)
    team_name = forms.CharField(label="Team name (optional)", max_length=120, required=False)


class SeedForm(InputRules, forms.Form):
    seed = forms.IntegerField(min_value=1, max_value=999, required=False)


class PasteForm(InputRules, forms.Form):
    text = forms.CharField(
        label="Players, one per line",
        max_length=50_000,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
        help_text="Name, then email and phone if you have them, separated by commas or tabs "
        "(cells copied from a spreadsheet work).",
    )
    check_in = forms.BooleanField(
        label="They are here: check them in too", required=False, initial=True
    )
    notify = forms.BooleanField(
        label="They agreed to get their seat each round and the results (email or text)",
        required=False,
    )


class SelfCheckInForm(InputRules, forms.Form):
    name = forms.CharField(label="Your name", max_length=120)
    notify = forms.BooleanField(
        label="Send me my seat each round and the final standings", required=False
    )
    email = forms.CharField(label="Email (optional)", max_length=254, required=False)
    phone = forms.CharField(
        label="Mobile number for texts (optional)", max_length=40, required=False
    )


class AnnouncementForm(InputRules, forms.Form):
    text = forms.CharField(
        label="Announcement for the room",
        max_length=ANNOUNCEMENT_MAX,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Shown on the room display; empty clears it.",
    )
