import codecs
import io
import zipfile

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.seasons.csv_decoding import MAX_BYTES, UnreadableFile, decode_csv_bytes

CSV = "team,player_name\r\nLeft Bowers,Pat O’Brien\r\nLes Bœufs,José Müller\r\n"


def _refusal(raw: bytes) -> str:
    with pytest.raises(UnreadableFile) as caught:
        decode_csv_bytes(raw)
    return caught.value.message


def test_an_excel_windows_1252_file_keeps_its_curly_apostrophe():
    decoded = decode_csv_bytes(CSV.encode("cp1252"))
    assert decoded.text == CSV
    assert "\x92" not in decoded.text
    assert decoded.encoding == "Windows-1252"


def test_a_one_name_windows_1252_file_is_windows_1252_not_another_code_page():
    raw = "team,player_name\r\nLeft Bowers,Pat O’Brien\r\n".encode("cp1252")
    assert decode_csv_bytes(raw).text.endswith("Pat O’Brien\r\n")


def test_a_mac_roman_file_is_recognised():
    decoded = decode_csv_bytes(CSV.encode("mac_roman"))
    assert (decoded.text, decoded.encoding) == (CSV, "Mac Roman")


@pytest.mark.parametrize("codec", ["utf-8", "utf-8-sig"])
def test_utf8_with_or_without_a_byte_order_mark(codec):
    decoded = decode_csv_bytes(CSV.encode(codec))
    assert (decoded.text, decoded.encoding) == (CSV, "UTF-8")


@pytest.mark.parametrize(
    "raw",
    [
        codecs.BOM_UTF16_LE + CSV.encode("utf-16-le"),
        codecs.BOM_UTF16_BE + CSV.encode("utf-16-be"),
        CSV.encode("utf-16"),
    ],
    ids=["little-endian", "big-endian", "native"],
)
def test_utf16_with_a_byte_order_mark(raw):
    decoded = decode_csv_bytes(raw)
    assert (decoded.text, decoded.encoding) == (CSV, "UTF-16")


def test_utf16_without_a_byte_order_mark_is_recognised():
    assert decode_csv_bytes(CSV.encode("utf-16-le")).text == CSV


def test_a_utf8_file_cut_inside_a_character_is_refused_with_its_line():
    raw = CSV.encode("utf-8")[:-7]  # the last row ends inside "ü"
    assert raw.endswith(b"M\xc3")
    message = _refusal(raw)
    assert message.startswith("Line 3: the file ends in the middle of a character")
    assert "Nothing was imported" in message


def test_a_damaged_byte_in_a_utf8_file_is_refused_not_read_as_another_encoding():
    raw = "team,player_name\nT,José\nT,Zoë\nT,Ann".encode() + b"\xff" + "\nT,Renée\n".encode()
    assert _refusal(raw).startswith("Line 4: byte 0xFF isn't UTF-8")


def test_a_utf16_file_cut_in_half_a_character_is_refused_with_its_line():
    raw = CSV.encode("utf-16")
    raw = raw[: raw.index("ü".encode("utf-16-le")) + 1]
    assert _refusal(raw).startswith(
        "Line 3 can't be read as UTF-16 (its byte order mark says so, but byte 0xFC"
    )


def test_a_file_over_the_limit_is_refused_with_the_limit_not_cut():
    message = _refusal(b"team,player_name\n" + b"T,Ann\n" * (MAX_BYTES // 6 + 1))
    assert "the limit is 2 MB" in message
    assert "Nothing was imported" in message


def test_a_file_at_the_limit_is_read_whole():
    rows = b"T,Ann\n" * ((MAX_BYTES - 17) // 6)
    raw = b"team,player_name\n" + rows
    assert len(raw) <= MAX_BYTES
    assert decode_csv_bytes(raw).text.count("\n") == raw.count(b"\n")


def test_an_empty_file_is_empty_text():
    assert decode_csv_bytes(b"").text == ""


def test_an_excel_workbook_is_refused_with_how_to_save_it_as_csv():
    workbook = io.BytesIO()
    with zipfile.ZipFile(workbook, "w") as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
    assert _refusal(workbook.getvalue()).startswith("This is a spreadsheet workbook")


def test_a_bad_byte_in_a_file_marked_as_utf8_is_refused_with_its_line():
    raw = codecs.BOM_UTF8 + b"team,player_name\r\nT,Ann\x81\r\n"
    assert _refusal(raw).startswith("Line 2 can't be read as UTF-8 (its byte order mark")


@given(st.binary(max_size=300))
def test_any_bytes_are_read_or_refused_with_a_message(raw):
    try:
        decoded = decode_csv_bytes(raw)
    except UnreadableFile as refused:
        assert refused.message.startswith(("Line ", "This is a spreadsheet"))
    else:
        assert isinstance(decoded.text, str)
