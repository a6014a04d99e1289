"""League-night pages: the fixture page, captains' submit/confirm/dispute, closing, the queue."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from league.nights.models import FixtureClosure, FixtureGame
from league.nights.services.results import GameScore, fixture_submit_scores
from league.seasons.models import Fixture
from scoring.models import Scorecard, ScorecardVersion
from tests.factories import director_user, manager_user, player_user
from tests.league.night_factories import night, night_season, play, ready_team
from wording.when import when

pytestmark = pytest.mark.django_db

SCORES = {"home_1": "10", "away_1": "4", "home_2": "7", "away_2": "10", "home_3": "", "away_3": ""}


def _user(who, n):
    return {
        "anonymous": lambda: None,
        "player": lambda: player_user(team=n.home)[0],
        "other_captain": lambda: ready_team(n.season, "Bystanders")[0],
        "director": director_user,
        "home_captain": lambda: n.home_captain,
        "away_captain": lambda: n.away_captain,
        "manager": manager_user,
    }[who]()


def _as(client, user):
    if user is not None:
        client.force_login(user)
    return client


def test_anyone_reads_a_fixture_with_its_scores_and_forfeit_marks(client):
    n = night()
    play(n.fixture, (10, 4), (3, 10), (10, 9))
    response = client.get(reverse("league:fixture_detail", args=[n.fixture.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "sits N-S and enters the card" in html
    assert 'data-total="home">2<' in html and 'data-total="away">1<' in html
    assert "Enter the final scores" not in html
    for fixture_game in FixtureGame.objects.filter(fixture=n.fixture):  # each game's card
        card = reverse("scoring:game_detail", args=[fixture_game.game_id])
        assert f'<a href="{card}">Confirmed</a>' in html


def test_the_home_captain_sees_the_score_form_and_games_are_created_lazily(client):
    n = night()
    assert not FixtureGame.objects.filter(fixture=n.fixture).exists()
    response = _as(client, n.home_captain).get(
        reverse("league:fixture_detail", args=[n.fixture.pk])
    )
    assert "Enter the final scores" in response.content.decode()
    assert FixtureGame.objects.filter(fixture=n.fixture).count() == 3


def test_an_unpublished_seasons_fixture_is_hidden_from_the_public(client):
    n = night(night_season(schedule_state="draft"))
    assert client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).status_code == 404
    manager_page = _as(client, manager_user()).get(
        reverse("league:fixture_detail", args=[n.fixture.pk])
    )
    assert manager_page.status_code == 200


@pytest.mark.parametrize(
    ("who", "status", "versions"),
    [
        ("anonymous", 302, 0),
        ("player", 403, 0),
        ("other_captain", 403, 0),
        ("director", 403, 0),
        ("home_captain", 302, 2),
        ("manager", 302, 2),
    ],
)
def test_submitting_scores_per_role(client, who, status, versions):
    n = night()
    url = reverse("league:fixture_submit", args=[n.fixture.pk])
    response = _as(client, _user(who, n)).post(url, SCORES)
    assert response.status_code == status
    if who == "anonymous":
        assert "/accounts/login/" in response["Location"]
    assert ScorecardVersion.objects.count() == versions


def test_bad_scores_get_a_clear_message_and_change_nothing(client):
    n = night()
    url = reverse("league:fixture_submit", args=[n.fixture.pk])
    _as(client, n.home_captain)
    for data in (
        {"home_1": "abc", "away_1": "4"},
        {"home_1": "10"},
        {},
        {"home_1": "8", "away_1": "4"},
    ):
        response = client.post(url, data, follow=True)
        assert response.status_code == 200
        assert "message-error" in response.content.decode()
    assert ScorecardVersion.objects.count() == 0


@pytest.mark.parametrize(
    ("who", "status", "confirmed"),
    [
        ("anonymous", 302, 0),
        ("player", 403, 0),
        ("other_captain", 403, 0),
        ("director", 403, 0),
        ("home_captain", 302, 0),  # the submitter: refused with a message
        ("away_captain", 302, 2),
    ],
)
def test_confirming_per_role(client, who, status, confirmed):
    n = night()
    fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4), GameScore(2, 10, 8)]
    )
    url = reverse("league:fixture_confirm", args=[n.fixture.pk])
    response = _as(client, _user(who, n)).post(url)
    assert response.status_code == status
    assert Scorecard.objects.filter(status="confirmed").count() == confirmed


def test_the_away_captain_sees_what_waits_and_disputes_one_card(client):
    n = night()
    fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4), GameScore(2, 10, 8)]
    )
    _as(client, n.away_captain)
    page = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert "Confirm both cards" in page
    url = reverse("league:fixture_dispute", args=[n.fixture.pk])
    client.post(url, {"number": "2", "reason": "We won that one 10-8."})
    statuses = dict(
        FixtureGame.objects.filter(fixture=n.fixture).values_list(
            "number", "game__scorecard__status"
        )
    )
    assert statuses[1] == "submitted" and statuses[2] == "disputed"
    refused = client.post(url, {"number": "x", "reason": ""}, follow=True)
    assert "Say which game" in refused.content.decode()


def test_the_home_captain_cannot_dispute_their_own_card(client):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    url = reverse("league:fixture_dispute", args=[n.fixture.pk])
    response = _as(client, n.home_captain).post(url, {"number": "1", "reason": "no"}, follow=True)
    assert "message-error" in response.content.decode()
    assert Scorecard.objects.get().status == "submitted"


@pytest.mark.parametrize(
    ("who", "status", "closed"),
    [
        ("anonymous", 302, False),
        ("player", 403, False),
        ("home_captain", 403, False),
        ("director", 403, False),
        ("manager", 302, True),
    ],
)
def test_closing_per_role(client, who, status, closed):
    n = night(date=timezone.localdate() - datetime.timedelta(days=7))
    url = reverse("league:fixture_close", args=[n.fixture.pk])
    response = _as(client, _user(who, n)).post(url, {"reason": "No cards after two days."})
    assert response.status_code == status
    assert FixtureClosure.objects.filter(fixture=n.fixture).exists() is closed


def test_a_manager_is_told_when_the_grace_period_ends(client):
    n = night(date=timezone.localdate())
    url = reverse("league:fixture_close", args=[n.fixture.pk])
    response = _as(client, manager_user()).post(url, {"reason": "Too soon."}, follow=True)
    assert "have until" in response.content.decode()
    assert not FixtureClosure.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "home_captain", "manager"])
def test_a_fixture_stored_on_the_last_night_of_9999_still_has_its_page(client, who):
    """Stored before dates were bounded: its grace period ends at the last representable
    moment rather than breaking the page."""
    n = night()
    Fixture.objects.filter(pk=n.fixture.pk).update(
        date=datetime.date(9999, 12, 31), start_time=datetime.time(23, 30)
    )
    response = _as(client, _user(who, n)).get(reverse("league:fixture_detail", args=[n.fixture.pk]))
    assert response.status_code == 200
    assert "9999" in response.content.decode()


def test_the_night_page_lists_the_fixtures_with_their_scores(client):
    season = night_season()
    first = night(season)
    night(season)
    play(first.fixture, (10, 4), (10, 2))
    date = first.fixture.date.isoformat()
    response = client.get(
        reverse("league:night_detail", args=[season.league.slug, season.slug, date])
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "10-4, 10-2, ·" in html
    assert "1 game still open" in html
    for bad in ("2020-01-01", "not-a-date"):
        url = reverse("league:night_detail", args=[season.league.slug, season.slug, bad])
        assert client.get(url).status_code == 404


@pytest.mark.parametrize("who", ["anonymous", "player", "home_captain", "director"])
def test_the_results_queue_is_for_managers(client, who):
    n = night()
    url = reverse("league:results_queue", args=[n.season.league.slug, n.season.slug])
    assert _as(client, _user(who, n)).get(url).status_code in (302, 403)


def test_the_results_queue_lists_open_games_in_a_fixed_number_of_queries(
    client, django_assert_max_num_queries
):
    season = night_season()
    manager = manager_user()
    client.force_login(manager)
    url = reverse("league:results_queue", args=[season.league.slug, season.slug])

    def count_queries(fixtures: int) -> int:
        for _ in range(fixtures):
            n = night(season)
            fixture_submit_scores(
                fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)]
            )
        with django_assert_max_num_queries(20) as captured:
            response = client.get(url)
        assert response.status_code == 200
        return len(captured)

    few = count_queries(2)
    many = count_queries(8)
    assert few == many
    assert "waiting for confirmation" in response_text(client, url).lower()


def response_text(client, url):
    return client.get(url).content.decode()


@pytest.mark.parametrize(
    ("who", "status", "disputed"),
    [
        ("anonymous", 302, False),
        ("player", 403, False),
        ("other_captain", 403, False),
        ("director", 403, False),
        ("away_captain", 302, True),
    ],
)
def test_disputing_per_role(client, who, status, disputed):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    url = reverse("league:fixture_dispute", args=[n.fixture.pk])
    response = _as(client, _user(who, n)).post(url, {"number": "1", "reason": "Wrong total."})
    assert response.status_code == status
    assert (Scorecard.objects.get().status == "disputed") is disputed


def test_the_queue_groups_open_fixtures_by_night(client):
    season = night_season()
    first, second = night(season, week=1), night(season, week=2)
    client.force_login(manager_user())
    page = client.get(
        reverse("league:results_queue", args=[season.league.slug, season.slug])
    ).content.decode()
    assert page.count('class="night-heading"') == 2
    assert page.index(f"open-{first.fixture.pk}") < page.index(f"open-{second.fixture.pk}")


@pytest.mark.parametrize("who", ["home_captain", "away_captain", "manager"])
def test_before_its_night_the_page_says_when_entry_opens(client, who):
    n = night(date=timezone.localdate() + datetime.timedelta(days=3))
    url = reverse("league:fixture_detail", args=[n.fixture.pk])
    html = _as(client, _user(who, n)).get(url).content.decode()
    opens = when(timezone.make_aware(datetime.datetime.combine(n.fixture.date, datetime.time())))
    assert f"Entry opens {opens}" in html
    assert "12:00 AM" in opens  # the start of the fixture's day, in the league's time zone
    assert "Enter the final scores" not in html


def test_the_public_and_a_played_night_say_nothing_of_entry_opening(client):
    later = night(date=timezone.localdate() + datetime.timedelta(days=3))
    assert (
        "Entry opens"
        not in client.get(
            reverse("league:fixture_detail", args=[later.fixture.pk])
        ).content.decode()
    )
    tonight = night(later.season, week=2, date=timezone.localdate())
    html = (
        _as(client, tonight.home_captain)
        .get(reverse("league:fixture_detail", args=[tonight.fixture.pk]))
        .content.decode()
    )
    assert "Entry opens" not in html and "Enter the final scores" in html


def test_closing_says_which_games_stand_and_which_have_no_result(client):
    n = night(date=timezone.localdate() - datetime.timedelta(days=7))
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    url = reverse("league:fixture_close", args=[n.fixture.pk])
    response = _as(client, manager_user()).post(url, {"reason": "No cards."}, follow=True)
    assert (
        "Fixture closed: the card of game 1 stands as entered; games 2 and 3 booked as no result."
        in response.content.decode()
    )
