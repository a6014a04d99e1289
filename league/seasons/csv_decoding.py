"""An uploaded CSV file's bytes as text, or the reason (and the line) it can't be read.

Spreadsheets save CSV as UTF-8 (Excel's "CSV UTF-8" starts with a byte order mark),
UTF-16 ("Unicode text", with a mark), or in the computer's legacy code page: Windows-1252
on Windows, Mac Roman on older Macs. A byte order mark decides. Text that is valid UTF-8
is UTF-8. Text that is UTF-8 with a fault (cut inside a character, or a bad byte among
good UTF-8 characters) is refused with the line, never re-read as another encoding: that
would store the pieces of a character as letters or control characters. Only a file with
no UTF-8 in it is read as a legacy code page; charset-normalizer picks Windows-1252 or
Mac Roman (and recognises UTF-16 saved without a mark). Every decode is strict.

No Django here: the form calls it, the tests feed it bytes.
"""

import codecs
import re
from dataclasses import dataclass

from charset_normalizer import from_bytes

MAX_BYTES = 2_000_000
MAX_LABEL = "2 MB"

# UTF-32's marks begin with UTF-16's, so they are tried first.
BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
WORKBOOKS = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0")  # .xlsx and .ods are zip files; .xls is OLE
LEGACY = ("cp1252", "mac_roman")  # in order of preference when the guess is a tie
UTF16 = ("utf_16_le", "utf_16_be")
LABELS = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8",
    "utf-16": "UTF-16",
    "utf_16_le": "UTF-16",
    "utf_16_be": "UTF-16",
    "utf-32": "UTF-32",
    "cp1252": "Windows-1252",
    "mac_roman": "Mac Roman",
}
# One complete UTF-8 character of two to four bytes (RFC 3629's table, no surrogates).
UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]"
    rb"|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]"
    rb"|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)
NEWLINE = re.compile(r"\r\n|\r|\n")
RESAVE = "Nothing was imported: save the file again as \u201cCSV UTF-8\u201d and upload it."


class UnreadableFile(ValueError):
    """The file can't be read as text; the message says why, for the person uploading."""

    @property
    def message(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str  # for people: "UTF-8", "Windows-1252"…


def too_large(size: int) -> UnreadableFile:
    megabytes = f"{size / 1_000_000:.1f}".rstrip("0").rstrip(".")
    return UnreadableFile(
        f"The file is {megabytes} MB; the limit is {MAX_LABEL}. Nothing was imported: "
        "split it into smaller files and import each one."
    )


def decode_csv_bytes(raw: bytes) -> DecodedText:
    """The text of `raw`, decoded strictly; `UnreadableFile` names the line that fails."""
    if len(raw) > MAX_BYTES:
        raise too_large(len(raw))
    if raw.startswith(WORKBOOKS):
        raise UnreadableFile(
            "This is a spreadsheet workbook, not a CSV file. Nothing was imported: in the "
            "spreadsheet, save it as \u201cCSV UTF-8\u201d and upload that file."
        )
    for mark, codec in BYTE_ORDER_MARKS:
        if raw.startswith(mark):
            return _strict(raw, codec, marked=True)
    if b"\x00" in raw:  # no text file has NUL bytes, but UTF-16 without a mark has many
        guess = from_bytes(raw, cp_isolation=list(UTF16)).best()
        if guess is not None:
            return _strict(raw, guess.encoding)
    try:
        return DecodedText(raw.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError as exc:
        fault = exc
    if fault.end == len(raw) and fault.reason == "unexpected end of data":
        raise UnreadableFile(
            f"Line {_line(raw, fault.start, 'utf-8')}: the file ends in the middle of a "
            f"character, so it may have been cut short. {RESAVE}"
        )
    if _mostly_utf8(raw):
        raise UnreadableFile(
            f"Line {_line(raw, fault.start, 'utf-8')}: byte 0x{raw[fault.start]:02X} isn't "
            f"UTF-8, the encoding the rest of the file is in. {RESAVE}"
        )
    guess = from_bytes(raw, cp_isolation=list(LEGACY)).best()
    return _strict(raw, guess.encoding if guess is not None else LEGACY[0])


def _mostly_utf8(raw: bytes) -> bool:
    """More complete UTF-8 characters than stray high bytes: UTF-8 with a fault in it.

    Windows-1252 text rarely forms a UTF-8 character (it takes a capital accented letter
    followed by a curly quote or the like), so a legacy file has few and many strays.
    """
    characters = UTF8_SEQUENCE.findall(raw)
    in_characters = sum(len(character) for character in characters)
    strays = sum(1 for byte in raw if byte >= 0x80) - in_characters
    return len(characters) > strays


def _strict(raw: bytes, codec: str, *, marked: bool = False) -> DecodedText:
    label = LABELS.get(codec, codec)
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        why = "its byte order mark says so, but " if marked else ""
        raise UnreadableFile(
            f"Line {_line(raw, exc.start, codec)} can't be read as {label} ({why}byte "
            f"0x{raw[exc.start]:02X} isn't a character there). {RESAVE}"
        ) from None
    return DecodedText(text.lstrip("\ufeff"), label)


def _line(raw: bytes, position: int, codec: str) -> int:
    """The line (1, 2, …) holding byte `position`: every line ending counts, \\r alone too."""
    before = raw[:position].decode(codec, errors="replace")
    return len(NEWLINE.findall(before)) + 1
