"""The rules for what a person types: dates in a window, text bounded and without controls,
numbers in plain digits.

Forms mix in `InputRules` (every date field keeps to the window, every text field refuses
control characters); services, which imports and other callers reach without a form, ask
`date_check` and `text_clean` themselves. Pages that read a stored date add to it with
`later`, which never overflows.

The date window runs from 1 January 2000 to ten years from today: far enough back for any
league's history, far enough ahead for any season being planned, and well inside what
Python's dates, calendars and PostgreSQL can hold after a game's length or a grace period
is added.
"""

import datetime
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from wording.when import day

EARLIEST = datetime.date(2000, 1, 1)
YEARS_AHEAD = 10

# Format characters that reorder how the rest of a page reads (bidirectional embeddings,
# overrides and isolates); other format characters (joiners in emoji, soft hyphens) are fine.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Line breaks and tabs are welcome in text of several lines, nowhere else.
LINE_CHARACTERS = frozenset("\n\r\t")
CONTROL_MESSAGE = (
    "{label} has characters that can't be shown (control characters): type it without them."
)


# --- Dates ----------------------------------------------------------------------------------


def latest(today: datetime.date | None = None) -> datetime.date:
    """The last date a person may type: ten years from today (28 February for 29 February)."""
    today = today or timezone.localdate()
    try:
        return today.replace(year=today.year + YEARS_AHEAD)
    except ValueError:
        return today.replace(year=today.year + YEARS_AHEAD, day=28)


def window(today: datetime.date | None = None) -> tuple[datetime.date, datetime.date]:
    return EARLIEST, latest(today)


def window_message(today: datetime.date | None = None) -> str:
    first, last = window(today)
    return f"Pick a date between {day(first, today=today)} and {day(last, today=today)}."


def in_window(day: datetime.date, today: datetime.date | None = None) -> bool:
    first, last = window(today)
    return first <= day <= last


def date_check(day: datetime.date, *, field: str | None = None) -> datetime.date:
    """`day` when it is in the window; else a `ValidationError` saying which dates are."""
    if isinstance(day, datetime.datetime):
        day = timezone.localtime(day).date() if timezone.is_aware(day) else day.date()
    if not in_window(day):
        message = window_message()
        raise ValidationError({field: message} if field else message, code="date_window")
    return day


def date_in_window(value: datetime.date | datetime.datetime) -> None:
    """Form validator for date and date-time fields."""
    date_check(value)


# --- Moments read from stored dates ---------------------------------------------------------


def later(moment: datetime.datetime, delta: datetime.timedelta) -> datetime.datetime:
    """`moment + delta`, or the last representable moment when that is past the year 9999.

    For reads only: a date stored before the window existed (or written by an administrator)
    must still show on a page or in a calendar rather than break it.
    """
    try:
        return moment + delta
    except OverflowError:
        return datetime.datetime.max.replace(tzinfo=moment.tzinfo)


# --- Text -----------------------------------------------------------------------------------


def bad_character(text: str, *, lines: bool = False) -> str | None:
    """The first character that may not be kept in `text`, or None.

    Refused: control characters (NUL, escape, delete …; line breaks and tabs too unless the
    text has several `lines`), halves of surrogate pairs (not storable as UTF-8) and the
    bidirectional overrides that make a name read differently from what it is.
    """
    for char in text:
        if lines and char in LINE_CHARACTERS:
            continue
        if char in BIDI_CONTROLS or unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            return char
    return None


def text_clean(
    text: Any,
    *,
    label: str,
    limit: int,
    empty: str | None = None,
    lines: bool = False,
    collapse: bool = False,
) -> str:
    """Text as a person typed it, ready to store, or a `ValidationError` saying what's wrong.

    The outer spaces go; the rest is kept as typed (`collapse`: runs of spaces, tabs and
    line breaks become one space). One line (a name, a phone number, a note) takes no line
    breaks or tabs; several `lines` (a reason, a description) do. `label` names the text in
    messages ("the team's name"); `empty` is the message when the text is required.
    """
    text = "" if text is None else str(text)
    text = " ".join(text.split()) if collapse else text.strip()
    if not text:
        if empty:
            raise ValidationError(empty, code="required")
        return text
    if len(text) > limit:
        raise ValidationError(
            f"Keep {label} to {limit} characters (it has {len(text)}).", code="max_length"
        )
    if bad_character(text, lines=lines) is not None:
        raise ValidationError(CONTROL_MESSAGE.format(label=_capital(label)), code="control")
    return text


def _capital(label: str) -> str:
    return label[:1].upper() + label[1:]


def refuse_control_characters(value: str) -> None:
    """Form validator for one-line text fields."""
    if bad_character(str(value)) is not None:
        raise ValidationError(CONTROL_MESSAGE.format(label="This"), code="control")


def refuse_control_characters_in_lines(value: str) -> None:
    """Form validator for text fields of several lines (line breaks and tabs allowed)."""
    if bad_character(str(value), lines=True) is not None:
        raise ValidationError(CONTROL_MESSAGE.format(label="This"), code="control")


# --- Numbers -------------------------------------------------------------------------------

# Row ids and page numbers in a form or an address: 18 digits fit a signed 64-bit integer.
NUMBER_DIGITS = 18


def typed_number(raw: Any, *, digits: int = NUMBER_DIGITS) -> int | None:
    """A whole number typed as plain ASCII digits (at most `digits` of them), or None.

    `str.isdigit` also takes "²" and other digits that `int` refuses, and `int` takes "١٢",
    "1_000", "+1" and "-0": an id or a page number from a form or an address is a number
    only when it is written 0-9. Anything else (None, a list, NUL bytes) is None.
    """
    text = raw.strip() if isinstance(raw, str) else ""
    if not text or len(text) > digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


def without_nul(text: Any) -> str:
    """`text` without NUL bytes, which PostgreSQL can't store in text.

    For text that arrives from outside and is kept as sent (a provider's webhook), not
    refused: what a person types in a form is refused with `text_clean`'s message instead.
    """
    return ("" if text is None else str(text)).replace("\x00", "")


# --- Forms ----------------------------------------------------------------------------------

_TEXT_VALIDATORS = (refuse_control_characters, refuse_control_characters_in_lines)


def apply_rules(fields: dict[str, forms.Field]) -> None:
    """Give every date field the window and every text field the character rule (once)."""
    first, last = window()
    for field in fields.values():
        if isinstance(field, forms.DateField | forms.DateTimeField):
            if date_in_window not in field.validators:
                field.validators.append(date_in_window)
            if isinstance(field, forms.DateField):
                field.widget.attrs.setdefault("min", first.isoformat())
                field.widget.attrs.setdefault("max", last.isoformat())
        elif isinstance(field, forms.CharField) and not isinstance(
            field.widget, forms.PasswordInput
        ):
            if any(v in field.validators for v in _TEXT_VALIDATORS):
                continue
            several = isinstance(field.widget, forms.Textarea)
            field.validators.append(_TEXT_VALIDATORS[several])


class InputRules:
    """Mix into a form, before `forms.Form`: the date window and the character rule apply.

    Fields a form adds after its own `__init__` get the rules when it is cleaned.
    """

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        apply_rules(self.fields)

    def full_clean(self) -> None:
        apply_rules(self.fields)
        super().full_clean()  # type: ignore[misc]
