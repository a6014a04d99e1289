"""Invitations as a service: sent through the outbox, signed and expiring links, single use,
resend and revoke, and who may invite to a staff role."""

import time
from datetime import timedelta

import pytest
import sms
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError
from django.utils import timezone

from accounts import permissions
from accounts.invitations import (
    InvitationExpired,
    InvitationInvalid,
    contacts_clean,
    invitation_accept,
    invitation_create,
    invitation_from_token,
    invitation_resend,
    invitation_revoke,
    invitation_token,
    shown_state,
)
from accounts.models import Invitation, Role
from notices import delivery
from notices.models import Notice, OutboxMessage
from tests.factories import LeagueFactory, UserFactory, manager_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _site_url(settings):
    settings.SITE_URL = "https://euchre.example"


@pytest.fixture
def league():
    return LeagueFactory(name="Tuesday League")


@pytest.fixture
def manager(league):
    return manager_user(league=league, first_name="Pat", last_name="Boss")


def _invite(manager, league, **kwargs):
    fields = {"email": "anna@example.com"} | kwargs
    return invitation_create(
        by=manager, kind="manager", scope_id=league.pk, label=league.name, **fields
    )


def _manages(user, league) -> bool:
    permissions.forget_roles(user)
    return permissions.can_manage_league(user, league)


# --- sending ---


def test_an_invitation_is_written_to_the_outbox_with_an_absolute_link(manager, league):
    invitation = _invite(manager, league, name="Anna")
    notice = Notice.objects.get(kind=Notice.Kind.INVITATION)
    assert notice.subject == "Pat Boss invited you to manage Tuesday League"
    prefix = "https://euchre.example/accounts/invitations/"
    assert notice.link.startswith(prefix)
    assert invitation_from_token(notice.link.removeprefix(prefix).strip("/")) == invitation
    message = OutboxMessage.objects.get(notice=notice)
    assert (message.channel, message.address) == ("email", "anna@example.com")
    assert (invitation.state, invitation.send_count) == ("pending", 1)
    assert invitation.sent_at is not None


def test_a_phone_number_is_normalised_and_gets_a_text(manager, league):
    invitation = _invite(manager, league, email="", phone="(416) 555-0123")
    assert invitation.phone == "+14165550123"
    message = OutboxMessage.objects.get(notice__kind=Notice.Kind.INVITATION)
    assert (message.channel, message.address) == ("sms", "+14165550123")
    assert message.notice.sms_text.endswith("Accept:")
    assert len(message.notice.sms_text) + 1 + len(message.notice.link) <= 320


def test_the_email_says_hello_once_and_gives_the_link_once(manager, league):
    _invite(manager, league, name="Anna", phone="(416) 555-0123")
    message = OutboxMessage.objects.get(notice__kind=Notice.Kind.INVITATION, channel="email")
    delivery.outbox_deliver([message.pk])
    [email] = mail.outbox
    link = message.notice.link
    assert email.body.startswith("Hello Anna,\n\nPat Boss invited you to manage Tuesday League")
    assert (email.body.count("Hello"), email.body.count(link)) == (1, 1)


def test_the_text_gives_the_link_once(manager, league):
    _invite(manager, league, email="", phone="(416) 555-0123")
    message = OutboxMessage.objects.get(notice__kind=Notice.Kind.INVITATION)
    delivery.outbox_deliver([message.pk])
    [text] = sms.outbox
    link = message.notice.link
    assert text.body.startswith(f"Pat Boss invited you to manage Tuesday League. Accept: {link}")
    assert text.body.count(link) == 1 and "Hello" not in text.body


@pytest.mark.parametrize(
    ("kind", "label", "reads"),
    [
        ("player", "Left Bowers (Tuesday League, Fall 2030)", "to play for Left Bowers"),
        ("captain", "Left Bowers (Tuesday League, Fall 2030)", "to captain Left Bowers"),
        ("sub", "Left Bowers on Tue 8 Dec", "to sub for Left Bowers on Tue 8 Dec"),
        ("scorekeeper", "Spring Open", "to keep score at Spring Open"),
        ("director", "Spring Open", "to direct Spring Open"),
        ("entrant", "Spring Open", "to play in Spring Open"),
    ],
)
def test_every_kind_of_invitation_reads_naturally(kind, label, reads):
    invitation = Invitation(kind=kind, label=label)
    assert f"invited you to {invitation.invited_to}".startswith(f"invited you {reads}")
    assert " be player of" not in invitation.offer


