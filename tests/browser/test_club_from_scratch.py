"""A real club from an empty database with one site administrator, without the Django admin.

The administrator lets an organiser in; the organiser creates a league and a season and
invites eight captains; the captains accept on a phone, invite their partners, who accept
and sign the waiver; the schedule is published; a captain submits a card and the other
captain confirms it; the manager of a second league can't touch the first; a player resets
a forgotten password from the email.
"""

import re
import time

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from league.seasons.models import Fixture, Player, Season, Team, Waiver
from notices.models import OutboxMessage
from scoring.models import Scorecard
from tests.browser.conftest import log_in, menu
from tests.factories import admin_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECRET = "table-talk-is-a-foul-7"
TEAMS = [
    ("Left Bowers", "Casey Cole", "Pat Price"),
    ("Right Bowers", "Robin Reed", "Rory Rhodes"),
    ("Kitty Cats", "Kim Kerr", "Kit Knox"),
    ("Off Suit", "Otto Olsen", "Olive Ortiz"),
    ("Lone Hands", "Lena Lund", "Luca Lowe"),
    ("Stick the Dealer", "Sam Stone", "Sid Sharp"),
    ("Going Alone", "Gail Grant", "Gus Gray"),
    ("Next Suit Up", "Nina Nash", "Ned Noble"),
]


def _address(name: str) -> str:
    return name.split()[0].lower() + "@example.com"


def _username(name: str) -> str:
    return name.split()[0].lower()


def _invitation_link(address: str) -> str:
    """The link in the latest invitation written to the outbox for `address`."""
    message = (
        OutboxMessage.objects.filter(address=address, notice__link__contains="/invitations/")
        .select_related("notice")
        .order_by("-pk")
        .first()
    )
    assert message is not None, f"no invitation was sent to {address}"
    return re.search(r"/accounts/invitations/[^/\s]+/", message.notice.link).group(0)


def _fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def _as(page, username: str) -> None:
    page.context.clear_cookies()
    log_in(page, username, SECRET)
    page.wait_for_url(lambda url: "/accounts/login/" not in url)


def _sign_up_from_the_link(page, address: str, name: str) -> None:
    """A stranger opens the invitation on their phone and makes their account."""
    page.context.clear_cookies()
    page.goto(_invitation_link(address))
    expect(page.get_by_role("heading", name="You're invited")).to_be_visible()
    assert _fits_the_phone(page)
    signup = page.locator("#signup")
    expect(signup.get_by_label("Your name")).to_have_value(name)
    signup.get_by_label("Username").fill(_username(name))
    signup.locator("#id_password1").fill(SECRET)
    signup.locator("#id_password2").fill(SECRET)
    signup.get_by_role("button", name="Create account and accept").click()


def _welcome_and_sign(page, name: str, *, text_to: str = "") -> None:
    """On the team's welcome page: choose notices, then sign the season's waiver."""
    expect(page.get_by_role("heading", name=re.compile("Welcome to"))).to_be_visible()
    assert _fits_the_phone(page)
    if text_to:
        page.get_by_label("By text message").check()
        page.get_by_label("Mobile number").fill(text_to)
    page.get_by_role("button", name="Save and sign the waiver").click()
    page.get_by_label("Type your full name").fill(name)
    page.get_by_label("I have read and agree to the waiver").check()
    page.get_by_role("button", name="Sign the waiver").click()
    expect(page.locator("#waiver-signed")).to_be_visible()


def _invite_partner(page, team: Team, partner: str) -> None:
    page.goto(team.get_absolute_url())
    page.get_by_role("button", name="Edit roster").click()
    page.locator("#id_name").fill(partner)
    page.locator("#id_email").fill(_address(partner))
    expect(page.get_by_label(re.compile("Invite them to log in"))).to_be_checked()
    page.get_by_role("button", name="Add to roster").click()
    expect(page.locator(".message-success")).to_contain_text(
        f"{partner} added; invitation sent to {_address(partner)}."
    )


def _admin_lets_an_organiser_in(page) -> None:
    admin_user(username="ada", password=SECRET)
    _as(page, "ada")
    menu(page, "Manage")
    page.get_by_role("link", name="Organisers").click()
    page.get_by_label("Their name").fill("Olga Organiser")
    page.get_by_label("Email or mobile number").fill("olga@example.com")
    page.get_by_role("button", name="Send invitation").click()
    expect(page.locator(".message-success")).to_contain_text("Invitation sent")
    _sign_up_from_the_link(page, "olga@example.com", "Olga Organiser")
    expect(page.get_by_role("heading", name="Manage")).to_be_visible()


def _organiser_sets_up_the_season(page, first_night) -> Season:
    page.goto("/leagues/")
    page.get_by_role("button", name="New league").click()
    page.locator("#id_name").fill("Tuesday Euchre League")
    page.get_by_role("button", name="Save").click()
    page.locator("#id_name").fill("Winter")
    page.locator("#id_starts_on").fill(first_night.isoformat())
    page.locator("#id_weeks").fill("3")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("heading", name="Winter: setup")).to_be_visible()
    page.locator("#id_venue-name").fill("Circle City Taproom")
    page.locator("#id_venue-tables").fill("4")
    page.get_by_role("button", name="Add venue").click()
    for team, captain, _ in TEAMS:
        page.locator("#id_team-name").fill(team)
        page.locator("#id_team-captain_name").fill(captain)
        page.locator("#id_team-captain_contact").fill(_address(captain))
        page.get_by_role("button", name="Add team").click()
        expect(page.locator(".message-success")).to_contain_text(
            f"{team} added; invitation sent to {_address(captain)}."
        )
    expect(page.get_by_role("heading", name="Teams (8)")).to_be_visible()
    return Season.objects.get(name="Winter")


