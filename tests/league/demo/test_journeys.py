"""Every account `load_demo` prints finishes its journey, on any day the demo is loaded.

The demo is loaded today (once for the package), then again with the clock moved on a
thousand days, which rebuilds it for that day: every journey runs on both, proving every
date is relative to the day of loading and that a later day's `make demo` still works.
Each test runs in a savepoint, so the journeys don't see each other's changes. Each journey logs in
through the login page and acts through the pages, as the person would.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.demo import DEMO_PASSWORD
from league.demo.dates import TONIGHT_WEEK
from league.demo.nights import Tonight, tonight
from league.demo.people import captain_username
from league.demo.seasons import demo_season
from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.models import Fixture, Season, Waiver
from scoring.handrows import final_keys
from scoring.models import Game, Scorecard
from tests.league.demo.loading import demo_loaded
from tournaments.demo import PROGRESSIVE
from tournaments.models import Round, Tournament
from tournaments.services.progressive import round_unconfirmed_tables
from wording import when

pytestmark = pytest.mark.django_db

DAYS = {"today": 0, "in a thousand days": 1000}


@dataclass
class Demo:
    out: str
    season: Season
    night: Tonight

    def usernames(self) -> set[str]:
        """Every username printed with the demo password."""
        return set(re.findall(rf"([\w-]+) / {DEMO_PASSWORD}", self.out)) - {"captain-<team>"}


@pytest.fixture(scope="module", params=list(DAYS))
def demo(request, demo_today, django_db_blocker) -> Iterator[Demo]:
    """Today's demo; or, the clock moved on, the demo loaded again (so rebuilt) that day."""

    def loaded(out: str) -> Demo:
        with django_db_blocker.unblock():
            season = demo_season()
            return Demo(out, season, tonight(season))

    if not DAYS[request.param]:
        yield loaded(demo_today)
        return
    with demo_loaded(django_db_blocker, days=DAYS[request.param]) as out:
        yield loaded(out)


def log_in(client, username: str) -> None:
    response = client.post(reverse("login"), {"username": username, "password": DEMO_PASSWORD})
    assert response.status_code == 302, f"{username} / {DEMO_PASSWORD} doesn't log in"


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def cards(fixture: Fixture) -> list[str]:
    return list(
        Scorecard.objects.filter(game__fixture_game__fixture=fixture)
        .order_by("game__fixture_game__number")
        .values_list("status", flat=True)
    )


def opponent_of_demo(night: Tonight):  # type: ignore[no-untyped-def]
    fixture = night.demo
    return fixture.away if fixture.home.name == "Left Bowers" else fixture.home


def test_the_demo_is_dated_from_the_day_it_is_loaded(demo):
    today = timezone.localdate()
    season = demo.season
    assert season.league_night == today.weekday()
    assert demo.night.demo.date == today and demo.night.demo.week == TONIGHT_WEEK
    assert season.fixtures.filter(date__lt=today, fixture_games__isnull=True).count() == 0
    assert season.fixtures.filter(date__gt=today, status="scheduled").exists()
    assert list(season.snapshots.values_list("week", flat=True).order_by("week")) == [7, 8]
    progressive = Tournament.objects.get(slug=PROGRESSIVE)  # today's, beside the past nights
    assert progressive.date == today and progressive.status == Tournament.Status.RUNNING
    assert f"Demo data loaded for today, {when.day(today)}." in demo.out


def test_every_account_printed_logs_in_and_has_a_journey_here(demo, client):
    printed = demo.usernames() | set(re.findall(r"captain-[a-z0-9]+(?:-[a-z0-9]+)*", demo.out))
    night = demo.night
    journeys = {
        "manager",
        "director",
        "scorekeeper",
        "captain",
        "player",
        "sub",
        captain_username(opponent_of_demo(night)),
        captain_username(night.waiting.away),
        "captain-right-bowers",
    }
    assert printed == journeys
    for username in printed:
        log_in(client, username)


def test_the_captain_enters_tonights_card_and_it_is_accepted(demo, client):
    fixture = demo.night.demo
    log_in(client, "captain")
    page = client.get(reverse("league:fixture_detail", args=[fixture.pk]))
    assert page.status_code == 200 and 'name="home_1"' in page.content.decode()
    scores = {"home_1": 10, "away_1": 7, "home_2": 6, "away_2": 10, "home_3": 10, "away_3": 8}
    response = client.post(reverse("league:fixture_submit", args=[fixture.pk]), scores, follow=True)
    assert response.status_code == 200
    assert "waiver" not in messages_of(response).lower()
    assert cards(fixture) == ["submitted", "submitted", "submitted"]


def test_the_captain_confirms_the_rivals_scorecard(demo, client):
    game = Game.objects.get(label="Scorecard demo · Game 2")
    log_in(client, "captain")
    assert client.get(reverse("scoring:game_detail", args=[game.pk])).status_code == 200
    version = game.scorecard.current_version
    client.post(reverse("scoring:game_confirm", args=[game.pk]), {"version": version.pk})
    game.scorecard.refresh_from_db()
    assert game.scorecard.status == Scorecard.Status.CONFIRMED


def test_the_opposing_captain_logs_in_and_confirms_tonights_card(demo, client):
    fixture = demo.night.demo
    captain = fixture.home.roster.get(role="captain").player.user
    if fixture.home.name != "Left Bowers":
        captain = fixture.away.roster.get(role="captain").player.user
    fixture_submit_scores(
        fixture=fixture, user=captain, scores=[GameScore(1, 10, 4), GameScore(2, 10, 9)]
    )
    opponent = opponent_of_demo(demo.night)
    username = opponent.roster.get(role="captain").player.user.username
    assert f"{username} confirms it" in demo.out
    log_in(client, username)
    response = client.post(reverse("league:fixture_confirm", args=[fixture.pk]), follow=True)
    assert "Confirmed 2 cards" in messages_of(response)
    assert cards(fixture)[:2] == ["confirmed", "confirmed"]


