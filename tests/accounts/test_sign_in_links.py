"""Signing in again without an email: a reset texted to the number on the account, and the
fresh sign-in link a league's manager (an event's director) sends one of their members."""

import re

import pytest
import sms
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import resolve, reverse

from accounts.invitation_links import mask_email
from accounts.invitations import invitation_accept, invitation_create
from accounts.models import AccountPhone
from accounts.sign_in_links import account_phone_of, account_phone_set, sign_in_link_send
from activity.models import Activity, Verb
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
    captain_user,
    director_user,
    manager_user,
)

pytestmark = pytest.mark.django_db

NUMBER = "+14165550188"
LINK = re.compile(r"https?://\S+/accounts/password/reset/\S+/")


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "https://euchre.example.com"
    sms.outbox = []


@pytest.fixture
def ask(client, django_capture_on_commit_callbacks):
    def ask(typed: str):
        with django_capture_on_commit_callbacks(execute=True):
            return client.post(reverse("password_reset"), {"email": typed})

    return ask


@pytest.fixture
def texted():
    """An account made from a text invitation: no email, the number on the account."""
    user = UserFactory(username="sam", email="")
    account_phone_set(user=user, phone="(416) 555-0188")
    return user


# --- reset by text ---


def test_a_reset_is_texted_to_the_number_on_the_account(ask, texted):
    response = ask("416-555-0188")
    assert response.url == reverse("password_reset_done")
    [text] = sms.outbox
    assert text.recipients == [NUMBER]
    assert "sam" in text.body
    link = LINK.search(text.body).group(0)
    assert resolve(link.removeprefix("https://euchre.example.com")).url_name == (
        "password_reset_confirm"
    )
    assert mail.outbox == []


def test_a_shared_phone_gets_one_link_per_account(ask, texted):
    other = UserFactory(username="kim", email="")
    account_phone_set(user=other, phone=NUMBER)
    ask(NUMBER)
    assert sorted("kim" in t.body for t in sms.outbox) == [False, True]


def test_an_unknown_number_reads_the_same_and_texts_nothing(ask, texted):
    response = ask("(416) 555-0199")
    assert response.url == reverse("password_reset_done")
    assert sms.outbox == []


@pytest.mark.parametrize(("typed", "says"), [("555 555 0123", "area code"), ("bob", "valid")])
def test_a_number_that_isnt_one_is_refused_with_a_message(ask, typed, says):
    response = ask(typed)
    assert response.status_code == 200 and says in response.content.decode()


def test_reset_texts_to_one_number_are_throttled(ask, texted):
    for _ in range(3):
        assert ask(NUMBER).status_code == 302
    response = ask(NUMBER)
    assert response.status_code == 200
    assert "Too many reset texts" in response.content.decode()
    assert len(sms.outbox) == 3


def test_a_switched_off_account_gets_no_text(ask, texted):
    texted.is_active = False
    texted.save()
    ask(NUMBER)
    assert sms.outbox == []


# --- the number on the account ---


def test_accepting_a_text_invitation_keeps_its_number_on_the_account():
    league = LeagueFactory()
    manager = manager_user(league=league)
    by_text = invitation_create(
        by=manager, kind="manager", scope_id=league.pk, label="L", phone="(416) 555-0188"
    )
    user = UserFactory(email="")
    invitation_accept(invitation=by_text, user=user)
    assert account_phone_of(user) == NUMBER


def test_an_invitation_sent_to_an_email_too_sets_no_number():
    # Whoever typed the number may not be its owner: only a link texted alone proves it.
    league = LeagueFactory()
    manager = manager_user(league=league)
    both = invitation_create(
        by=manager,
        kind="manager",
        scope_id=league.pk,
        label="L",
        email="ann@example.com",
        phone="(416) 555-0188",
    )
    user = UserFactory(email="ann@example.com")
    invitation_accept(invitation=both, user=user)
    assert not AccountPhone.objects.filter(user=user).exists()


# --- a fresh sign-in link from staff ---


