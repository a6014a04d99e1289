"""Forms for league pages: parsing only; the services decide what is allowed.

Every form mixes in `InputRules`: dates keep to the window and text has no control
characters (see inputs.bounds); lengths are the model's.
"""

import csv
import io

from django import forms

from inputs.bounds import InputRules
from league.seasons import csv_decoding
from league.seasons.models import Fixture, Player, RosterEntry, Season, SeasonDate, Table, Team
from league.seasons.models.season import PRIMARY_METRICS, TIEBREAK_METRICS
from league.seasons.services.seasons import DESCRIPTION_MAX

EMAIL_MAX = Player._meta.get_field("email").max_length

DATE = forms.DateInput(attrs={"type": "date"})
TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")


class LeagueForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120)
    description = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), required=False, max_length=DESCRIPTION_MAX
    )


class SeasonCreateForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120, help_text="e.g. Fall 2026")
    starts_on = forms.DateField(label="First league night", widget=DATE)
    start_time = forms.TimeField(label="Start time", widget=TIME, initial="19:00")
    weeks = forms.IntegerField(label="Regular-season weeks", min_value=1, max_value=60, initial=10)
    skill_levels = forms.CharField(
        required=False,
        max_length=400,
        initial="A, B",
        help_text="Comma-separated, e.g. A, B (each at most 40 characters).",
    )
    copy_from = forms.ModelChoiceField(
        queryset=Season.objects.none(),
        required=False,
        label="Copy teams, rosters and levels from",
        empty_label="Start empty",
    )

    def __init__(self, *args, league, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["copy_from"].queryset = league.seasons.all()

    def level_names(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data["skill_levels"].split(",") if n.strip()]


class SeasonSettingsForm(InputRules, forms.ModelForm):
    standings = forms.CharField(
        label="Standings order",
        max_length=400,
        help_text=(
            f"Primary metric ({' or '.join(PRIMARY_METRICS)}) then tiebreaks, comma-separated, "
            f"from: {', '.join(TIEBREAK_METRICS)}."
        ),
    )

    class Meta:
        model = Season
        fields = [
            "name",
            "starts_on",
            "start_time",
            "weeks",
            "rule_set",
            "games_per_fixture",
            "min_roster",
            "playoff_teams_per_bracket",
            "playoff_grouping",
            "playoff_seeding",
            "playoff_best_of",
            "playoff_weeks",
            "forfeit_game1_minutes",
            "forfeit_game2_minutes",
            "forfeit_all_minutes",
            "forfeit_winner_score",
            "forfeit_loser_score",
            "forfeit_offenses_playoff_review",
            "forfeit_offenses_removal",
            "results_grace_hours",
            "subs_in_regular_season",
            "playoff_subs",
            "sub_limit_per_team",
            "makeups_count_in_standings",
            "waiver_text",
            "waiver_version",
        ]
        widgets = {"starts_on": DATE, "start_time": TIME}
        # Said as a person would: Django's labels from these field names read "game1".
        labels = {
            "playoff_best_of": "Playoff series: best of",
            "forfeit_game1_minutes": "Minutes late before game 1 is forfeited",
            "forfeit_game2_minutes": "Minutes late before game 2 is forfeited too",
            "forfeit_all_minutes": "Minutes late before every game is forfeited",
            "forfeit_winner_score": "A forfeited game's score: the winner",
            "forfeit_loser_score": "A forfeited game's score: the loser",
            "subs_in_regular_season": "Subs in the regular season",
        }

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["standings"].initial = ", ".join(self.instance.standings_order)

    def clean_standings(self) -> list[str]:
        return [m.strip() for m in self.cleaned_data["standings"].split(",") if m.strip()]

    def changes(self) -> dict:
        data = {name: self.cleaned_data[name] for name in self.Meta.fields}
        data["standings_order"] = self.cleaned_data["standings"]
        return data


class SkillLevelForm(InputRules, forms.Form):
    name = forms.CharField(max_length=40, label="Skill level")


class VenueForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120, label="Venue")
    address = forms.CharField(max_length=200, required=False)
    tables = forms.IntegerField(min_value=1, max_value=200, initial=8, label="Number of tables")


class SeasonDateForm(InputRules, forms.Form):
    date = forms.DateField(widget=DATE)
    kind = forms.ChoiceField(choices=SeasonDate.Kind.choices)
    note = forms.CharField(max_length=120, required=False)


