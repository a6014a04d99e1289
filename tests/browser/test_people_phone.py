"""People's pages on a phone (390×844), from an empty database, as a stranger first.

A visitor taps a name on a finished progressive's leaderboard and sees only the name; the
player signs in, makes the rest public, and the visitor then sees the rating, its chart and
the hand statistics. A season ladder of three progressives reads on the phone, sorts and
downloads; an event's statistics show their leaders and sort by lone hands made; a director
merges a name typed at the door into the record with the same phone (a double tap merges
once) and undoes it. Every page passes axe (no serious or critical problem) and nothing
scrolls sideways but a wide table inside its own wrapper.
"""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from league.models import Player
from people.models import PlayerMerge
from people.services.series import series_add_event, series_create
from scoring.models import RuleSet
from tests.browser.conftest import log_in, menu
from tests.browser.people_data import played_progressive
from tests.factories import PASSWORD, PlayerFactory, TournamentFactory, UserFactory, director_user
from tournaments.models import Tournament
from tournaments.services import entry_register
from tournaments.services.check_in import entry_self_check_in, tournament_check_in_set

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core-4.14.1" / "axe.min.js"
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.id} (${v.impact}): ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""
EIGHT = ["Ada Ames", "Ben Bell", "Cal Cole", "Dee Dunn", "Eve Eng", "Fay Ford", "Gus Gray"]
EIGHT.append("Hal Hunt")
COLUMN = """(id) => {
  const table = document.getElementById(id);
  return [...table.querySelectorAll("tbody tr")].map(tr => [...tr.querySelectorAll("td")]
    .map(td => td.textContent.trim()));
}"""
HEADS = """(id) => [...document.querySelectorAll(`#${id} thead th`)]
  .map(th => th.textContent.trim())"""


@pytest.fixture
def phone(page):
    page.context.add_init_script(path=str(AXE))
    return page


def _problems(page: Page, where: str) -> list[str]:
    """Sideways scrolling of the page itself, and axe's serious or critical findings."""
    page.wait_for_load_state("networkidle")
    problems = []
    width, inner = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    if width > inner:
        problems.append(f"{where}: {width}px wide in {inner}px")
    return problems + [f"{where}: {found}" for found in page.evaluate(RUN_AXE)]