@pytest.mark.parametrize(
    ("email", "phone", "field"),
    [
        ("", "", "email"),
        ("not-an-email", "", "email"),
        ("", "12", "phone"),
        ("", "555 555 0123", "phone"),  # 555 is no area code
    ],
)
def test_bad_addresses_are_refused_and_nothing_is_written(manager, league, email, phone, field):
    with pytest.raises(ValidationError) as caught:
        _invite(manager, league, email=email, phone=phone)
    assert field in caught.value.message_dict
    assert not Invitation.objects.exists()
    assert not Notice.objects.filter(kind=Notice.Kind.INVITATION).exists()


def test_contacts_are_cleaned_to_lowercase_email_and_e164():
    assert contacts_clean(" Anna@Example.COM ", "+44 20 7946 0958") == (
        "anna@example.com",
        "+442079460958",
    )


def test_the_manager_of_another_league_cannot_invite_managers_here(league):
    other = manager_user(league=LeagueFactory())
    with pytest.raises(PermissionDenied):
        _invite(other, league)
    assert not Invitation.objects.exists()


def test_only_site_administrators_invite_organisers(manager):
    with pytest.raises(PermissionDenied):
        invitation_create(by=manager, kind="organiser", scope_id=0, label="Site", email="o@x.org")
    admin = UserFactory(is_superuser=True)
    invitation = invitation_create(
        by=admin, kind="organiser", scope_id=0, label="Site", email="o@x.org"
    )
    newcomer = UserFactory()
    invitation_accept(invitation=invitation, user=newcomer)
    permissions.forget_roles(newcomer)
    assert permissions.can_create_league(newcomer)


# --- links ---


def test_the_link_opens_its_invitation(manager, league):
    invitation = _invite(manager, league)
    assert invitation_from_token(invitation_token(invitation)) == invitation


@pytest.mark.parametrize("mangle", [lambda t: t[:-2] + "xx", lambda t: "1" + t, lambda t: t[:10]])
def test_a_tampered_link_is_refused(manager, league, mangle):
    invitation = _invite(manager, league)
    with pytest.raises(InvitationInvalid):
        invitation_from_token(mangle(invitation_token(invitation)))


def test_a_link_signed_for_another_purpose_is_refused(manager, league):
    from django.core import signing

    invitation = _invite(manager, league)
    with pytest.raises(InvitationInvalid):
        invitation_from_token(signing.dumps(invitation.pk))  # no salt: not an invitation


def test_a_link_older_than_two_weeks_has_expired(manager, league, monkeypatch):
    invitation = _invite(manager, league)
    old = time.time() - 15 * 24 * 3600
    monkeypatch.setattr("django.core.signing.time.time", lambda: old)
    token = invitation_token(invitation)
    monkeypatch.undo()
    Invitation.objects.filter(pk=invitation.pk).update(sent_at=timezone.now() - timedelta(days=15))
    with pytest.raises(InvitationExpired) as caught:
        invitation_from_token(token)
    assert caught.value.invitation == invitation
    invitation.refresh_from_db()
    assert invitation.state == "expired"
    with pytest.raises(ValidationError):
        invitation_accept(invitation=invitation, user=UserFactory())


def test_a_pending_invitation_not_sent_for_two_weeks_reads_expired(manager, league):
    invitation = _invite(manager, league)
    invitation.sent_at = timezone.now() - timedelta(days=15)
    assert shown_state(invitation) == "expired"
    with pytest.raises(ValidationError):
        invitation_accept(invitation=invitation, user=UserFactory())


# --- accepting ---


def test_accepting_grants_the_role_and_records_who_and_when(manager, league):
    invitation = _invite(manager, league)
    newcomer = UserFactory()
    next_url = invitation_accept(invitation=invitation, user=newcomer)
    invitation.refresh_from_db()
    assert (invitation.state, invitation.accepted_by) == ("accepted", newcomer)
    assert invitation.accepted_at is not None
    assert _manages(newcomer, league)
    assert Role.objects.get(user=newcomer).granted_by == manager
    assert next_url == "/"


def test_an_invitation_is_used_once(manager, league):
    invitation = _invite(manager, league)
    first, second = UserFactory(), UserFactory()
    invitation_accept(invitation=invitation, user=first)
    stale = Invitation.objects.get(pk=invitation.pk)
    stale.state = "pending"  # a second tap that read the page before the first accepted
    with pytest.raises(ValidationError, match="already used"):
        invitation_accept(invitation=stale, user=second)
    assert not _manages(second, league)
    assert Role.objects.filter(scope_kind="league", scope_id=league.pk).count() == 2


def test_the_inviter_cannot_accept_their_own_invitation(manager, league):
    invitation = _invite(manager, league)
    with pytest.raises(ValidationError, match="You sent this invitation"):
        invitation_accept(invitation=invitation, user=manager)


