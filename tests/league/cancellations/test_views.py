"""The cancellation pages: the form, the confirmation, the record, the decision, per role."""

import datetime

import pytest
from django.urls import reverse

from league.cancellations import decisions, services
from league.cancellations.models import Cancellation
from league.seasons.models import Fixture
from notices.models import Announcement, Notice, OutboxMessage
from tests.factories import captain_user, director_user, manager_user, player_user
from tests.league.cancellation_factories import (
    back_room,
    makeup,
    night,
    published_season,
)
from tests.league.factories import TUESDAY
from tests.notices.factories import SubscriptionFactory

pytestmark = pytest.mark.django_db

THURSDAY = TUESDAY + datetime.timedelta(days=2)


@pytest.fixture
def season():
    season = published_season()
    makeup(season, THURSDAY)
    return season


@pytest.fixture
def manager():
    return manager_user()


def _url(name, season, *extra):
    return reverse(f"league:{name}", args=[season.league.slug, season.slug, *extra])


def _form(**changes) -> dict:
    data = {"date": TUESDAY.isoformat(), "scope": "night", "reason": "weather", "details": ""}
    data.update(changes)
    return data


def _user(role, season):
    users = {
        "player": lambda: player_user(team=season.teams.first())[0],
        "captain": lambda: captain_user(team=season.teams.first())[0],
        "director": director_user,
        "manager": manager_user,
    }
    return users[role]() if role in users else None


def _cancellation(season, manager) -> Cancellation:
    return services.night_cancel(
        season=season, date=TUESDAY, scope="night", reason="weather", user=manager
    )


ROLES = [("anonymous", 302), ("player", 403), ("captain", 403), ("director", 403), ("manager", 200)]


@pytest.mark.parametrize(("role", "status"), ROLES)
def test_the_cancellation_pages_are_for_managers(client, season, role, status):
    cancellation = _cancellation(season, manager_user())
    user = _user(role, season)
    if user is not None:
        client.force_login(user)
    pages = [
        _url("cancel_play", season),
        _url("cancel_fixtures", season) + "?scope=fixtures&date=2030-09-10",
        _url("cancellation_detail", season, cancellation.pk),
        _url("cancellation_decide", season, cancellation.pk),
    ]
    for page in pages:
        assert client.get(page).status_code == status, page


@pytest.mark.parametrize("role", ["anonymous", "player", "captain", "director"])
def test_a_crafted_post_by_anyone_but_a_manager_changes_nothing(client, season, role):
    user = _user(role, season)
    if user is not None:
        client.force_login(user)
    before = dict(season.fixtures.values_list("pk", "status"))
    response = client.post(_url("cancel_play", season), _form(confirm="1"))
    assert response.status_code in (302, 403)
    assert response.status_code == 403 or "/login/" in response["Location"]
    cancellation = _cancellation(season, manager_user())
    response = client.post(
        _url("cancellation_decide", season, cancellation.pk), {"outcome": "shorten"}
    )
    assert response.status_code in (302, 403)
    cancellation.refresh_from_db()
    assert cancellation.outcome == "undecided"
    assert Cancellation.objects.count() == 1 and Notice.objects.count() == 1
    after = dict(season.fixtures.values_list("pk", "status"))
    tuesday = {f.pk for f in night(season)}
    assert {pk: s for pk, s in after.items() if pk not in tuesday} == {
        pk: s for pk, s in before.items() if pk not in tuesday
    }


def test_the_form_offers_the_next_night_with_play(client, season, manager, settings):
    client.force_login(manager)
    response = client.get(_url("cancel_play", season))
    assert response.status_code == 200
    assert response.context["form"].initial["date"] == TUESDAY
    assert b"Review before cancelling" in response.content