@pytest.fixture
def member(texted):
    team = TeamFactory(season=SeasonFactory())
    RosterEntryFactory(team=team, player=PlayerFactory(user=texted))
    texted.email = "sam@example.com"
    texted.save()
    return texted, team.season.league


def _send(by, user, league, channel="text", django_capture=None):
    return sign_in_link_send(
        by=by,
        user=user,
        scope_kind="league",
        scope_id=league.pk,
        channel=channel,
        site_url="https://euchre.example.com",
    )


def test_a_manager_texts_a_member_a_sign_in_link(member, django_capture_on_commit_callbacks):
    user, league = member
    with django_capture_on_commit_callbacks(execute=True):
        sent_to = _send(manager_user(league=league, first_name="Mo"), user, league)
    assert sent_to == "••• 0188"
    [text] = sms.outbox
    assert text.recipients == [NUMBER] and text.body.startswith("Mo ")
    assert LINK.search(text.body)


def test_a_manager_emails_a_member_a_sign_in_link(member, django_capture_on_commit_callbacks):
    user, league = member
    with django_capture_on_commit_callbacks(execute=True):
        _send(manager_user(league=league), user, league, channel="email")
    [email] = mail.outbox
    assert email.to == ["sam@example.com"] and LINK.search(email.body)
    assert email.body.startswith("Hello ")


def test_a_sign_in_link_sent_is_in_the_leagues_activity_log(member):
    user, league = member
    manager = manager_user(league=league)
    _send(manager, user, league, channel="email")
    [line] = Activity.objects.filter(verb=Verb.SIGN_IN_LINK_SENT)
    assert (line.actor, line.scope_kind, line.scope_id) == (manager, "league", league.pk)
    assert line.detail == "by email to " + mask_email("sam@example.com")


def test_a_refused_sign_in_link_writes_nothing_in_the_log(member):
    user, league = member
    with pytest.raises(PermissionDenied):
        _send(manager_user(league=LeagueFactory()), user, league)
    assert not Activity.objects.filter(verb=Verb.SIGN_IN_LINK_SENT).exists()


def test_the_manager_of_another_league_may_not(member):
    user, league = member
    with pytest.raises(PermissionDenied):
        _send(manager_user(league=LeagueFactory()), user, league)
    assert sms.outbox == []


def test_a_captain_may_not_even_of_the_same_team(member):
    user, league = member
    captain, _ = captain_user(team=TeamFactory(season=SeasonFactory(league=league)))
    with pytest.raises(PermissionDenied):
        _send(captain, user, league)


def test_someone_who_plays_elsewhere_gets_no_link_from_this_league(texted):
    league = LeagueFactory()
    with pytest.raises(PermissionDenied, match="isn't one of yours"):
        _send(manager_user(league=league), texted, league)


def test_a_director_sends_an_entrant_of_their_event_a_link(texted):
    from tournaments.services import entry_register

    event = TournamentFactory()
    entry = entry_register(tournament=event, player_name="Sam Keeper")
    entry.player.user = texted
    entry.player.save()
    director = director_user(tournament=event)
    sent = sign_in_link_send(
        by=director,
        user=texted,
        scope_kind="tournament",
        scope_id=event.pk,
        channel="text",
        site_url="",
    )
    assert sent.endswith("0188")
    with pytest.raises(PermissionDenied):
        sign_in_link_send(
            by=director_user(tournament=TournamentFactory()),
            user=texted,
            scope_kind="tournament",
            scope_id=event.pk,
            channel="text",
            site_url="",
        )


def test_without_a_number_on_the_account_the_text_is_refused_with_a_message(member):
    user, league = member
    AccountPhone.objects.filter(user=user).delete()
    with pytest.raises(ValidationError, match="no mobile number on their account"):
        _send(manager_user(league=league), user, league)


def test_links_to_one_person_are_throttled(member):
    user, league = member
    manager = manager_user(league=league)
    for _ in range(3):
        _send(manager, user, league)
    with pytest.raises(ValidationError, match="in the last hour"):
        _send(manager, user, league)