def test_an_invitation_to_another_accounts_email_needs_that_account(manager, league):
    UserFactory(email="anna@example.com")
    invitation = _invite(manager, league)
    with pytest.raises(ValidationError, match="another account"):
        invitation_accept(invitation=invitation, user=UserFactory())
    invitation.refresh_from_db()
    assert invitation.state == "pending"


def test_an_inviter_who_lost_the_role_can_no_longer_grant_it(manager, league):
    invitation = _invite(manager, league)
    Role.objects.filter(user=manager).delete()
    permissions.forget_roles(manager)
    newcomer = UserFactory()
    with pytest.raises(ValidationError, match="can no longer give"):
        invitation_accept(invitation=invitation, user=newcomer)
    invitation.refresh_from_db()
    assert invitation.state == "pending"  # the whole acceptance rolled back
    assert not _manages(newcomer, league)


# --- revoke and resend ---


def test_a_withdrawn_invitation_cannot_be_accepted(manager, league):
    invitation = _invite(manager, league)
    invitation_revoke(invitation=invitation, by=manager)
    invitation.refresh_from_db()
    assert (invitation.state, invitation.revoked_by) == ("revoked", manager)
    with pytest.raises(ValidationError, match="withdrawn"):
        invitation_accept(invitation=invitation, user=UserFactory())


def test_an_accepted_invitation_cannot_be_withdrawn(manager, league):
    invitation = _invite(manager, league)
    invitation_accept(invitation=invitation, user=UserFactory())
    with pytest.raises(ValidationError, match="already accepted"):
        invitation_revoke(invitation=invitation, by=manager)


def test_someone_else_cannot_withdraw_or_resend(manager, league):
    invitation = _invite(manager, league)
    stranger = manager_user(league=LeagueFactory())
    with pytest.raises(PermissionDenied):
        invitation_revoke(invitation=invitation, by=stranger)
    with pytest.raises(PermissionDenied):
        invitation_resend(invitation=invitation, by=stranger)
    invitation.refresh_from_db()
    assert (invitation.state, invitation.send_count) == ("pending", 1)


def test_resending_sends_the_same_invitation_again_and_counts(manager, league):
    invitation = _invite(manager, league)
    again = invitation_resend(invitation=invitation, by=manager)
    assert again.pk == invitation.pk
    assert again.send_count == 2
    assert Notice.objects.filter(kind=Notice.Kind.INVITATION).count() == 2
    assert Invitation.objects.count() == 1


def test_an_expired_invitation_comes_back_when_resent(manager, league):
    invitation = _invite(manager, league)
    Invitation.objects.filter(pk=invitation.pk).update(state="expired")
    again = invitation_resend(invitation=invitation, by=manager)
    assert again.state == "pending"
    invitation_accept(invitation=again, user=UserFactory())


def test_a_withdrawn_invitation_is_not_resent(manager, league):
    invitation = _invite(manager, league)
    invitation_revoke(invitation=invitation, by=manager)
    with pytest.raises(ValidationError, match="withdrawn"):
        invitation_resend(invitation=invitation, by=manager)


def test_inviting_the_same_person_again_resends_the_waiting_invitation(manager, league):
    first = _invite(manager, league)
    double_click = _invite(manager, league, email="ANNA@example.com")
    assert double_click.pk == first.pk
    assert (
        Notice.objects.filter(kind="invitation").count() == 1
    )  # within a minute: a double click sends nothing
    Invitation.objects.filter(pk=first.pk).update(sent_at=timezone.now() - timedelta(hours=1))
    later = _invite(manager, league)
    assert (later.pk, later.send_count) == (first.pk, 2)
    assert Notice.objects.filter(kind="invitation").count() == 2


def test_the_database_keeps_one_pending_invitation_per_person_and_object(manager, league):
    invitation = _invite(manager, league)
    twin = Invitation(
        kind=invitation.kind,
        scope_kind=invitation.scope_kind,
        scope_id=invitation.scope_id,
        email=invitation.email,
        label="again",
    )
    with pytest.raises(IntegrityError):
        twin.save()


def test_the_database_refuses_an_invitation_without_an_address_or_with_a_wrong_scope(league):
    with pytest.raises(IntegrityError):
        Invitation.objects.create(kind="manager", scope_kind="league", scope_id=league.pk)


def test_the_database_refuses_a_kind_outside_its_scope(league):
    with pytest.raises(IntegrityError):
        Invitation.objects.create(
            kind="manager", scope_kind="tournament", scope_id=league.pk, email="a@b.org"
        )