def test_reviewing_shows_how_many_fixtures_and_people_before_anything_changes(
    client, season, manager
):
    SubscriptionFactory(league=season.league, by_sms=True, player__phone="317 555 0199")
    client.force_login(manager)
    response = client.post(_url("cancel_play", season), _form(details="Snow."))
    assert response.status_code == 200
    html = response.content.decode()
    assert "4 fixtures</strong> will be cancelled" in html
    assert "17 people</strong> will be notified" in html
    assert "17 emails and 1 text message" in html
    assert "This will email 17 people and text 1." in html
    assert 'name="confirm" value="1"' in html
    assert not Cancellation.objects.exists() and not Notice.objects.exists()
    assert set(season.fixtures.values_list("status", flat=True)) == {"scheduled"}


def test_confirming_cancels_and_shows_the_record_with_its_delivery(client, season, manager):
    client.force_login(manager)
    response = client.post(_url("cancel_play", season), _form(confirm="1", details="Snow."))
    cancellation = Cancellation.objects.get()
    assert response.status_code == 302
    assert response["Location"] == _url("cancellation_detail", season, cancellation.pk)
    assert cancellation.fixtures.count() == 4 and cancellation.details == "Snow."
    notice = Notice.objects.get()
    page = client.get(response["Location"])
    html = page.content.decode()
    assert "Play cancelled: 4 fixtures" in html
    assert reverse("notices:notice_detail", args=[notice.pk]) in html
    assert reverse("notices:outbox") in html
    # Tests deliver eagerly only on commit: the 8 captains' emails are still pending here.
    assert "Email: 0 sent · 16 pending · 0 failed" in html
    assert "Reschedule or shorten the season" in html


def test_the_same_confirmation_posted_twice_cancels_and_notifies_once(client, season, manager):
    client.force_login(manager)
    client.post(_url("cancel_play", season), _form(confirm="1"))
    again = client.post(_url("cancel_play", season), _form(confirm="1"))
    assert again.status_code == 200
    assert "Play on Tue 3 Sep 2030 is already cancelled." in again.content.decode()
    assert Cancellation.objects.count() == 1
    assert Notice.objects.count() == 1 and Announcement.objects.count() == 1
    assert OutboxMessage.objects.count() == 16


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_form(date="2030-09-04"), "Nothing is scheduled on Wed 4 Sep 2030."),
        (_form(scope="venue"), "Choose the venue where play is cancelled."),
        (_form(scope="fixtures"), "Tick the fixtures to cancel."),
        (_form(date="not a date"), "Enter a valid date."),
        (_form(scope="everything"), "Select a valid choice."),
        (_form(reason=""), "This field is required."),
        (_form(fixtures=["abc"], scope="fixtures"), "is not a valid value"),
        (_form(fixtures=["999999"], scope="fixtures"), "Select a valid choice"),
        (_form(venue="999999", scope="venue"), "Select a valid choice"),
    ],
)
def test_bad_input_is_explained_on_the_form_and_changes_nothing(
    client, season, manager, data, message
):
    client.force_login(manager)
    for extra in ({}, {"confirm": "1"}):
        response = client.post(_url("cancel_play", season), {**data, **extra})
        assert response.status_code == 200
        assert message in response.content.decode()
    assert not Cancellation.objects.exists() and not Notice.objects.exists()


def test_a_venue_is_cancelled_from_the_form(client, season, manager):
    client.force_login(manager)
    venue = back_room(season)
    client.post(_url("cancel_play", season), _form(scope="venue", venue=venue.pk, confirm="1"))
    cancellation = Cancellation.objects.get()
    assert cancellation.venue == venue and cancellation.fixtures.count() == 2


def test_ticked_fixtures_are_cancelled_from_the_form(client, season, manager):
    client.force_login(manager)
    tuesday = night(season)
    data = _form(scope="fixtures", fixtures=[tuesday[0].pk, tuesday[3].pk], on_site="on")
    review = client.post(_url("cancel_play", season), data)
    assert "2 fixtures</strong> will be cancelled" in review.content.decode()
    assert "captains of the teams still scheduled" in review.content.decode()
    client.post(_url("cancel_play", season), {**data, "confirm": "1"})
    cancellation = Cancellation.objects.get()
    assert set(cancellation.fixtures.all()) == {tuesday[0], tuesday[3]} and cancellation.on_site


