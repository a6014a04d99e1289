"""A progressive night from the door to the prizes, through the director's pages in Chromium.

The director (staff of this one event) sets it up: five rounds, a round sat out scores the
player's average, four paid places. 22 names pasted, 20 checked in: one never comes, one
arrives in round 2 and plays from round 3. Every round is typed in scorekeeper mode; the last
is chosen so two players tie for a paid place. The pages are checked against the test's own
arithmetic over the scores it typed and the seats the pages showed.
"""

import datetime
import itertools
import random
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

import pytest
from playwright.sync_api import Page, expect

from scoring.models import RuleSet
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, TournamentFactory, UserFactory
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = [
    "Ada Ames", "Ben Bell", "Cal Cole", "Dee Dunn", "Eve Eng", "Fay Ford", "Gus Gray",
    "Hal Hunt", "Ivy Irwin", "Jay Judd", "Kim Kerr", "Lou Lamb", "Max Moss", "Ned Nash",
    "Oda Orr", "Pat Penn", "Quin Quay", "Ray Reed", "Sue Snow", "Tom Tate", "Uma Usher",
    "Vic Vance",
]  # fmt: skip
NO_SHOW = "Oda Orr"
LATE = "Gus Gray"
ROUNDS = 5
LATE_FROM = 3  # arrives while round 2 is played
PRIZES = [12000, 8000, 5025, 2500]  # cents: two adjacent places' pool can be an odd sum
TENTH = Decimal("0.1")
# (N-S, E-W) totals a table may hand in: partners score alike without lone hands, and every
# pair up to 12 each can come from 8 hands under the Progressive rule set.
OUTCOMES = [(a, b) for a in range(13) for b in range(13) if a != b]
SEATS_JS = """() => [...document.querySelectorAll("fieldset.score-row")].map(row => ({
  table: Number(row.id.replace("table-", "")),
  seats: Object.fromEntries(["N", "S", "E", "W"].map(seat => [seat,
    document.querySelector(`label[for="id_t${row.id.slice(6)}-${seat}"]`).firstChild
      .textContent.split("·")[1].trim()])),
}))"""
SITTING_OUT_JS = """() => {
  const line = [...document.querySelectorAll("p")].find(
    p => p.querySelector("strong")?.textContent === "Sitting out:");
  return line ? line.textContent.replace("Sitting out:", "").split(",").map(s => s.trim()) : [];
}"""
FAIRNESS_JS = """() => [...document.querySelectorAll("table.fairness tbody tr")].map(tr => {
  const cells = [...tr.querySelectorAll("td")];
  return [cells[0].firstChild.textContent.trim(), cells[3].textContent.trim(),
    cells[4].textContent.trim()];
})"""
BOARD_JS = """() => {
  const table = document.querySelector("table.leaderboard");
  const heads = [...table.querySelectorAll("thead th")].map(th => th.textContent.trim());
  return [...table.querySelectorAll("tbody tr")].map(tr => Object.fromEntries(
    [...tr.querySelectorAll("td")].map((td, i) => [heads[i], td.textContent.trim()])));
}"""


# --- the test's own arithmetic: what the rules in docs/tournaments.md say the board shows ---


@dataclass
class Night:
    """What was typed: each player's points per round played, games won, rounds sat out."""

    points: dict[str, dict[int, int]] = field(default_factory=dict)
    won: dict[str, int] = field(default_factory=dict)
    sat_out: dict[str, list[int]] = field(default_factory=dict)
    tables: dict[str, dict[int, int]] = field(default_factory=dict)  # round -> table

    def seat(self, name: str) -> None:
        self.points.setdefault(name, {})
        self.won.setdefault(name, 0)
        self.sat_out.setdefault(name, [])
        self.tables.setdefault(name, {})

    def record(self, number: int, table: int, seats: dict[str, str], ns: int, ew: int) -> None:
        for seat, name in seats.items():
            self.seat(name)
            self.tables[name][number] = table
            mine, theirs = (ns, ew) if seat in "NS" else (ew, ns)
            self.points[name][number] = mine
            self.won[name] += mine > theirs

    def sit(self, number: int, names: list[str]) -> None:
        for name in names:
            self.seat(name)
            self.sat_out[name].append(number)

    def fairness_row(self, name: str) -> tuple[str, str]:
        """The sheet's tables cell ("–" sat out, "not here" before arriving) and sit-outs."""
        places = [
            str(self.tables[name][n])
            if n in self.tables[name]
            else ("–" if n in self.sat_out[name] else "not here")
            for n in range(1, ROUNDS + 1)
        ]
        return " · ".join(places), str(len(self.sat_out[name]))

    def copy(self) -> "Night":
        return Night(
            {k: dict(v) for k, v in self.points.items()},
            dict(self.won),
            {k: list(v) for k, v in self.sat_out.items()},
            {k: dict(v) for k, v in self.tables.items()},
        )


