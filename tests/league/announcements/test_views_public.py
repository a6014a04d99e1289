import datetime
import xml.etree.ElementTree as ET

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import timezone

from league.seasons.models import Player
from notices.models import Announcement, Subscription
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    captain_user,
    director_user,
    manager_user,
    player_user,
)
from tests.notices.factories import send_notice

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
ROLES = ["anonymous", "player", "captain", "director", "manager"]


def _log_in(client, role):
    if role == "anonymous":
        return None
    user = {
        "player": lambda: player_user()[0],
        "captain": lambda: captain_user()[0],
        "director": director_user,
        "manager": manager_user,
    }[role]()
    client.force_login(user)
    return user


def _announce(league, subject, minutes_ago=0):
    notice = send_notice(announce_league=league, subject=subject)
    Announcement.objects.filter(notice=notice).update(
        published_at=timezone.now() - datetime.timedelta(minutes=minutes_ago)
    )
    return notice.announcement


@pytest.mark.parametrize("role", ROLES)
def test_everyone_reads_a_leagues_announcements_newest_first(client, role):
    league = LeagueFactory()
    _announce(league, "Old news", minutes_ago=60)
    _announce(league, "Tonight is cancelled")
    _announce(LeagueFactory(), "Another league's news")
    _log_in(client, role)
    response = client.get(reverse("notices:announcements", args=[league.slug]))
    content = response.content.decode()
    assert response.status_code == 200
    assert content.index("Tonight is cancelled") < content.index("Old news")
    assert "Another league" not in content
    assert reverse("notices:league_feed", args=[league.slug]) in content


def test_an_unknown_league_has_no_announcements_page(client):
    assert client.get(reverse("notices:announcements", args=["nope"])).status_code == 404
    assert client.get(reverse("notices:league_feed", args=["nope"])).status_code == 404


def test_announcements_come_twenty_a_page_with_newer_and_older_links(client):
    league = LeagueFactory()
    for number in range(21):
        _announce(league, f"News number {number:02d}", minutes_ago=21 - number)
    url = reverse("notices:announcements", args=[league.slug])
    first = client.get(url).content.decode()
    assert "News number 20" in first and "News number 00" not in first
    assert "Page 1 of 2" in first and '<a href="?page=2">Older</a>' in first
    second = client.get(url, {"page": 2}).content.decode()
    assert "News number 00" in second and "News number 20" not in second
    assert '<a href="?page=1">Newer</a>' in second and "Older</a>" not in second


def test_a_bad_page_number_shows_a_page(client):
    league = LeagueFactory()
    response = client.get(reverse("notices:announcements", args=[league.slug]), {"page": "x"})
    assert response.status_code == 200


