"""A manager's general notice (notices:compose) and the outbox's League filter."""

import pytest
from django.core import mail
from django.urls import reverse

from notices.models import Announcement, Notice
from tests.factories import LeagueFactory, manager_user, user_for
from tests.notices.factories import SubscriptionFactory, season_with_captains, send_notice
from tests.notices.told import said, written

pytestmark = pytest.mark.django_db


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get(reverse("notices:compose"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("role", ["player", "captain", "director"])
def test_composing_is_for_managers_only(client, role):
    client.force_login(user_for(role))
    assert client.get(reverse("notices:compose")).status_code == 403


def test_a_manager_sends_a_general_notice_to_captains_and_subscribers(
    client, django_capture_on_commit_callbacks
):
    season, captains = season_with_captains(3)
    subscriber = SubscriptionFactory(league=season.league, by_sms=True)
    manager = manager_user()
    client.force_login(manager)
    data = {
        "league": season.league.pk,
        "season": season.pk,
        "to_captains": "on",
        "to_subscribers": "on",
        "announce": "on",
        "subject": "Venue change",
        "body": "We play at the Legion hall this week.",
        "sms_text": "Legion hall this week.",
    }
    first = client.post(reverse("notices:compose"), data)
    assert not Notice.objects.exists()  # first it says who is told
    told = first.context["form"]["told"].value()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("notices:compose"), {**data, "told": told})
    notice = Notice.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("notices:notice_detail", args=[notice.pk])
    assert (notice.kind, notice.created_by, notice.season) == ("general", manager, season)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [p.email for p in captains] + [subscriber.player.email]
    )
    assert Announcement.objects.get().league == season.league


def test_the_form_says_who_will_be_told_before_sending_and_sends_exactly_that(client):
    season, _ = season_with_captains(4)  # two of them take texts
    SubscriptionFactory(league=season.league, by_sms=True)
    SubscriptionFactory(
        league=season.league, by_email=False, by_sms=True, player__phone="+14165550998"
    )
    client.force_login(manager_user(league=season.league))
    data = {
        "league": season.league.pk,
        "season": season.pk,
        "to_captains": "on",
        "to_subscribers": "on",
        "subject": "Venue change",
        "body": "We play at the Legion hall this week.",
    }
    first = client.post(reverse("notices:compose"), data)
    shown = said(first.content.decode(), "who-will-be-told")
    assert (shown.emails, shown.texts) == (5, 4)
    assert not Notice.objects.exists()
    told = first.context["form"]["told"].value()
    changed = client.post(reverse("notices:compose"), {**data, "told": told, "to_captains": ""})
    assert said(changed.content.decode(), "who-will-be-told").emails == 1  # counted again
    assert not Notice.objects.exists()
    client.post(reverse("notices:compose"), {**data, "told": told})
    assert written() == shown


def test_a_notice_only_published_is_sent_at_once(client):
    league = LeagueFactory()
    client.force_login(manager_user(league=league))
    data = {"league": league.pk, "announce": "on", "subject": "Hello", "body": "Hi"}
    assert client.post(reverse("notices:compose"), data).status_code == 302
    assert Announcement.objects.get().league == league


def test_a_notice_to_nobody_is_refused(client):
    client.force_login(manager_user())
    response = client.post(
        reverse("notices:compose"),
        {"league": LeagueFactory().pk, "subject": "Hello", "body": "Hi"},
    )
    assert response.status_code == 200
    assert "Choose who gets the notice" in response.content.decode()
    assert Notice.objects.count() == 0


def test_a_subject_of_two_lines_is_refused_on_the_form(client):
    league = LeagueFactory()
    client.force_login(manager_user(league=league))
    response = client.post(
        reverse("notices:compose"),
        {
            "league": league.pk,
            "announce": "on",
            "subject": "Snow day\r\nBcc: everyone@example.com",
            "body": "Hi",
        },
    )
    assert response.status_code == 200
    assert "Write the subject on one line: it can&#x27;t contain line breaks." in (
        response.content.decode()
    )
    assert Notice.objects.count() == 0


def test_captains_need_a_season_of_that_league(client):
    season, _ = season_with_captains(1)
    client.force_login(manager_user())
    response = client.post(
        reverse("notices:compose"),
        {
            "league": LeagueFactory().pk,
            "season": season.pk,
            "to_captains": "on",
            "subject": "Hello",
            "body": "Hi",
        },
    )
    assert "isn&#x27;t in" in response.content.decode()
    assert Notice.objects.count() == 0


def test_the_outbox_filters_by_league_and_search(client):
    league = LeagueFactory()
    announced = send_notice(announce_league=league, subject="Snow day")
    send_notice(subject="Other")
    client.force_login(manager_user())
    by_league = client.get(reverse("notices:outbox"), {"league": league.pk})
    assert list(by_league.context["table"].data) == [announced]
    by_text = client.get(reverse("notices:outbox"), {"q": "day"})
    assert list(by_text.context["table"].data) == [announced]