def test_the_other_captain_confirms_the_card_waiting_tonight(demo, client):
    waiting = demo.night.waiting
    username = waiting.away.roster.get(role="captain").player.user.username
    assert f"waiting for {username} to confirm" in demo.out
    log_in(client, username)
    response = client.post(reverse("league:fixture_confirm", args=[waiting.pk]), follow=True)
    assert "Confirmed 3 cards" in messages_of(response)
    assert cards(waiting) == ["confirmed", "confirmed", "confirmed"]


def test_the_manager_settles_the_dispute_and_cancels_a_night_ahead(demo, client):
    season = demo.season
    slugs = {"league": season.league.slug, "season": season.slug}
    log_in(client, "manager")
    assert client.get(reverse("league:season_dashboard", kwargs=slugs)).status_code == 200
    disputed = Game.objects.get(
        fixture_game__fixture=demo.night.disputed, scorecard__status=Scorecard.Status.DISPUTED
    )
    keys = final_keys(disputed.rule_set.to_spec())
    settle = {"reason": "Checked the tally sheet.", "basis": "final"}
    settle |= {f"score_{key}": score for key, score in zip(keys, (9, 10), strict=True)}
    client.post(reverse("scoring:game_settle", args=[disputed.pk]), settle)
    disputed.scorecard.refresh_from_db()
    assert disputed.scorecard.status == Scorecard.Status.SETTLED

    ahead = season.fixtures.filter(date__gt=timezone.localdate()).order_by("date").first()
    form = {"date": ahead.date.isoformat(), "scope": "night", "reason": "weather"}
    cancel = reverse("league:cancel_play", kwargs=slugs)
    assert client.post(cancel, form).status_code == 200  # the preview: who will be told
    client.post(cancel, form | {"confirm": "1"})
    night = season.fixtures.filter(date=ahead.date, away__isnull=False)
    # The two fixtures forfeited ahead are decided already; every other one is cancelled.
    decided = night.filter(forfeits__reason="announced")
    assert set(decided.values_list("status", flat=True)) == {Fixture.Status.PLAYED}
    assert decided.count() == 2
    assert set(night.exclude(pk__in=decided).values_list("status", flat=True)) == {
        Fixture.Status.CANCELLED
    }


def _settle_tables(client, tables) -> None:  # type: ignore[no-untyped-def]
    for table in tables:
        keys = final_keys(table.game.rule_set.to_spec())
        form = {"reason": "Card handed in.", "basis": "final"}
        form |= {f"score_{key}": 4 + (n % 2) for n, key in enumerate(keys)}
        response = client.post(reverse("scoring:game_settle", args=[table.game_id]), form)
        assert response.status_code == 302, response.content.decode()[:2000]


def _open_tables(tournament: Tournament):  # type: ignore[no-untyped-def]
    row = Round.objects.get(tournament=tournament, number=tournament.current_round)
    waiting = round_unconfirmed_tables(row)
    return list(row.tables.filter(number__in=waiting).select_related("game__rule_set"))


def test_the_director_enters_the_last_cards_and_starts_the_next_round(demo, client):
    progressive = Tournament.objects.get(slug=PROGRESSIVE)  # today's, beside the past nights
    log_in(client, "director")
    manage = reverse("tournaments:manage", args=[progressive.slug])
    assert client.get(manage).status_code == 200
    tables = _open_tables(progressive)
    assert tables
    _settle_tables(client, tables)
    client.post(reverse("tournaments:round_next", args=[progressive.slug]))
    progressive.refresh_from_db()
    assert progressive.current_round == 4
    for event in Tournament.objects.all():  # the director runs every demo event
        assert client.get(reverse("tournaments:manage", args=[event.slug])).status_code == 200


def test_the_scorekeeper_enters_a_progressive_card(demo, client):
    progressive = Tournament.objects.get(slug=PROGRESSIVE)  # today's, beside the past nights
    table = _open_tables(progressive)[0]
    log_in(client, "scorekeeper")
    assert client.get(reverse("scoring:game_detail", args=[table.game_id])).status_code == 200
    _settle_tables(client, [table])
    assert table.number not in round_unconfirmed_tables(table.round)
    other = Tournament.objects.exclude(pk=progressive.pk).first()
    assert client.get(reverse("tournaments:manage", args=[other.slug])).status_code == 403


def test_the_player_signs_the_waiver(demo, client):
    season = demo.season
    url = reverse("league:waiver_sign", kwargs={"league": "cca", "season": season.slug})
    assert url in demo.out
    log_in(client, "player")
    assert client.get(url).status_code == 200
    client.post(url, {"typed_name": "Pat Player", "agree": "on"})
    assert Waiver.objects.filter(season=season, player__user__username="player").exists()


def test_right_bowers_captain_enters_the_scorecard_demos_last_game(demo, client):
    game = Game.objects.get(label="Scorecard demo · Game 4")
    log_in(client, "captain-right-bowers")
    assert client.get(reverse("scoring:game_detail", args=[game.pk])).status_code == 200
    keys = final_keys(game.rule_set.to_spec())
    form = {"side": "EW"} | {f"score_{k}": v for k, v in zip(keys, (6, 10), strict=True)}
    client.post(reverse("scoring:entry_submit_final", args=[game.pk]), form)
    card = Scorecard.objects.get(game=game)
    assert card.status == Scorecard.Status.SUBMITTED
    assert card.current_version.submitted_by.username == "captain-right-bowers"
