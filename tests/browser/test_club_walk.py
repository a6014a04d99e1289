"""A new club's whole walk on a phone, from an empty database, without the Django admin.

An organiser starts a league: a season of ten teams in two skill levels, imported from a
file, paper waivers recorded, the schedule generated and published. Tonight's captains enter
their cards on their phones (one typed an impossible game first) and the other side confirms;
the manager publishes the week's standings, which rank each level by the test's own count.
Snow cancels next week's night, and every rostered player hears of it. Then a 37-player
progressive runs from the pasted list to its prizes.
"""

import random
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from league.seasons.models import Fixture, Player, Season
from notices.models import OutboxMessage
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, manager_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = {
    "A": ["Left Bowers", "Right Bowers", "Kitty Cats", "Off Suit", "Lone Hands"],
    "B": ["Stick the Dealer", "Going Alone", "Next Suit Up", "Farmers Hand", "Loner Basket"],
}
PROGRESSIVE = [f"{first} {last}" for first, last in zip(
    ["Ada", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jay", "Kim", "Lou", "Max",
     "Ned", "Oda", "Pat", "Quin", "Ray", "Sue", "Tom", "Uma", "Vic", "Wes", "Xia", "Yul", "Zoe",
     "Abe", "Bea", "Cy", "Di", "Ed", "Flo", "Gil", "Hope", "Ike", "Jo", "Kai"],
    ["Ames", "Bell", "Cole", "Dunn", "Eng", "Ford", "Gray", "Hunt", "Irwin", "Judd", "Kerr",
     "Lamb", "Moss", "Nash", "Orr", "Penn", "Quay", "Reed", "Snow", "Tate", "Usher", "Vance",
     "West", "Xu", "York", "Zane", "Abbot", "Baird", "Cobb", "Diaz", "Ellis", "Finch", "Gage",
     "Hale", "Ives", "Joyce", "Knox"],
    strict=True,
)]  # fmt: skip
ROUNDS = 3
PRIZES_CENTS = [9000, 5000, 3000]


def _fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), page.url


def _as(page: Page, username: str) -> None:
    page.context.clear_cookies()
    log_in(page, username, PASSWORD)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def _post(page: Page, button) -> None:
    with page.expect_navigation():
        button.click()


# --- the league ---


def _address(name: str) -> str:
    return name.lower().replace(" ", ".") + "@example.com"


def _roster_file() -> bytes:
    lines = ["team,skill_level,player_name,email,phone,role"]
    for level, teams in TEAMS.items():
        for team in teams:
            first = team.split()[0]
            lines.append(f"{team},{level},{first} Captain,{_address(first + ' Captain')},,captain")
            lines.append(f"{team},{level},{first} Partner,{_address(first + ' Partner')},,player")
    return ("\n".join(lines) + "\n").encode()


def _season_from_a_file(page: Page) -> Season:
    page.goto("/leagues/")
    page.get_by_role("button", name="New league").click()
    page.locator("#id_name").fill("Tuesday Euchre League")
    page.get_by_role("button", name="Save").click()
    page.locator("#id_name").fill("Winter")
    page.locator("#id_starts_on").fill(timezone.localdate().isoformat())
    page.locator("#id_weeks").fill("4")
    page.locator("#id_skill_levels").fill("A, B")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Winter: setup")).to_be_visible()
    page.locator("#id_venue-name").fill("Circle City Taproom")
    page.locator("#id_venue-tables").fill("6")
    page.get_by_role("button", name="Add venue").click()
    page.get_by_role("link", name="Import teams and players from a CSV file").click()
    page.locator("#id_file").set_input_files(
        files=[{"name": "teams.csv", "mimeType": "text/csv", "buffer": _roster_file()}]
    )
    page.get_by_role("button", name="Upload and preview").click()
    expect(page.locator("#import-summary")).to_contain_text("10 new teams")
    page.get_by_role("button", name="Confirm import").click()
    expect(page.locator(".message-success").first).to_contain_text("Imported 10 new teams")
    season = Season.objects.get(name="Winter")

    page.get_by_role("link", name="Roster & waivers").click()
    for _ in range(20):
        _post(page, page.get_by_role("button", name=re.compile("Record paper waiver")).first)
    expect(page.get_by_role("button", name=re.compile("Record paper waiver"))).to_have_count(0)

    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/")
    expect(page.locator("#missing-waivers")).to_contain_text("None: every player has signed")
    page.get_by_role("button", name="Generate draft schedule").click()
    page.get_by_role("button", name="Publish schedule").click()
    expect(page.locator("#schedule-state")).to_contain_text("Schedule: Published")
    _fits_the_phone(page)
    return season