@dataclass
class Row:
    name: str
    game_points: int
    played: int
    credit: Decimal  # for one round sat out
    total: Decimal
    won: int
    best: int
    place: int = 0
    tied: bool = False


def credit(game_points: int, played: int) -> Decimal:
    """The average per round played, to a tenth, half up; nothing before a round is played."""
    if not played:
        return Decimal(0)
    return (Decimal(game_points) / played).quantize(TENTH, rounding=ROUND_HALF_UP)


def standings(night: Night) -> list[Row]:
    rows = []
    for name, by_round in night.points.items():
        points, played = sum(by_round.values()), len(by_round)
        each = credit(points, played) if night.sat_out[name] else Decimal(0)
        total = points + each * len(night.sat_out[name])
        best = max(by_round.values(), default=0)
        rows.append(Row(name, points, played, each, total, night.won[name], best))
    # Points, then games won, then best round; still level: registration order, same place.
    rows.sort(key=lambda r: (-r.total, -r.won, -r.best, PLAYERS.index(r.name)))
    for index, row in enumerate(rows):
        before = rows[index - 1] if index else None
        if before and (before.total, before.won, before.best) == (row.total, row.won, row.best):
            row.place, row.tied, before.tied = before.place, True, True
        else:
            row.place = index + 1
    return rows


def prizes(rows: list[Row]) -> dict[str, int]:
    """Tied places pool their prizes and split them equally; an odd cent goes to the tied
    player listed first."""
    paid = {}
    for place, group in itertools.groupby(rows, key=lambda r: r.place):
        group = list(group)
        pool = sum(PRIZES[place - 1 : place - 1 + len(group)])
        share, odd = divmod(pool, len(group))
        for index, row in enumerate(group):
            paid[row.name] = share + (index < odd)
    return paid


def shown(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral_value() else str(value.quantize(TENTH))


def dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}" if cents else ""


def a_tie_in_the_money(night: Night) -> bool:
    """Two players share 2nd or 3rd place (both paid, their pool an odd number of cents),
    nobody else is level in the money, and a sitter's average lands on a quarter that
    rounding half up lifts (x.25 -> x.3)."""
    rows = standings(night)
    tied = [r for r in rows if r.tied and r.place <= len(PRIZES) + 1]
    if len(tied) != 2 or tied[0].place not in (2, 3):
        return False
    return any(row.played == 4 and row.game_points % 4 == 1 for row in rows if row.credit)


def last_round_scores(night: Night, tables: list[dict]) -> list[tuple[int, int]]:
    """Scores for the last round that make `a_tie_in_the_money` true (a seeded search)."""
    chooser = random.Random(1917)
    for _ in range(50_000):
        scores = [chooser.choice(OUTCOMES) for _ in tables]
        trial = night.copy()
        for table, (ns, ew) in zip(tables, scores, strict=True):
            trial.record(ROUNDS, table["table"], table["seats"], ns, ew)
        if a_tie_in_the_money(trial):
            return scores
    raise AssertionError("No last-round scores give a tie in the money: widen OUTCOMES.")


def board_rows(night: Night, started: int) -> list[dict[str, str]]:
    """The leaderboard page's rows as the rules say they read once `started` rounds began."""
    rows = standings(night)
    paid = prizes(rows)

    def cell(row: Row, number: int) -> str:
        if number in night.points[row.name]:
            return str(night.points[row.name][number])
        if number in night.sat_out[row.name]:
            return f"out +{shown(row.credit)}"
        return "—"  # not played yet, or before a late arrival's first round

    return [
        {
            "#": f"T{row.place}" if row.tied else str(row.place),
            "Player": row.name,
            "Points": shown(row.total),
            "Games won": str(row.won),
            "Best round": str(row.best),
            "Rounds": str(row.played),
            **{f"R{n}": cell(row, n) for n in range(1, started + 1)},
            "Prize": dollars(paid[row.name]),
        }
        for row in rows
    ]


# --- the pages ---