def _as(page: Page, username: str) -> None:
    page.context.clear_cookies()
    log_in(page, username, PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def _column(page: Page, table_id: str, head: str) -> list[str]:
    heads = page.evaluate(HEADS, table_id)
    index = heads.index(head)
    return [row[index] for row in page.evaluate(COLUMN, table_id)]


def test_a_visitor_sees_a_name_only_until_the_player_makes_their_rating_and_hands_public(phone):
    ada = UserFactory(username="ada")
    PlayerFactory(name="Ada Ames", user=ada)
    event = played_progressive(director_user(), EIGHT, name="Thursday Progressive")
    problems: list[str] = []

    phone.goto(reverse("tournaments:leaderboard", args=[event.slug]))
    problems += _problems(phone, "leaderboard")
    phone.locator("table.leaderboard").get_by_role("link", name="Ada Ames", exact=True).click()
    expect(phone.get_by_role("heading", name="Ada Ames", level=1)).to_be_visible()
    expect(phone.locator("#name-only")).to_be_visible()
    expect(phone.locator("#rating")).to_have_count(0)
    expect(phone.locator("#statistics")).to_have_count(0)
    profile_url = phone.url
    problems += _problems(phone, "profile, name only")

    _as(phone, "ada")
    menu(phone, "My profile")
    expect(phone.get_by_role("heading", name="What my profile shows")).to_be_visible()
    problems += _problems(phone, "my profile")
    for label in ("Show my results", "Show my hand statistics", "Show my rating"):
        phone.get_by_label(label).check()
    phone.get_by_role("button", name="Save what my profile shows").click()
    expect(phone.locator(".message-success").first).to_contain_text("Saved")
    phone.locator("header.site-header .nav-phone summary").click()
    phone.locator("header.site-header .nav-phone").get_by_role("button", name="Log out").click()

    phone.context.clear_cookies()  # the visitor again
    phone.goto(profile_url)
    expect(phone.locator("#name-only")).to_have_count(0)
    expect(phone.locator("#rating .rating-value")).to_be_visible()
    assert phone.locator("#rating .rating-value").inner_text().strip().isdigit()
    expect(phone.locator("#rating-history svg")).to_be_visible()
    expect(phone.locator("#statistics")).to_contain_text("Hand statistics count 2 of 2 games")
    expect(phone.locator("#results #record-overall")).to_be_visible()
    problems += _problems(phone, "profile, public")
    assert problems == []


def test_a_season_ladder_of_three_progressives_reads_sorts_and_downloads_on_a_phone(phone):
    director = director_user(username="dana")
    series = series_create(
        actor=director,
        name="Winter Ladder",
        format=Tournament.Format.PROGRESSIVE,
        points=[10, 8, 6, 5, 4, 3, 2, 1],
        best_of=2,
        min_events=2,
    )
    for number, days_ago in ((1, 21), (2, 14), (3, 7)):
        event = played_progressive(
            director, EIGHT, rounds=1, name=f"Ladder Night {number}", days_ago=days_ago
        )
        series_add_event(actor=director, series=series, tournament=event)
    problems: list[str] = []

    phone.goto(reverse("people:ladder", args=[series.slug]))
    expect(phone.get_by_role("heading", name="Winter Ladder")).to_be_visible()
    expect(phone.get_by_text("3 events finished")).to_be_visible()
    problems += _problems(phone, "ladder")
    wrap = phone.locator(".table-wrap").filter(has=phone.locator("#ladder"))
    # A wide ladder scrolls inside its wrapper, never the page.
    assert wrap.evaluate("el => getComputedStyle(el).overflowX") in ("auto", "scroll")
    names = _column(phone, "ladder", "Player")
    assert sorted(names) == sorted(EIGHT)

    phone.locator("#ladder thead").get_by_role("link", name="Player", exact=True).click()
    phone.wait_for_url(lambda url: "sort=" in url)
    assert _column(phone, "ladder", "Player") == sorted(EIGHT)
    phone.locator("#ladder thead").get_by_role("link", name="Player", exact=True).click()
    phone.wait_for_url(lambda url: "sort=-" in url)
    assert _column(phone, "ladder", "Player") == sorted(EIGHT, reverse=True)
    problems += _problems(phone, "ladder, sorted")

    with phone.expect_download() as waiting:
        phone.get_by_role("link", name="Download the ladder (CSV)").click()
    download = waiting.value
    assert download.suggested_filename.endswith(".csv")
    text = Path(download.path()).read_text(encoding="utf-8-sig")
    assert all(name in text for name in EIGHT), text
    assert problems == []


def test_an_events_statistics_show_leaders_and_sort_by_lone_hands_made_on_a_phone(phone):
    event = played_progressive(director_user(), EIGHT, name="Loner Night")
    problems: list[str] = []

    phone.goto(reverse("tournaments:leaderboard", args=[event.slug]))
    phone.get_by_role("link", name="Statistics", exact=True).first.click()
    expect(phone.get_by_role("heading", name="Statistics", level=1)).to_be_visible()
    leaders = phone.locator("#leaders")
    expect(leaders).to_be_visible()
    expect(leaders).to_contain_text("Most lone hands made:")
    problems += _problems(phone, "event statistics")
    before = _column(phone, "player-statistics", "Lone made")
    assert len(set(before)) > 1, before  # the tables' loners differ

    # A phone shows each player as a card: the hand columns wait for a wider screen, and
    # the headers that sort are hidden, so the page's own "Sort players by" sorts.
    card = phone.locator("#player-statistics tbody tr").first
    expect(card.locator("td[data-label='Lone made']")).to_be_visible()
    expect(card.locator("td[data-label='Hands']")).to_be_hidden()
    sort = phone.locator("#players-sort")
    sort.get_by_label("Sort players by").select_option(label="Lone made, least first")
    sort.get_by_role("button", name="Sort").click()
    phone.wait_for_url(lambda url: "sort=lone_made" in url)
    ascending = [int(value) for value in _column(phone, "player-statistics", "Lone made")]
    assert ascending == sorted(ascending)
    sort.get_by_label("Sort players by").select_option(label="Lone made, most first")
    sort.get_by_role("button", name="Sort").click()
    phone.wait_for_url(lambda url: "sort=-lone_made" in url)
    descending = [int(value) for value in _column(phone, "player-statistics", "Lone made")]
    assert descending == sorted(ascending, reverse=True)
    assert descending != ascending
    leader = leaders.get_by_role("link").first.inner_text()
    assert descending[0] == max(ascending) and leader  # the leaders box names someone
    problems += _problems(phone, "event statistics, sorted")
    assert problems == []


def test_a_director_merges_a_name_typed_at_the_door_once_and_undoes_it_on_a_phone(phone):
    director = director_user(username="dana")
    pat = PlayerFactory(name="Pat Smith", email="", phone="+14165550123")
    first = played_progressive(director, ["Pat Smith", *EIGHT[1:4]], rounds=1, name="Week One")
    assert first.entries.filter(player=pat).exists()  # the name typed found the record
    week_two = TournamentFactory(
        name="Week Two",
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        director=director,
    )
    entry_register(tournament=week_two, player_name="Patricia Smith")
    tournament_check_in_set(tournament=week_two, open=True, by=director)
    entry_self_check_in(
        tournament=week_two, name="Patricia Smith", notify=True, phone="416 555 0123"
    )
    typed = Player.objects.get(name="Patricia Smith")
    problems: list[str] = []

    _as(phone, "dana")
    phone.goto(reverse("people:merges"))
    expect(phone.get_by_role("heading", name="Duplicate players")).to_be_visible()
    problems += _problems(phone, "merges")
    pair = phone.locator("article.merge-candidate").filter(has_text="Patricia Smith")
    expect(pair).to_have_count(1)
    expect(pair.locator(".merge-why")).to_contain_text("phone")
    pair.get_by_label("Reason").fill("Same phone at the door")
    # The same page open in a second tab, from before the merge.
    stale = phone.context.new_page()
    stale.goto(reverse("people:merges"))
    keep = f"Keep Pat Smith #{pat.pk}"
    # A double tap (Chromium sends the form once), then the stale tab's tap: one merge.
    pair.get_by_role("button", name=keep).dblclick()
    expect(phone.locator(".message-success").first).to_contain_text(
        "Patricia Smith is now part of Pat Smith"
    )
    stale.locator("article.merge-candidate").filter(has_text="Patricia Smith").get_by_role(
        "button", name=keep
    ).click()
    expect(stale.locator(".message-success").first).to_contain_text("is now part of Pat Smith")
    stale.close()
    assert PlayerMerge.objects.count() == 1
    typed.refresh_from_db()
    assert typed.merged_into_id == pat.pk
    expect(
        phone.locator("article.merge-candidate").filter(has_text="Patricia Smith")
    ).to_have_count(0)
    problems += _problems(phone, "merges, merged")

    merge = PlayerMerge.objects.get()
    past = phone.locator(f"#merge-{merge.pk}")
    past.get_by_role("button", name="Undo").click()
    expect(phone.locator(".message-success").first).to_contain_text("are apart again")
    expect(past).to_contain_text("undone")
    typed.refresh_from_db()
    assert typed.merged_into_id is None
    assert PlayerMerge.objects.count() == 1
    problems += _problems(phone, "merges, undone")
    assert problems == []