def _invitation_link(address: str) -> str:
    message = (
        OutboxMessage.objects.filter(address=address, notice__kind="invitation")
        .select_related("notice")
        .order_by("-pk")
        .first()
    )
    assert message is not None, f"no invitation was sent to {address}"
    return re.search(r"/accounts/invitations/[^/\s]+/", message.notice.link).group(0)


def _captains_sign_up(page: Page, season: Season, captains: list[Player]) -> None:
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/invitations/")
    _post(page, page.get_by_role("button", name="Send every invitation"))
    for captain in captains:
        page.context.clear_cookies()
        page.goto(_invitation_link(captain.email))
        signup = page.locator("#signup")
        signup.get_by_label("Username").fill(captain.email.split("@")[0].replace(".", "-"))
        signup.locator("#id_password1").fill(PASSWORD)
        signup.locator("#id_password2").fill(PASSWORD)
        _post(page, signup.get_by_role("button", name="Create account and accept"))
        expect(page.get_by_role("heading", name=re.compile("Welcome to"))).to_be_visible()


GAMES = {1: (10, 6), 2: (7, 10), 3: (10, 8)}


def _a_night_of_play(page: Page, season: Season) -> dict[str, int]:
    """Every fixture tonight: the home captain's card, the away captain's confirmation.
    Returns each team's games won, as typed."""
    tonight = list(
        Fixture.objects.filter(season=season, date=timezone.localdate(), away__isnull=False)
        .select_related("home", "away")
        .order_by("pk")
    )
    assert len(tonight) == 4  # five teams a level: two fixtures and a bye in each
    captains = {}
    for fixture in tonight:
        for team in (fixture.home, fixture.away):
            captains[team.pk] = team.roster.get(role="captain").player
    _captains_sign_up(page, season, list(captains.values()))
    won: dict[str, int] = {}
    for index, fixture in enumerate(tonight):
        home = captains[fixture.home_id].email.split("@")[0].replace(".", "-")
        away = captains[fixture.away_id].email.split("@")[0].replace(".", "-")
        _as(page, home)
        page.goto(f"/leagues/fixtures/{fixture.pk}/")
        _fits_the_phone(page)
        scores = dict(GAMES)
        if index == 0:  # a thumb slips: one impossible game first
            scores[2] = (12, 3)
        for number, (mine, theirs) in scores.items():
            page.locator(f"#id_home_{number}").fill(str(mine))
            page.locator(f"#id_away_{number}").fill(str(theirs))
        _post(page, page.get_by_role("button", name=re.compile("^Submit for")))
        if index == 0:
            # Everything typed is still there, and the bad game says what is wrong.
            expect(page.locator("#id_home_1")).to_have_value("10")
            expect(page.locator("#id_home_2")).to_have_value("12")
            expect(page.locator("#id_home_3")).to_have_value("10")
            expect(page.locator("#score-game-2-problems")).to_be_visible()
            expect(page.locator(".game-problems")).to_have_count(1)
            page.locator("#id_home_2").fill("7")
            page.locator("#id_away_2").fill("10")
            _post(page, page.get_by_role("button", name=re.compile("^Submit for")))
        expect(page.locator(".message-success").first).to_contain_text("confirms")
        expect(page.locator("#id_home_1")).to_have_count(0)  # saved, not a fresh form
        _as(page, away)
        page.goto(f"/leagues/fixtures/{fixture.pk}/")
        _post(page, page.get_by_role("button", name=re.compile("^Confirm")))
        expect(page.locator(".message-success").first).to_contain_text("Confirmed")
        won[fixture.home.name] = won.get(fixture.home.name, 0) + 2
        won[fixture.away.name] = won.get(fixture.away.name, 0) + 1
    return won