class ImportForm(InputRules, forms.Form):
    """A CSV file, or the same rows pasted from a spreadsheet (comma- or tab-separated)."""

    file = forms.FileField(
        label="CSV file",
        required=False,
        help_text=f"Columns: team, skill_level, player_name, email, phone, role. At most "
        f"{csv_decoding.MAX_LABEL}: UTF-8, UTF-16 or Windows-1252.",
    )
    pasted = forms.CharField(
        label="Or paste the rows",
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text="Copied from a spreadsheet, with the header row first.",
    )

    def clean_file(self):  # type: ignore[no-untyped-def]
        """The file's text, decoded strictly: too large or unreadable is refused, never cut."""
        upload = self.cleaned_data["file"]
        if upload is None:
            return None
        if upload.size > csv_decoding.MAX_BYTES:
            raise forms.ValidationError(csv_decoding.too_large(upload.size).message)
        try:
            self.decoded = csv_decoding.decode_csv_bytes(upload.read(csv_decoding.MAX_BYTES + 1))
        except csv_decoding.UnreadableFile as exc:
            raise forms.ValidationError(exc.message) from None
        return upload

    def clean_pasted(self) -> str:
        pasted = self.cleaned_data["pasted"]
        if len(pasted.encode()) > csv_decoding.MAX_BYTES:
            raise forms.ValidationError(csv_decoding.too_large(len(pasted.encode())).message)
        return pasted

    def clean(self):  # type: ignore[no-untyped-def]
        data = super().clean()
        has_file, has_rows = bool(data.get("file")), bool((data.get("pasted") or "").strip())
        if self.errors:
            return data
        if has_file == has_rows:
            raise forms.ValidationError(
                "Upload a CSV file or paste the rows (one of the two)."
                if has_file
                else "Choose a CSV file or paste the rows."
            )
        if has_rows:
            self.decoded = csv_decoding.DecodedText(_tabs_to_commas(data["pasted"]), "")
        return data

    def text(self) -> str:
        return self.decoded.text

    def encoding(self) -> str:
        return self.decoded.encoding

    def source_name(self) -> str:
        upload = self.cleaned_data.get("file")
        return upload.name[:200] if upload else "The pasted list"


def _tabs_to_commas(text: str) -> str:
    """Rows pasted from a spreadsheet come tab-separated: write them as CSV."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n").split("\n")
    if not any("\t" in line for line in lines):
        return "\n".join(lines) + "\n"
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    for line in lines:
        writer.writerow(cell.strip() for cell in line.split("\t"))
    return buffer.getvalue()


class TeamForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120)
    skill_level = forms.ModelChoiceField(queryset=None, required=False)
    captain_name = forms.CharField(max_length=120, required=False, label="Captain's full name")
    captain_contact = forms.CharField(
        max_length=254,
        required=False,
        label="Captain's email or mobile",
        help_text="They get an invitation to log in, confirm cards and sign the waiver.",
    )

    def __init__(self, *args, season, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["skill_level"].queryset = season.skill_levels.all()


class RosterAddForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120, label="Full name")
    email = forms.EmailField(required=False, max_length=EMAIL_MAX)
    phone = forms.CharField(max_length=32, required=False)
    role = forms.ChoiceField(
        choices=[(RosterEntry.Role.PLAYER, "Player"), (RosterEntry.Role.CAPTAIN, "Captain")]
    )
    invite = forms.BooleanField(
        required=False,
        initial=True,
        label="Invite them to log in (by their email or mobile)",
    )


class SubForm(InputRules, forms.Form):
    fixture = forms.ModelChoiceField(queryset=Fixture.objects.none(), label="Fixture")
    name = forms.CharField(max_length=120, label="Sub's full name")
    email = forms.EmailField(required=False, max_length=EMAIL_MAX)
    phone = forms.CharField(max_length=32, required=False)

    def __init__(self, *args, fixtures, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["fixture"].queryset = fixtures


class WaiverSignForm(InputRules, forms.Form):
    typed_name = forms.CharField(max_length=120, label="Type your full name")
    agree = forms.BooleanField(required=False, label="I have read and agree to the waiver")


class PaperWaiverForm(InputRules, forms.Form):
    signed_on = forms.DateField(required=False, widget=DATE, label="Signed on")


class FixtureEditForm(InputRules, forms.Form):
    date = forms.DateField(widget=DATE)
    start_time = forms.TimeField(widget=TIME, required=False, help_text="Empty: season's time.")
    home = forms.ModelChoiceField(queryset=Team.objects.none())
    away = forms.ModelChoiceField(queryset=Team.objects.none(), required=False, empty_label="(bye)")
    table = forms.ModelChoiceField(queryset=Table.objects.none(), required=False)
    status = forms.ChoiceField(choices=Fixture.Status.choices)

    def __init__(self, *args, season, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        teams = season.teams.order_by("name")
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams
        self.fields["table"].queryset = Table.objects.filter(venue__seasons=season).select_related(
            "venue"
        )


class RescheduleForm(InputRules, forms.Form):
    proposed_date = forms.DateField(widget=DATE, label="Play on")
    proposed_time = forms.TimeField(widget=TIME, required=False, label="At (optional)")
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=1000)


class RespondForm(InputRules, forms.Form):
    note = forms.CharField(max_length=200, required=False)


class TeamRenameForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120, label="New name")


class TeamLevelForm(InputRules, forms.Form):
    skill_level = forms.ModelChoiceField(queryset=None, label="Skill level", empty_label=None)

    def __init__(self, *args, season, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["skill_level"].queryset = season.skill_levels.all()


class VenueEditForm(InputRules, forms.Form):
    name = forms.CharField(max_length=120, label="Venue")
    address = forms.CharField(max_length=200, required=False)
    tables = forms.IntegerField(min_value=1, max_value=200, label="Number of tables")