def _publish(page, season: Season) -> None:
    _as(page, "olga")
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/manage/")
    expect(page.locator("#missing-waivers")).to_contain_text("None: every player has signed")
    page.get_by_role("button", name="Generate draft schedule").click()
    page.get_by_role("button", name="Publish schedule").click()
    expect(page.locator("#schedule-state")).to_contain_text("Schedule: Published")


def _second_leagues_manager(page) -> None:
    """The organiser starts a second league and invites its manager."""
    page.goto("/leagues/")
    page.get_by_role("button", name="New league").click()
    page.locator("#id_name").fill("Thursday Euchre League")
    page.get_by_role("button", name="Save").click()
    page.goto("/leagues/thursday-euchre-league/staff/")
    page.get_by_label("Their name").fill("Max Manager")
    page.get_by_label("Email or mobile number").fill("max@example.com")
    page.get_by_role("button", name="Send invitation").click()
    _sign_up_from_the_link(page, "max@example.com", "Max Manager")


def _reset_link(address: str, timeout: float = 10) -> str:
    pattern = re.compile(r"https?://\S+/accounts/password/reset/\S+/")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        links = [pattern.search(m.body) for m in mail.outbox if address in m.to]
        if any(links):
            [link] = [found.group(0) for found in links if found]
            return link
        time.sleep(0.1)
    raise AssertionError(f"no password reset email reached {address}")


def test_a_club_goes_from_one_administrator_to_a_confirmed_card(page, live_server, settings):
    settings.SITE_URL = live_server.url
    _admin_lets_an_organiser_in(page)
    season = _organiser_sets_up_the_season(page, timezone.localdate())

    for index, (team_name, captain, partner) in enumerate(TEAMS):
        team = Team.objects.get(season=season, name=team_name)
        _sign_up_from_the_link(page, _address(captain), captain)
        _welcome_and_sign(page, captain, text_to="416 555 0100" if index == 0 else "")
        _invite_partner(page, team, partner)
        _sign_up_from_the_link(page, _address(partner), partner)
        _welcome_and_sign(page, partner)
    casey = Player.objects.get(email="casey@example.com")
    assert (casey.user.username, casey.phone, casey.sms_opt_in) == ("casey", "+14165550100", True)
    assert Waiver.objects.filter(season=season, method="online").count() == 16
    assert Player.objects.count() == 16  # one record a person: nobody twice

    _publish(page, season)
    fixture = Fixture.objects.filter(season=season, date=timezone.localdate()).first()
    home, away = (
        e.player.user.username
        for e in (
            fixture.home.roster.get(role="captain"),
            fixture.away.roster.get(role="captain"),
        )
    )

    _as(page, home)
    page.goto(f"/leagues/fixtures/{fixture.pk}/")
    page.locator("#enter-scores input[type=number]").nth(0).fill("10")
    page.locator("#enter-scores input[type=number]").nth(1).fill("6")
    page.get_by_role("button", name=f"Submit for {fixture.home.name}").click()
    expect(page.locator("#game-1")).to_have_attribute("data-state", re.compile("submitted|await"))

    _as(page, away)
    page.goto(f"/leagues/fixtures/{fixture.pk}/")
    page.get_by_role("button", name="Confirm the card").click()
    expect(page.locator("#game-1")).to_have_attribute("data-state", "confirmed")
    card = Scorecard.objects.get(game__fixture_game__fixture=fixture, game__fixture_game__number=1)
    version = card.versions.get(state="confirmed")
    assert (version.submitted_by.username, version.confirmed_by.username) == (home, away)

    _as(page, "olga")
    _second_leagues_manager(page)
    first_league = season.league
    for url in (
        f"/leagues/{first_league.slug}/{season.slug}/manage/",
        f"/leagues/{first_league.slug}/{season.slug}/manage/setup/",
        f"/leagues/{first_league.slug}/staff/",
        f"/leagues/teams/{fixture.home_id}/roster/",
    ):
        assert page.goto(url).status == 403, url
    page.goto(f"/leagues/fixtures/{fixture.pk}/")
    expect(page.locator("#close-fixture")).to_have_count(0)

    # Pat forgot the password chosen from the invitation.
    page.context.clear_cookies()
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.get_by_label("Email address").fill("pat@example.com")
    page.get_by_role("button", name="Send me a reset link").click()
    page.goto(_reset_link("pat@example.com"))
    page.get_by_label("New password", exact=True).fill("a-brand-new-bower-9")
    page.get_by_label("New password again").fill("a-brand-new-bower-9")
    page.get_by_role("button", name="Set my new password").click()
    expect(page.get_by_role("heading", name="Your password is changed")).to_be_visible()
    log_in(page, "pat", "a-brand-new-bower-9")
    page.goto("/accounts/me/")
    expect(page.locator("body")).to_contain_text("Left Bowers")
