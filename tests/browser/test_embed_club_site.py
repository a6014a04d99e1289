"""A club's own web page shows the live standings embed: a static HTML file, served from
another origin by a tiny web server of the test's own, frames the standings of the live
server. Listed on the league's embeds page, that origin sees the table in the frame; not
listed, Chromium refuses to frame the embed at all."""

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from api.embeds.snippets import season_snippets
from api.models import EmbedOrigin
from tests.api.embed_data import club

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLUB_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Left Bower Euchre Club</title></head>
<body><h1>Left Bower Euchre Club</h1><p>This week's standings:</p>
{snippet}
</body></html>
"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture
def club_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A static site on 127.0.0.1 at a port of its own: another origin than the live
    server's (localhost, another port). Yields its origin and its folder."""
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", tmp_path
    finally:
        server.shutdown()
        server.server_close()


def _club_page(folder: Path, embed_url: str) -> str:
    """The club's page framing `embed_url` (the frame named, to find it)."""
    frame = (
        f'<iframe id="standings" src="{embed_url}" title="Standings" loading="lazy" '
        'height="560"></iframe>'
    )
    (folder / "index.html").write_text(CLUB_PAGE.format(snippet=frame))
    return "/index.html"


def test_the_club_s_page_shows_the_standings_when_its_site_is_listed(page, live_server, club_site):
    origin, folder = club_site
    data = club(origins=(origin,))
    embed = live_server.url + reverse("embed:standings", args=data.slugs)
    page.goto(origin + _club_page(folder, embed))
    expect(page.get_by_role("heading", name="Left Bower Euchre Club")).to_be_visible()
    frame = page.frame_locator("iframe#standings")
    expect(frame.get_by_role("heading", name=f"{data.season.name}: standings")).to_be_visible()
    expect(frame.get_by_role("cell", name="Left Bowers")).to_be_visible()
    expect(frame.get_by_text("After week 2")).to_be_visible()
    # The week picker stays in the frame; the full page opens in a new tab.
    frame.get_by_role("link", name="1", exact=True).click()
    expect(frame.get_by_text("After week 1")).to_be_visible()
    full = frame.get_by_role("link", name="Open the full page")
    expect(full).to_have_attribute("target", "_blank")


def test_the_snippet_the_staff_page_gives_works_as_pasted(page, live_server, club_site, rf):
    origin, folder = club_site
    data = club(origins=(origin,))
    request = rf.get("/", HTTP_HOST=live_server.url.split("://", 1)[1])
    snippet = season_snippets(request, data.season)[0].html
    (folder / "pasted.html").write_text(CLUB_PAGE.format(snippet=snippet))
    page.goto(origin + "/pasted.html")
    frame = page.frame_locator("iframe")
    expect(frame.get_by_role("cell", name="Left Bowers")).to_be_visible()


@pytest.mark.parametrize("listed", [(), ("https://another-club.example.org",)])
def test_chromium_refuses_to_frame_the_embed_for_a_site_not_listed(
    page, request, live_server, club_site, listed
):
    origin, folder = club_site
    data = club(origins=listed)
    embed = live_server.url + reverse("embed:standings", args=data.slugs)
    response = page.request.get(embed)  # the embed itself answers, to anyone
    assert response.ok and "Left Bowers" in response.text()
    page.goto(origin + _club_page(folder, embed), wait_until="load")
    expect(page.get_by_role("heading", name="Left Bower Euchre Club")).to_be_visible()
    page.wait_for_timeout(500)
    frame = page.frame_locator("iframe#standings")
    expect(frame.get_by_text("Left Bowers")).to_have_count(0)
    # What is in the frame is Chromium's error page, not the embed.
    assert all("Left Bowers" not in f.content() for f in page.frames[1:])
    # Chromium says why: the frame-ancestors directive. That refusal is this test's point,
    # not a page of the site breaking its own policy.
    assert any("frame-ancestors" in line for line in request.node.csp_violations), (
        request.node.csp_violations
    )
    request.node.csp_violations.clear()
    assert EmbedOrigin.objects.filter(origin=origin).count() == 0