def _standings_published(page: Page, season: Season, won: dict[str, int]) -> None:
    _as(page, "olga")
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/standings/?week=live")
    page.locator("select[name=week]").select_option("1")
    _post(page, page.get_by_role("button", name="Publish standings"))
    expect(page.locator(".message-success").first).to_contain_text("Week 1 standings published")
    page.context.clear_cookies()  # the public
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/standings/")
    expect(page.get_by_text("after week 1")).to_be_visible()
    _fits_the_phone(page)
    for level, teams in TEAMS.items():
        page.get_by_role("link", name=level, exact=True).click()
        expect(page.get_by_role("heading", name=f"Level {level}")).to_be_visible()
        table = page.locator("table.standings")
        names = [name.strip() for name in table.locator("tbody td.team").all_inner_texts()]
        assert sorted(names) == sorted(teams), level
        # Each level's two winners tonight (two games of three) head its table.
        winners = {name for name in teams if won.get(name) == 2}
        assert len(winners) == 2 and set(names[:2]) == winners, (level, names)
        # After one night no opponent has played anyone else: SOS measures nothing yet.
        heads = [h.strip() for h in table.locator("thead th").all_inner_texts()]
        sos = heads.index("SOS")
        cells = table.locator(f"tbody tr td:nth-child({sos + 1})").all_inner_texts()
        assert [cell.strip() for cell in cells] == ["—"] * len(teams), (level, cells)


def _snow_day(page: Page, season: Season) -> None:
    """Next week's night is snowed out: every rostered player with an email hears."""
    _as(page, "olga")
    next_week = (
        Fixture.objects.filter(season=season, date__gt=timezone.localdate())
        .order_by("date")
        .values_list("date", flat=True)
        .first()
    )
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/")
    page.locator("#cancellations").get_by_role("button", name="Cancel play").click()
    page.locator("#id_date").fill(next_week.isoformat())
    page.get_by_label("The whole league night").check()
    page.locator("#id_reason").select_option("weather")
    page.locator("#id_details").fill("Snow: the roads are closed.")
    page.get_by_role("button", name="Review before cancelling").click()
    expect(page.locator("#fixture-count")).to_contain_text("4 fixtures will be cancelled")
    _fits_the_phone(page)
    _post(page, page.get_by_role("button", name="Cancel 4 fixtures and notify"))
    expect(page.locator(".message-success").first).to_contain_text("Play cancelled: 4 fixtures")
    cancelled = Fixture.objects.filter(season=season, date=next_week, away__isnull=False)
    assert cancelled.exclude(status="cancelled").count() == 0
    told = set(
        OutboxMessage.objects.filter(notice__body__contains="Snow").values_list(
            "address", flat=True
        )
    )
    playing = {
        entry.player.email
        for fixture in cancelled.select_related("home", "away")
        for team in (fixture.home, fixture.away)
        if team
        for entry in team.roster.select_related("player")
    }
    assert playing and playing <= told, playing - told  # accounts or not


# --- the progressive ---


SEATS_JS = """() => [...document.querySelectorAll("fieldset.score-row")].map(row => ({
  table: Number(row.id.replace("table-", "")),
  seats: Object.fromEntries(["N", "S", "E", "W"].map(seat => [seat,
    document.querySelector(`label[for="id_t${row.id.slice(6)}-${seat}"]`).firstChild
      .textContent.split("·")[1].trim()])),
}))"""
BOARD_JS = """() => {
  const table = document.querySelector("table.leaderboard");
  const heads = [...table.querySelectorAll("thead th")].map(th => th.textContent.trim());
  return [...table.querySelectorAll("tbody tr")].map(tr => Object.fromEntries(
    [...tr.querySelectorAll("td")].map((td, i) => [heads[i], td.textContent.trim()])));
}"""


