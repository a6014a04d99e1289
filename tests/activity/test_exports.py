"""The one CSV writer: every text cell a spreadsheet would run is made plain; numbers stay."""

import csv
import datetime
import gzip
import io
from decimal import Decimal

import pytest
from django.core.cache import cache, caches
from django.test import RequestFactory

from activity.exports import (
    cached_download,
    csv_content,
    csv_download,
    csv_response,
    spreadsheet_safe,
)


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd", "'-2+3+cmd"),
        ("\tTab", "'\tTab"),
        ("\rReturn", "'\rReturn"),
        ("+1", "'+1"),
        ("-3", "'-3"),
        ("+1 317-555-0104", "'+1 317-555-0104"),
        ("Aces v Bowers", "Aces v Bowers"),
        ("A=B", "A=B"),
        ("", ""),
        (-3, -3),
        (-0.5, -0.5),
        (Decimal("-1.25"), Decimal("-1.25")),
        (datetime.date(2026, 3, 3), datetime.date(2026, 3, 3)),
        (None, None),
    ],
)
def test_text_cells_are_safe_for_spreadsheets_and_numbers_stay_numbers(cell, written):
    assert spreadsheet_safe(cell) == written


def test_a_cell_that_is_not_text_yet_is_judged_by_what_it_prints():
    class Team:
        def __str__(self) -> str:
            return "=HYPERLINK(1)"

    assert spreadsheet_safe(Team()) == "'=HYPERLINK(1)"


def test_the_response_is_a_named_csv_download():
    response = csv_response("log.csv", ["who", "what"], iter([["=1+1", 2], ["+1", -3]]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="log.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows == [["who", "what"], ["'=1+1", "2"], ["'+1", "-3"]]


def test_a_file_made_earlier_goes_out_as_the_same_download():
    content = csv_content(["team"], [["@A"]])
    response = csv_download("standings.csv", content)
    assert response.content == b"team\r\n'@A\r\n"
    assert response["Content-Disposition"] == 'attachment; filename="standings.csv"'


class TestCachedDownload:
    """A big download built once per key, answered 304 when unchanged, gzipped on request."""

    @pytest.fixture(autouse=True)
    def _built(self):
        self.builds = 0

    def _build(self) -> bytes:
        self.builds += 1
        return b"week,team\n" + b"1,Aces\n" * 500

    def _get(self, key="season-7:v1", **headers):
        request = RequestFactory().get("/file.csv", **headers)
        return cached_download(
            request,
            key=key,
            build=self._build,
            content_type="text/csv; charset=utf-8",
            filename="schedule.csv",
            last_modified=datetime.datetime(2026, 3, 3, 19, 0, tzinfo=datetime.UTC),
        )

    def test_it_is_built_once_per_key(self):
        first, second = self._get(), self._get()
        assert first.content == second.content == self._build()
        assert self.builds == 2  # once for both responses, once just above
        assert self._get(key="season-7:v2")["ETag"] != first["ETag"]

    def test_a_conditional_get_is_answered_304_without_the_file(self):
        first = self._get()
        builds = self.builds
        again = self._get(HTTP_IF_NONE_MATCH=first["ETag"])
        assert (again.status_code, again.content) == (304, b"")
        assert again["ETag"] == first["ETag"] and again["Last-Modified"] == first["Last-Modified"]
        assert self._get(HTTP_IF_MODIFIED_SINCE=first["Last-Modified"]).status_code == 304
        assert self.builds == builds
        assert self._get(key="season-7:v2", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200

    def test_it_is_gzipped_only_for_clients_that_accept_it(self):
        plain = self._get()
        packed = self._get(HTTP_ACCEPT_ENCODING="br, gzip;q=0.8")
        assert "Content-Encoding" not in plain
        assert packed["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.content) == plain.content
        assert len(packed.content) < len(plain.content) / 10
        assert plain["Vary"] == packed["Vary"] == "Accept-Encoding"
        assert plain["Content-Disposition"] == 'attachment; filename="schedule.csv"'

    def test_a_managers_file_is_kept_out_of_shared_caches(self):
        request = RequestFactory().get("/file.csv")
        public = self._get()
        private = cached_download(
            request,
            key="live",
            build=self._build,
            content_type="text/csv",
            filename="live.csv",
            private=True,
        )
        assert "public" in public["Cache-Control"] and "no-cache" in public["Cache-Control"]
        assert "private" in private["Cache-Control"] and "Last-Modified" not in private


class TestHeldCopies:
    """A big download goes out from the process's own copy while the cache's token is its."""

    @pytest.fixture(autouse=True)
    def _built(self):
        self.builds = 0

    def _build(self) -> bytes:
        self.builds += 1
        return bytes(range(256)) * 400  # 100 KB that gzip barely shrinks: held

    def _get(self, key="calendar:9:v1"):
        request = RequestFactory().get("/calendar.ics")
        return cached_download(
            request, key=key, build=self._build, content_type="text/calendar", filename="c.ics"
        )

    def test_a_held_copy_is_served_after_one_small_read(self, monkeypatch):
        first = self._get()
        backend, reads = caches["default"], []
        read = backend.get
        monkeypatch.setattr(
            backend, "get", lambda k, *a, **kw: reads.append(k) or read(k, *a, **kw)
        )
        assert self._get().content == first.content and self.builds == 1
        assert len(reads) == 1 and reads[0].startswith("token:download:")

    def test_a_copy_whose_entry_left_the_cache_is_never_served(self):
        self._get()
        cache.clear()  # expired, cleared, or a cache that lost it
        self._get()
        assert self.builds == 2
