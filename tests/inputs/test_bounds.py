"""The shared rules for what a person types: the date window, text, clamped moments."""

import datetime
import zoneinfo

import pytest
from django import forms
from django.core.exceptions import ValidationError

from inputs import bounds

TODAY = datetime.date(2026, 5, 12)
NEW_YORK = zoneinfo.ZoneInfo("America/New_York")


def test_the_window_runs_from_2000_to_ten_years_from_today():
    assert bounds.window(TODAY) == (datetime.date(2000, 1, 1), datetime.date(2036, 5, 12))
    assert bounds.window_message(TODAY) == (
        "Pick a date between Sat 1 Jan 2000 and Mon 12 May 2036."
    )


def test_ten_years_from_a_29th_of_february_is_the_28th():
    assert bounds.latest(datetime.date(2028, 2, 29)) == datetime.date(2038, 2, 28)


@pytest.mark.parametrize(
    "day", [datetime.date(1999, 12, 31), datetime.date(9999, 12, 31), datetime.date(1, 1, 1)]
)
def test_a_date_outside_the_window_is_refused_with_the_window(day):
    with pytest.raises(ValidationError, match="Pick a date between Sat 1 Jan 2000 and"):
        bounds.date_check(day)


def test_a_refusal_can_name_the_field_it_belongs_to():
    with pytest.raises(ValidationError) as refused:
        bounds.date_check(datetime.date(9999, 12, 28), field="starts_on")
    assert list(refused.value.message_dict) == ["starts_on"]


def test_dates_inside_the_window_pass_as_they_are():
    assert bounds.date_check(datetime.date(2000, 1, 1)) == datetime.date(2000, 1, 1)
    assert bounds.date_check(bounds.latest()) == bounds.latest()


def test_later_stops_at_the_last_moment_instead_of_overflowing():
    start = datetime.datetime(9999, 12, 31, 23, 30, tzinfo=NEW_YORK)
    end = bounds.later(start, datetime.timedelta(hours=2))
    assert end == datetime.datetime.max.replace(tzinfo=NEW_YORK) and end > start
    usual = datetime.datetime(2030, 1, 1, 19, tzinfo=NEW_YORK)
    assert bounds.later(usual, datetime.timedelta(hours=2)) == usual.replace(hour=21)


def test_text_loses_its_outer_spaces_and_keeps_the_rest_as_typed():
    assert bounds.text_clean("  Jack  of Clubs ", label="the name", limit=20) == "Jack  of Clubs"
    assert bounds.text_clean("", label="the note", limit=20) == ""


def test_collapsed_text_turns_runs_of_spaces_tabs_and_breaks_into_one_space():
    text = "  Jack \t of \n Clubs "
    assert bounds.text_clean(text, label="the name", limit=20, collapse=True) == "Jack of Clubs"
    with pytest.raises(ValidationError, match="The name has characters that can't be shown"):
        bounds.text_clean(text, label="the name", limit=20)


def test_text_of_several_lines_keeps_its_line_breaks():
    text = " First line\r\n\tsecond line "
    assert bounds.text_clean(text, label="the reason", limit=50, lines=True) == text.strip()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Give the team a name."),
        ("x" * 121, r"Keep the team's name to 120 characters \(it has 121\)."),
        ("Nul\x00Team", "The team's name has characters that can't be shown"),
        ("Bell\x07Team", "The team's name has characters that can't be shown"),
        ("Esc\x1b[31mTeam", "The team's name has characters that can't be shown"),
        ("Del\x7fTeam", "The team's name has characters that can't be shown"),
        ("Flip\u202eTeam", "The team's name has characters that can't be shown"),
        ("Half\ud800Pair", "The team's name has characters that can't be shown"),
    ],
)
def test_text_that_is_empty_too_long_or_has_control_characters_is_refused(text, message):
    with pytest.raises(ValidationError, match=message):
        bounds.text_clean(text, label="the team's name", limit=120, empty="Give the team a name.")


def test_line_breaks_and_tabs_are_kept_only_in_text_of_several_lines():
    assert bounds.bad_character("two\x00lines", lines=True) == "\x00"
    assert bounds.bad_character("two\nlines", lines=True) is None
    assert bounds.bad_character("two\nlines") == "\n"


def test_emoji_with_joiners_and_accents_are_fine():
    name = "Équipe 👨\u200d👩\u200d👧 Ñandú"
    assert bounds.text_clean(name, label="the name", limit=120) == name


class _Form(bounds.InputRules, forms.Form):
    name = forms.CharField(max_length=20)
    reason = forms.CharField(widget=forms.Textarea, max_length=200)
    day = forms.DateField()
    password = forms.CharField(widget=forms.PasswordInput)

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.fields["later_day"] = forms.DateField(required=False)


def test_a_form_with_the_rules_refuses_control_characters_and_far_dates():
    form = _Form(
        {
            "name": "Bad\x1bName",
            "reason": "Line one\nline two",
            "day": "9999-12-31",
            "password": "p\x1bss",
            "later_day": "1999-01-01",
        }
    )
    assert not form.is_valid()
    assert "can't be shown" in form.errors["name"][0]
    assert form.errors["day"] == [bounds.window_message()]
    assert form.errors["later_day"] == [bounds.window_message()]
    assert "reason" not in form.errors and "password" not in form.errors


def test_a_form_with_the_rules_tells_the_date_picker_the_window():
    html = str(_Form()["day"])
    first, last = bounds.window()
    assert f'min="{first.isoformat()}"' in html and f'max="{last.isoformat()}"' in html


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("0", 0),
        ("42", 42),
        (" 7 ", 7),
        ("9" * 18, int("9" * 18)),
        ("9" * 19, None),  # past what a row id can be
        ("²", None),  # isdigit() says yes, int() refuses it
        ("1²", None),
        ("١٢", None),  # int() would read 12
        ("1_000", None),
        ("+1", None),
        ("-1", None),
        ("1.0", None),
        ("\x00", None),
        ("1\x00", None),
        ("", None),
        (None, None),
        (["1"], None),
        (3, None),  # only text is typed
    ],
)
def test_a_typed_number_is_plain_ascii_digits_or_nothing(typed, number):
    assert bounds.typed_number(typed) == number


def test_a_typed_number_keeps_to_the_digits_asked():
    assert bounds.typed_number("12345", digits=4) is None
    assert bounds.typed_number("1234", digits=4) == 1234


def test_text_from_outside_loses_its_nul_bytes_only():
    assert bounds.without_nul("YES\x00 12\x0034") == "YES 1234"
    assert bounds.without_nul(None) == ""
    assert bounds.without_nul("Zoë\ttab") == "Zoë\ttab"