def set_up(page: Page, slug: str) -> None:
    page.goto(f"/tournaments/{slug}/manage/")
    page.get_by_role("link", name="Settings").click()
    page.get_by_label("Rounds").fill(str(ROUNDS))
    page.get_by_label("Seed").fill("7")
    page.get_by_label("Sit out rule").select_option("sit_out")
    page.get_by_label("Score for a round sat out").select_option("average")
    page.get_by_label("First tiebreak").select_option("games_won")
    page.get_by_label("Second tiebreak").select_option("best_round")
    page.get_by_label("Prizes (dollars, first place first)").fill("120, 80, 50.25, 25")
    page.get_by_role("button", name="Save").last.click()
    expect(page.get_by_text("Saved.")).to_be_visible()


def register_at_the_door(page: Page) -> None:
    page.get_by_role("link", name="Register a list").click()
    page.get_by_label("Players, one per line").fill("\n".join(PLAYERS))
    page.get_by_label("They are here: check them in too").uncheck()
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("New: 22 · Found: 0 · Duplicates (left out): 0")).to_be_visible()
    page.get_by_role("button", name="Register 22 players").click()
    expect(page.get_by_text("Registered 22 players.")).to_be_visible()
    here = [number for number, name in enumerate(PLAYERS, start=1) if name not in (NO_SHOW, LATE)]
    for count, number in enumerate(here, start=1):
        page.locator(f"#entry-{number}").get_by_role("button", name="Check in").click()
        expect(page.locator(f"#entry-{number}")).to_contain_text("Checked in")
        expect(page.locator('[data-count="checked_in"]')).to_have_text(str(count))  # at once


def row_of(page: Page, name: str):
    return page.locator(f"#entry-{PLAYERS.index(name) + 1}")


def sitters_now(page: Page, night: Night, number: int) -> None:
    """On the control page once round `number` has started: who sits it out, recorded."""
    expect(page.get_by_role("heading", name=f"Round {number} of {ROUNDS}")).to_be_visible()
    night.sit(number, page.evaluate(SITTING_OUT_JS))


def check_leaderboard(page: Page, slug: str, night: Night, started: int) -> list[dict]:
    """The whole leaderboard page, cell by cell, against the test's own arithmetic."""
    page.goto(f"/tournaments/{slug}/leaderboard/")
    board = page.evaluate(BOARD_JS)
    assert board == board_rows(night, started), f"the leaderboard after round {started} began"
    return board


def enter_round(page: Page, slug: str, number: int, night: Night, chooser: random.Random):
    """Type every table's card of the round on the score sheet and save it once."""
    page.goto(f"/tournaments/{slug}/manage/")
    page.get_by_role("button", name=f"Enter round {number}'s scores").click()
    expect(page.get_by_role("heading", name=f"Round {number} scores")).to_be_visible()
    tables = page.evaluate(SEATS_JS)
    sitters = page.evaluate(SITTING_OUT_JS)
    assert sitters == [name for name, rounds in night.sat_out.items() if number in rounds]
    seated = [name for table in tables for name in table["seats"].values()] + sitters
    assert len(tables) == 5 and len(seated) == len(set(seated))
    assert NO_SHOW not in seated, f"the no-show is seated in round {number}"
    assert (LATE in seated) == (number >= LATE_FROM), f"{LATE} in round {number}: {seated}"
    assert len(sitters) == (1 if number >= LATE_FROM else 0)

    scores = [chooser.choice(OUTCOMES) for _ in tables]
    if number == ROUNDS:
        scores = last_round_scores(night, tables)
    for table, (ns, ew) in zip(tables, scores, strict=True):
        for seat, value in zip("NSEW", (ns, ns, ew, ew), strict=True):
            page.locator(f"#id_t{table['table']}-{seat}").fill(str(value))
        night.record(number, table["table"], table["seats"], ns, ew)
    page.get_by_role("button", name=f"Save round {number}").click()
    expect(
        page.get_by_text(f"Round {number}: tables 1, 2, 3, 4 and 5 entered and confirmed.")
    ).to_be_visible()
    expect(page.locator("fieldset.score-row.is-confirmed")).to_have_count(5)