def test_change_something_goes_back_to_the_filled_form(client, season, manager):
    client.force_login(manager)
    response = client.post(_url("cancel_play", season), _form(details="Flooded.", edit="1"))
    assert response.status_code == 200
    assert b"Review before cancelling" in response.content and b"Flooded." in response.content
    assert not Cancellation.objects.exists()


def test_the_night_fixtures_load_as_checkboxes_for_single_fixtures(client, season, manager):
    client.force_login(manager)
    tuesday = night(season)
    url = _url("cancel_fixtures", season)
    response = client.get(url, {"scope": "fixtures", "date": "2030-09-03"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.count('name="fixtures"') == 4
    assert all(f'value="{f.pk}"' in html for f in tuesday)
    ticked = client.get(
        url, {"scope": "fixtures", "date": "2030-09-03", "fixtures": [tuesday[1].pk]}
    ).content.decode()
    assert ticked.count("checked") == 1
    assert "name=" not in client.get(url, {"scope": "night", "date": "2030-09-03"}).content.decode()
    garbage = client.get(url, {"scope": "fixtures", "date": "soon"})
    assert garbage.status_code == 200 and "name=" not in garbage.content.decode()
    empty = client.get(url, {"scope": "fixtures", "date": "2030-09-04"}).content.decode()
    assert "Nothing is scheduled that night." in empty


def test_deciding_to_reschedule_from_the_page(client, season, manager):
    cancellation = _cancellation(season, manager)
    client.force_login(manager)
    page = client.get(_url("cancellation_decide", season, cancellation.pk)).content.decode()
    assert page.count("→ Thu 5 Sep") == 4
    tuesday = night(season)
    response = client.post(
        _url("cancellation_decide", season, cancellation.pk),
        {"outcome": "reschedule", "note": "See you Thursday.", f"move_{tuesday[0].pk}": ""},
    )
    assert response.status_code == 302
    cancellation.refresh_from_db()
    assert cancellation.outcome == "reschedule" and cancellation.outcome_note == "See you Thursday."
    assert set(
        Fixture.objects.filter(pk__in=[f.pk for f in tuesday]).values_list("date", flat=True)
    ) == {THURSDAY}
    detail = client.get(response["Location"]).content.decode()
    assert "Scheduled Thu 5 Sep" in detail and "Reschedule or shorten" not in detail


def test_a_refused_decision_is_explained_on_the_page(client, season, manager):
    cancellation = _cancellation(season, manager)
    client.force_login(manager)
    tuesday = night(season)
    response = client.post(
        _url("cancellation_decide", season, cancellation.pk),
        {"outcome": "reschedule", f"move_{tuesday[0].pk}": "2031-01-01"},
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    response = client.post(_url("cancellation_decide", season, cancellation.pk), {"outcome": "x"})
    assert response.status_code == 200
    cancellation.refresh_from_db()
    assert cancellation.outcome == "undecided"


def test_deciding_to_shorten_from_the_page(client, season, manager):
    cancellation = _cancellation(season, manager)
    client.force_login(manager)
    client.post(_url("cancellation_decide", season, cancellation.pk), {"outcome": "shorten"})
    cancellation.refresh_from_db()
    assert cancellation.outcome == "shorten"
    detail = client.get(_url("cancellation_detail", season, cancellation.pk)).content.decode()
    assert "Shorten the season" in detail and "Reschedule them after all" in detail


def test_another_seasons_cancellation_is_not_found_here(client, season, manager):
    other = published_season()
    cancellation = _cancellation(other, manager)
    client.force_login(manager)
    assert client.get(_url("cancellation_detail", season, cancellation.pk)).status_code == 404
    assert client.get(_url("cancellation_decide", season, cancellation.pk)).status_code == 404


def test_the_dashboard_lists_cancellations_and_links_the_form(client, season, manager):
    cancellation = _cancellation(season, manager)
    client.force_login(manager)
    html = client.get(_url("season_dashboard", season)).content.decode()
    assert _url("cancel_play", season) in html
    assert _url("cancellation_detail", season, cancellation.pk) in html
    assert "4 fixtures, weather" in html


def test_the_public_season_page_shows_cancelled_fixtures_and_the_announcements(
    client, season, manager, django_assert_max_num_queries
):
    cancellation = _cancellation(season, manager)
    decisions.cancellation_decide(
        cancellation=_cancellation_for_venue_night(season, manager),
        outcome="shorten",
        user=manager,
    )
    url = season.get_absolute_url()
    with django_assert_max_num_queries(12):
        response = client.get(url)
    html = response.content.decode()
    assert "Cancelled play" in html
    first = cancellation.fixtures.first()
    assert f"<del>{first.home} v {first.away}</del>" in html
    assert "Play cancelled Tue 3 Sep 2030 — weather" in html
    assert reverse("notices:league_feed", args=[season.league.slug]) in html
    assert "not replayed" in html
    league_page = client.get(reverse("league:league_detail", args=[season.league.slug]))
    assert "Play cancelled Tue 3 Sep 2030 — weather" in league_page.content.decode()


def _cancellation_for_venue_night(season, manager) -> Cancellation:
    return services.night_cancel(
        season=season,
        date=TUESDAY + datetime.timedelta(weeks=1),
        scope="fixtures",
        fixtures=night(season, TUESDAY + datetime.timedelta(weeks=1))[:1],
        reason="facility",
        user=manager,
    )


def test_the_public_page_stays_within_its_queries_with_many_cancellations(
    client, manager, django_assert_max_num_queries
):
    season = published_season(weeks=6)
    for week in range(6):
        services.night_cancel(
            season=season,
            date=TUESDAY + datetime.timedelta(weeks=week),
            scope="night",
            reason="weather",
            user=manager,
        )
    with django_assert_max_num_queries(12):
        response = client.get(season.get_absolute_url())
    assert response.content.decode().count('class="cancelled-night"') == 6


def test_the_decide_page_says_why_nothing_can_be_placed(client, manager):
    season = published_season()
    cancellation = _cancellation(season, manager)
    client.force_login(manager)
    url = _url("cancellation_decide", season, cancellation.pk)
    assert "The season has no makeup dates ahead" in client.get(url).content.decode()
    makeup(season, THURSDAY)
    for fixture in night(season):  # every team already plays that Thursday
        Fixture.objects.create(
            season=season, week=9, date=THURSDAY, home=fixture.home, away=fixture.away
        )
    assert "No makeup date has room for" in client.get(url).content.decode()


def test_after_a_cancellation_the_form_offers_the_next_night_still_to_play(client, season, manager):
    _cancellation(season, manager)
    client.force_login(manager)
    response = client.get(_url("cancel_play", season))
    assert response.context["form"].initial["date"] == TUESDAY + datetime.timedelta(weeks=1)


def test_with_no_makeup_dates_the_decision_links_to_where_they_are_added(client, manager):
    season = published_season()  # no makeup night
    cancellation = _cancellation(season, manager)
    client.force_login(manager)
    url = _url("cancellation_decide", season, cancellation.pk)
    setup = _url("season_setup", season) + "#dates"
    page = client.get(url).content.decode()
    assert f'add one on the <a href="{setup}">setup page</a>.' in page
    refused = client.post(url, {"outcome": "reschedule"}).content.decode()
    assert f'add one on the <a href="{setup}">setup page</a>, or shorten the season.' in refused
    cancellation.refresh_from_db()
    assert cancellation.outcome == "undecided"


def test_a_night_that_has_passed_links_to_the_schedule(client, season, manager):
    client.force_login(manager)
    page = client.post(_url("cancel_play", season), _form(date="2020-09-01")).content.decode()
    schedule = _url("season_schedule", season)
    assert f'change its fixtures from the <a href="{schedule}">schedule</a> instead.' in page


def test_reviewing_links_the_page_the_announcement_goes_on(client, season, manager):
    client.force_login(manager)
    html = client.post(_url("cancel_play", season), _form()).content.decode()
    announcements = reverse("notices:announcements", args=[season.league.slug])
    assert f'goes on the <a href="{announcements}">league\'s announcements page</a>' in html
