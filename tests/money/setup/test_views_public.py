"""The public side: /money/ lists the sign-ups open now; the season's and the event's pages
say "Registration is open — sign up" with the places left or the waitlist, and give their
staff the "Sign-up and fees" link."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from money.models import Registration
from tests.factories import SeasonFactory, UserFactory, director_user, manager_user
from tests.money.factories import EventSignUpFactory, RegistrationFactory, SeasonSignUpFactory

pytestmark = pytest.mark.django_db

OPEN = "Registration is open — sign up"


def test_the_index_lists_only_the_sign_ups_open_now(client) -> None:
    season = SeasonSignUpFactory(fee_cents=2500, places=8)
    event = EventSignUpFactory(places=2)
    now = timezone.now()
    EventSignUpFactory(opens_at=now + datetime.timedelta(days=1))  # not yet
    late = EventSignUpFactory(
        opens_at=now - datetime.timedelta(days=3), closes_at=now - datetime.timedelta(days=1)
    )
    RegistrationFactory(sign_up=event, place=1)
    RegistrationFactory(sign_up=event, place=2)
    RegistrationFactory(
        sign_up=event, place=None, state=Registration.State.WAITLISTED, waitlist_position=1
    )
    response = client.get(reverse("money:index"))
    page = response.content.decode()
    assert response.status_code == 200
    assert season.season.name in page and event.tournament.name in page
    assert late.tournament.name not in page
    assert "$25.00 per team" in page and "8 of 8 left" in page
    assert "full: waitlist (1 waiting)" in page
    assert reverse("money:register", args=[season.pk]) in page


def test_the_index_says_when_nothing_is_open(client) -> None:
    assert b"No season or event is taking registrations" in client.get("/money/").content


def test_the_index_needs_the_same_queries_for_many_sign_ups(
    client, django_assert_max_num_queries
) -> None:
    for _ in range(6):
        RegistrationFactory(sign_up=SeasonSignUpFactory(places=4), place=1)
    with django_assert_max_num_queries(6):
        assert client.get(reverse("money:index")).status_code == 200


def test_the_season_page_says_registration_is_open_with_places_left(client) -> None:
    sign_up = SeasonSignUpFactory(places=10)
    RegistrationFactory(sign_up=sign_up, place=1)
    season = sign_up.season
    url = reverse("league:season_detail", args=[season.league.slug, season.slug])
    page = client.get(url).content.decode()
    assert OPEN in page and "9 of 10 places left" in page
    assert reverse("money:register", args=[sign_up.pk]) in page
    assert "Sign-up and fees" not in page


def test_a_closed_sign_up_or_none_shows_nothing(client) -> None:
    now = timezone.now()
    sign_up = SeasonSignUpFactory(opens_at=now + datetime.timedelta(days=2))
    season = sign_up.season
    assert (
        OPEN
        not in client.get(
            reverse("league:season_detail", args=[season.league.slug, season.slug])
        ).content.decode()
    )
    other = SeasonFactory()
    assert (
        OPEN
        not in client.get(
            reverse("league:season_detail", args=[other.league.slug, other.slug])
        ).content.decode()
    )


def test_the_season_s_managers_find_the_settings_from_its_pages(client) -> None:
    season = SeasonFactory()
    client.force_login(manager_user(league=season.league))
    settings = reverse("money:season_sign_up", args=[season.league.slug, season.slug])
    for name in ("league:season_detail", "league:season_dashboard"):
        page = client.get(reverse(name, args=[season.league.slug, season.slug])).content.decode()
        assert settings in page and "Sign-up and fees" in page


def test_the_event_page_says_full_join_the_waitlist(client) -> None:
    sign_up = EventSignUpFactory(places=1, tournament__format="progressive")
    RegistrationFactory(sign_up=sign_up, place=1)
    page = client.get(reverse("tournaments:detail", args=[sign_up.tournament.slug]))
    text = page.content.decode()
    assert page.status_code == 200 and OPEN in text and "full: join the waitlist" in text


def test_the_event_s_directors_find_the_settings_and_others_do_not(client) -> None:
    sign_up = EventSignUpFactory()
    event = sign_up.tournament
    settings = reverse("money:event_sign_up", args=[event.slug])
    client.force_login(UserFactory())
    assert (
        settings
        not in client.get(reverse("tournaments:detail", args=[event.slug])).content.decode()
    )
    client.force_login(director_user(tournament=event))
    for name in ("tournaments:detail", "tournaments:manage"):
        page = client.get(reverse(name, args=[event.slug])).content.decode()
        assert settings in page