@pytest.mark.parametrize("role", ROLES)
def test_the_atom_feed_carries_each_announcement(client, role):
    league = LeagueFactory(name="CCA")
    first = _announce(league, "Old news", minutes_ago=60)
    second = _announce(league, "Tonight is cancelled")
    _log_in(client, role)
    response = client.get(reverse("notices:league_feed", args=[league.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    assert feed.find(f"{ATOM}title").text == "CCA announcements"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}title").text for e in entries] == ["Tonight is cancelled", "Old news"]
    links = [e.find(f"{ATOM}link").get("href") for e in entries]
    assert links[0].endswith(f"#announcement-{second.pk}")
    assert links[1].endswith(f"#announcement-{first.pk}")
    assert len({e.find(f"{ATOM}id").text for e in entries}) == 2


def test_markup_in_an_announcement_reaches_feed_readers_as_text(client):
    league = LeagueFactory(name="<i>CCA</i>")
    notice = send_notice(announce_league=league, subject="<script>alert(1)</script> & more")
    # A control character stored before text was bounded must not break the feed.
    Announcement.objects.filter(notice=notice).update(
        body="<b>Bold</b> & <img src=x onerror=alert(1)>\n\nSecond\x1b paragraph"
    )
    response = client.get(reverse("notices:league_feed", args=[league.slug]))
    assert response.status_code == 200
    feed = ET.fromstring(response.content)
    assert feed.find(f"{ATOM}title").text == "<i>CCA</i> announcements"
    assert feed.find(f"{ATOM}title").get("type") in (None, "text")
    (entry,) = feed.findall(f"{ATOM}entry")
    title = entry.find(f"{ATOM}title")
    assert title.text == "<script>alert(1)</script> & more"
    assert title.get("type") in (None, "text")
    summary = entry.find(f"{ATOM}summary")
    # Declared HTML, so the reader decodes it once: what it shows is the typed text.
    assert summary.get("type") == "html"
    assert summary.text == (
        "<p>&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x onerror=alert(1)&gt;</p>\n\n"
        "<p>Second paragraph</p>"
    )


def test_the_league_page_tag_shows_the_latest_announcements():
    league = LeagueFactory()
    _announce(league, "Tonight is cancelled")
    html = Template("{% load league_announcements %}{% league_announcements league %}").render(
        Context({"league": league})
    )
    assert "Tonight is cancelled" in html
    assert reverse("notices:league_feed", args=[league.slug]) in html


def test_anonymous_visitors_log_in_to_choose_their_notices(client):
    league = LeagueFactory()
    for url in (
        reverse("notices:subscriptions"),
        reverse("notices:subscribe", args=[league.slug]),
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("role", ["player", "captain"])
def test_players_see_their_subscriptions(client, role):
    league = LeagueFactory(name="CCA")
    user = _log_in(client, role)
    Subscription.objects.create(player=user.player, league=league, by_email=False, by_sms=True)
    response = client.get(reverse("notices:subscriptions"))
    assert response.status_code == 200
    assert "CCA" in response.content.decode()
    assert reverse("notices:subscribe", args=[league.slug]) in response.content.decode()


@pytest.mark.parametrize("role", ["director", "manager"])
def test_staff_without_a_player_record_are_told_how_to_get_one(client, role):
    league = LeagueFactory()
    _log_in(client, role)
    response = client.get(reverse("notices:subscriptions"))
    assert response.status_code == 200
    assert "link your account to your player record" in response.content.decode()
    post = client.post(reverse("notices:subscribe", args=[league.slug]), {"by_email": "on"})
    assert post.status_code == 403
    assert Subscription.objects.count() == 0


@pytest.mark.parametrize("role", ["player", "captain"])
def test_a_player_subscribes_by_email_and_text(client, role):
    league = LeagueFactory()
    user = _log_in(client, role)
    response = client.post(
        reverse("notices:subscribe", args=[league.slug]),
        {"by_email": "on", "by_sms": "on", "phone": "(416) 555-0199"},
    )
    assert response.status_code == 302
    subscription = Subscription.objects.get()
    assert (subscription.player, subscription.by_email, subscription.by_sms) == (
        user.player,
        True,
        True,
    )
    assert Player.objects.get(pk=user.player.pk).phone == "+14165550199"


def test_texts_need_a_phone_number(client):
    league = LeagueFactory()
    user = _log_in(client, "player")
    response = client.post(reverse("notices:subscribe", args=[league.slug]), {"by_sms": "on"})
    assert response.status_code == 200
    assert "Add a mobile number" in response.content.decode()
    assert Subscription.objects.count() == 0
    assert Player.objects.get(pk=user.player.pk).phone == ""


def test_a_bad_phone_number_changes_nothing(client):
    league = LeagueFactory()
    _log_in(client, "player")
    response = client.post(
        reverse("notices:subscribe", args=[league.slug]),
        {"by_email": "on", "by_sms": "on", "phone": "call me maybe"},
    )
    assert response.status_code == 200
    assert "Enter a mobile number" in response.content.decode()
    assert Subscription.objects.count() == 0


def test_unticking_both_unsubscribes(client):
    league = LeagueFactory()
    user = _log_in(client, "player")
    Subscription.objects.create(player=user.player, league=league)
    response = client.post(reverse("notices:subscribe", args=[league.slug]), {})
    assert response.status_code == 302
    assert Subscription.objects.count() == 0


def test_the_subscribe_form_starts_from_the_current_choice(client):
    league = LeagueFactory()
    user = _log_in(client, "player")
    Player.objects.filter(pk=user.player.pk).update(phone="+14165550100")
    Subscription.objects.create(player=user.player, league=league, by_email=False, by_sms=True)
    form = client.get(reverse("notices:subscribe", args=[league.slug])).context["form"]
    assert form.initial == {"by_email": False, "by_sms": True, "phone": "+14165550100"}


def test_a_player_without_an_email_cannot_ask_for_email(client):
    league = LeagueFactory()
    user = _log_in(client, "player")
    Player.objects.filter(pk=user.player.pk).update(email="")
    response = client.post(reverse("notices:subscribe", args=[league.slug]), {"by_email": "on"})
    assert "no email address for you" in response.content.decode()
    assert Subscription.objects.count() == 0


def test_subscriptions_only_change_the_players_own(client):
    league = LeagueFactory()
    other = PlayerFactory()
    Subscription.objects.create(player=other, league=league)
    _log_in(client, "player")
    client.post(reverse("notices:subscribe", args=[league.slug]), {})
    assert Subscription.objects.filter(player=other).exists()