def test_a_progressive_night_with_a_no_show_a_late_arrival_and_a_tie_in_the_money(page):
    page.set_viewport_size({"width": 1366, "height": 900})
    dana = UserFactory(username="dana")  # no site role: staff of this one event only
    tournament = TournamentFactory(
        name="Friday Night Progressive",
        date=datetime.date.today(),
        format=Tournament.Format.PROGRESSIVE,
        rule_set=RuleSet.objects.get(slug="progressive"),
        director=dana,
    )
    other = TournamentFactory(name="Someone Else's Night")
    slug = tournament.slug
    log_in(page, "dana", PASSWORD)
    refused = (f"/tournaments/{other.slug}/manage/", "/tournaments/new/")
    assert [page.goto(url).status for url in refused] == [403, 403]  # another's event, a new one

    set_up(page, slug)
    register_at_the_door(page)
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("The tournament is under way.")).to_be_visible()
    for name in (NO_SHOW, LATE):
        expect(row_of(page, name)).to_contain_text("No-show")
    night = Night()
    for name in set(PLAYERS) - {NO_SHOW, LATE}:
        night.seat(name)
    sitters_now(page, night, 1)
    check_leaderboard(page, slug, night, started=1)

    chooser = random.Random(22)
    for number in range(1, ROUNDS + 1):
        if number == LATE_FROM - 1:  # the late arrival turns up while this round is played
            page.goto(f"/tournaments/{slug}/manage/")
            row_of(page, LATE).get_by_role("button", name="Arrived late").click()
            expect(page.get_by_text(f"{LATE} arrived: seated from the next round.")).to_be_visible()
            expect(row_of(page, LATE)).to_contain_text("Checked in")
            expect(row_of(page, LATE).locator(".badge")).to_have_text("late")
            night.seat(LATE)  # listed from now on, with nothing yet
            check_leaderboard(page, slug, night, started=number)
        enter_round(page, slug, number, night, chooser)
        page.goto(f"/tournaments/{slug}/manage/")
        expect(page.get_by_text("Every table has a confirmed card.")).to_be_visible()
        if number < ROUNDS:
            page.get_by_role("button", name=f"Start round {number + 1}").click()
            sitters_now(page, night, number + 1)
            # A round sat out is credited as soon as the round starts.
            check_leaderboard(page, slug, night, started=number + 1)
    page.get_by_role("button", name="Finish the tournament").click()
    expect(page.get_by_text("Final results are in.")).to_be_visible()

    expected = standings(night)
    paid = prizes(expected)
    assert sum(paid.values()) == sum(PRIZES)
    expect(page.locator(".champion")).to_contain_text(expected[0].name)

    # The public round pages: the no-show never at a table, the late arrival from round 3.
    for number in range(1, ROUNDS + 1):
        page.goto(f"/tournaments/{slug}/rounds/{number}/")
        body = page.locator("main").inner_text()
        assert (NO_SHOW in body, LATE in body) == (False, number >= LATE_FROM), number

    board = check_leaderboard(page, slug, night, started=ROUNDS)
    expect(page.locator("#sit-out-rule")).to_have_text(
        "A player who sits out a round scores their average per round played for it "
        "(to a tenth of a point)."
    )
    by_name = {row["Player"]: row for row in board}
    assert NO_SHOW not in by_name
    assert by_name[LATE]["R1"] == by_name[LATE]["R2"] == "—"  # neither played nor sat out
    # Each sitter is credited their average; one is a quarter rounded up (x.25 -> x.3).
    sitters = [row for row in expected if night.sat_out[row.name]]
    assert len(sitters) == ROUNDS - LATE_FROM + 1
    assert all(row.credit > 0 for row in sitters)
    quarter = next(row for row in sitters if row.played == 4 and row.game_points % 4 == 1)
    sat = night.sat_out[quarter.name][0]
    assert by_name[quarter.name][f"R{sat}"] == f"out +{quarter.game_points // 4}.3"
    # The tie: one shared place shown twice, the two prizes pooled and split to the cent.
    pair = [row for row in expected if row.tied and row.place <= len(PRIZES)]
    assert len(pair) == 2 and pair[0].place in (2, 3)
    place, (first, second) = pair[0].place, (by_name[row.name] for row in pair)
    pool = PRIZES[place - 1] + PRIZES[place]
    assert first["#"] == second["#"] == f"T{place}"
    # The odd cent goes to the one registered first.
    assert (first["Prize"], second["Prize"]) == (dollars(pool // 2 + 1), dollars(pool // 2))
    # The fairness sheet: every player's tables round by round, and the late arrival's
    # rounds before they came are not taken for rounds they played or sat out.
    page.goto(f"/tournaments/{slug}/fairness/")
    sheet = {name: (tables, sat) for name, tables, sat in page.evaluate(FAIRNESS_JS)}
    assert sheet == {name: night.fairness_row(name) for name in night.points}
    assert sheet[LATE][0].startswith("not here · not here · ")
    # The event's page shows the same top ten with their prizes.
    page.goto(f"/tournaments/{slug}/")
    assert page.evaluate(BOARD_JS) == [
        {key: value for key, value in row.items() if not re.fullmatch(r"R\d+", key)}
        for row in board[:10]
    ]
