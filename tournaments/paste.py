"""A registration list pasted at the door: one person per line, name first, then an
optional email address and phone number.

Pure: no Django. Fields are separated by tabs (a spreadsheet's copied cells) or commas;
double quotes keep a comma inside a name ("Smith, Dana"). Blank lines are skipped, and so
is a first line that only names the columns ("name, email, phone"). A field's shape says
what it is: one with an @ is the email, one with digits the phone, in either order. The
values themselves (length, characters, a real address or number) are the service's to
check, with the rules every form uses.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass

LINES_MAX = 500
HEADER_WORDS = frozenset({"name", "player", "email", "e-mail", "phone", "mobile", "cell"})


@dataclass(frozen=True)
class PastedLine:
    number: int  # the line's number in the pasted text, 1 first
    name: str
    email: str = ""
    phone: str = ""


@dataclass(frozen=True)
class LineError:
    number: int  # 0: the paste as a whole
    message: str

    def __str__(self) -> str:
        return f"Line {self.number}: {self.message}" if self.number else self.message


def _fields(text: str) -> list[str]:
    delimiter = "\t" if "\t" in text else ","
    try:
        row = next(csv.reader([text], delimiter=delimiter, skipinitialspace=True), [])
    except csv.Error:  # a stray quote: read the line plainly
        row = text.split(delimiter)
    return [field.strip() for field in row]


def _is_header(fields: list[str]) -> bool:
    words = {field.casefold() for field in fields if field}
    return bool(words) and words <= HEADER_WORDS


def _looks_like_phone(field: str) -> bool:
    digits = sum(ch.isdigit() for ch in field)
    return digits >= 3 and all(ch.isdigit() or ch in " +-().x/" for ch in field)


def _read(number: int, fields: list[str]) -> PastedLine | LineError:
    name, *rest = fields
    if not name:
        return LineError(number, "start the line with the player's name.")
    if "@" in name:
        return LineError(number, "start the line with the player's name, then the email.")
    email = phone = ""
    for field in (f for f in rest if f):
        if "@" in field:
            if email:
                return LineError(number, "give one email address per person.")
            email = field
        elif _looks_like_phone(field):
            if phone:
                return LineError(number, "give one phone number per person.")
            phone = field
        else:
            return LineError(
                number, f"“{field[:40]}” is neither an email address nor a phone number."
            )
    return PastedLine(number, name, email, phone)


def paste_read(text: str) -> tuple[list[PastedLine], list[LineError]]:
    """The people on each line, and what is wrong with the lines that can't be read."""
    raw = text.splitlines()
    filled = [(n, line) for n, line in enumerate(raw, start=1) if line.strip()]
    if not filled:
        return [], [LineError(0, "Paste one player per line: name, then email and phone.")]
    if len(filled) > LINES_MAX:
        return [], [LineError(0, f"Paste at most {LINES_MAX} players at a time.")]
    people: list[PastedLine] = []
    errors: list[LineError] = []
    for index, (number, line) in enumerate(filled):
        fields = _fields(line)
        if index == 0 and _is_header(fields):
            continue
        read = _read(number, fields)
        (errors if isinstance(read, LineError) else people).append(read)
    return people, errors