def _progressive_to_prizes(page: Page) -> None:
    """The organiser sets a progressive up, pastes 37 names, runs three rounds and pays out."""
    page.goto("/tournaments/new/")
    page.locator("#id_name").fill("Snow Day Progressive")
    page.locator("#id_date").fill(timezone.localdate().isoformat())
    rule_sets = page.get_by_label("Rule set")
    progressive = rule_sets.locator("option", has_text="Progressive").first.inner_text()
    rule_sets.select_option(label=progressive)
    page.get_by_label("Rounds").fill(str(ROUNDS))
    page.get_by_label("Prizes (dollars, first place first)").fill("90, 50, 30")
    page.get_by_role("button", name="Save").last.click()
    expect(page.get_by_role("heading", name="Run Snow Day Progressive")).to_be_visible()
    _fits_the_phone(page)

    page.get_by_role("link", name="Register a list").click()
    page.get_by_label("Players, one per line").fill("\n".join(PROGRESSIVE))
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("New: 37 · Found: 0 · Duplicates (left out): 0")).to_be_visible()
    page.get_by_role("button", name="Register 37 players").click()
    expect(page.get_by_text("Registered 37 players.")).to_be_visible()
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("The tournament is under way.")).to_be_visible()

    chooser = random.Random(37)
    points: dict[str, int] = {}
    seated: list[str] = []
    for number in range(1, ROUNDS + 1):
        page.get_by_role("button", name=f"Enter round {number}'s scores").click()
        # The click only starts the navigation: read the seats once the score page is up.
        expect(page).to_have_url(re.compile(rf"/rounds/{number}/scores/$"))
        expect(page.locator("fieldset.score-row")).to_have_count(9)  # 36 seated, one sits out
        tables = page.evaluate(SEATS_JS)
        assert len(tables) == 9
        for table in tables:
            ns, ew = chooser.sample(range(13), 2)
            for seat, value in zip("NSEW", (ns, ns, ew, ew), strict=True):
                page.locator(f"#id_t{table['table']}-{seat}").fill(str(value))
                name = table["seats"][seat]
                points[name] = points.get(name, 0) + value
                seated.append(name)
        _fits_the_phone(page)
        # Nine tables' cards at once: on a busy CI machine the save may take over 10 s.
        page.get_by_role("button", name=f"Save round {number}").click(timeout=30_000)
        expect(page.locator("fieldset.score-row.is-confirmed")).to_have_count(9, timeout=30_000)
        page.goto(page.url.split("/rounds/")[0] + "/manage/")
        expect(page.get_by_text("Every table has a confirmed card.")).to_be_visible()
        if number < ROUNDS:
            page.get_by_role("button", name=f"Start round {number + 1}").click()
    page.get_by_role("button", name="Finish the tournament").click()
    expect(page.get_by_text("Final results are in.")).to_be_visible()

    slug = page.url.split("/tournaments/")[1].split("/")[0]
    page.goto(f"/tournaments/{slug}/leaderboard/")
    _fits_the_phone(page)
    board = page.evaluate(BOARD_JS)
    assert len(board) == 37
    paid = [row for row in board if row["Prize"]]
    cents = sum(round(float(row["Prize"].lstrip("$").replace(",", "")) * 100) for row in paid)
    assert cents == sum(PRIZES_CENTS)  # the whole purse, not a cent more or less
    rounds_played: dict[str, int] = {}
    for name in seated:
        rounds_played[name] = rounds_played.get(name, 0) + 1
    # Everyone who played every round scores exactly what was typed for them; the board
    # is in order of points; the purse goes to the top of it.
    for row in board:
        if rounds_played.get(row["Player"]) == ROUNDS:
            assert float(row["Points"]) == points[row["Player"]], row
    shown = [float(row["Points"]) for row in board]
    assert shown == sorted(shown, reverse=True)
    assert {row["Player"] for row in paid} >= {board[0]["Player"]}


def test_a_club_walks_from_an_empty_database_to_standings_a_snow_day_and_a_progressive(page):
    manager_user(username="olga", first_name="Olga", last_name="Organiser")
    _as(page, "olga")
    season = _season_from_a_file(page)
    won = _a_night_of_play(page, season)
    _standings_published(page, season, won)
    _snow_day(page, season)
    _as(page, "olga")
    _progressive_to_prizes(page)
