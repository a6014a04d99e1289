"""The texts page: while texts are kept in the database, a person reads those sent to their
own numbers (never anyone else's), a site administrator everyone's; otherwise it is not
there, and the account page does not link it."""

import pytest
from django.urls import reverse
from sms.message import Message

from accounts.models import AccountPhone
from league.seasons.models import Player
from notices.text_backends import DatabaseSmsBackend
from tests.factories import PlayerFactory, UserFactory, admin_user, player_user

pytestmark = pytest.mark.django_db

URL = reverse("notices:texts")
PAT, RILEY, SAM = "+14165550142", "+14165550143", "+14165550144"


@pytest.fixture(autouse=True)
def texts_in_the_database(settings):
    settings.SMS_BACKEND = "notices.text_backends.DatabaseSmsBackend"


def _text(phone: str, body: str) -> None:
    DatabaseSmsBackend().send_messages([Message(body, recipients=[phone])])


def _pat():
    """A player whose record has Pat's number."""
    user, _ = player_user()
    Player.objects.filter(user=user).update(phone=PAT)
    return user


def test_a_person_reads_the_texts_to_their_own_number_and_never_anothers(client):
    _text(PAT, "CCA Euchre: tonight is cancelled (snow).")
    _text(RILEY, "Sub wanted Thursday: reply YES 4821")
    client.force_login(_pat())
    content = client.get(URL).content.decode()
    assert "tonight is cancelled" in content
    assert "YES 4821" not in content


def test_the_number_on_the_account_counts_too(client):
    user = UserFactory()
    AccountPhone.objects.create(user=user, number=SAM)
    _text(SAM, "Your sign-in link: https://example.com/x")
    _text(RILEY, "Someone else's link")
    client.force_login(user)
    content = client.get(URL).content.decode()
    assert "Your sign-in link" in content
    assert "Someone else" not in content


def test_a_record_merged_into_theirs_brings_its_number(client):
    user = _pat()
    PlayerFactory(phone="416 555 0199", merged_into=user.player)  # typed at the door
    _text("+14165550199", "Seat 3, table 2")
    client.force_login(user)
    assert "Seat 3, table 2" in client.get(URL).content.decode()


def test_a_number_typed_on_a_record_doesnt_show_another_accounts_sign_in_texts(client):
    """A captain may type any number on a player's record; the account that keeps that
    number as its own gets the sign-in links sent there, and nobody else reads them."""
    owner = UserFactory()
    AccountPhone.objects.create(user=owner, number=PAT)
    _text(PAT, "Your password reset link: https://example.com/reset/secret")
    client.force_login(_pat())
    assert "reset/secret" not in client.get(URL).content.decode()
    client.force_login(owner)
    assert "reset/secret" in client.get(URL).content.decode()


def test_texts_come_newest_first_a_page_at_a_time(client):
    for number in range(30):
        _text(PAT, f"Text number {number:02d}")
    client.force_login(_pat())
    first = client.get(URL).content.decode()
    assert first.index("Text number 29") < first.index("Text number 05")
    assert "Text number 04" not in first
    assert "Page 1 of 2" in first and '<a href="?page=2">Older</a>' in first
    second = client.get(URL, {"page": 2}).content.decode()
    assert "Text number 04" in second and "Text number 29" not in second
    assert "Page 2 of 2" in second and '<a href="?page=1">Newer</a>' in second
    assert "Older</a>" not in second


def test_the_page_asks_a_few_queries_however_many_texts(client, django_assert_max_num_queries):
    for number in range(40):
        _text(PAT, f"Text number {number:02d}")
    client.force_login(_pat())
    with django_assert_max_num_queries(6):  # session, user, numbers (2), count, page
        assert client.get(URL).status_code == 200


def test_someone_without_a_number_is_told_where_to_add_one(client):
    _text(PAT, "Not yours")
    client.force_login(UserFactory())
    content = client.get(URL).content.decode()
    assert "Not yours" not in content
    assert "no mobile number" in content


def test_a_site_administrator_reads_everyones(client):
    _text(PAT, "For Pat")
    _text(RILEY, "For Riley")
    client.force_login(admin_user())
    content = client.get(URL).content.decode()
    assert "For Pat" in content and "For Riley" in content
    assert RILEY in content  # each text says where it went


def test_anonymous_visitors_are_sent_to_sign_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize(
    "backend", ["sms.backends.twilio.SmsBackend", "sms.backends.locmem.SmsBackend"]
)
def test_with_another_backend_the_page_is_not_found(client, settings, backend):
    settings.SMS_BACKEND = backend
    _text(PAT, "Kept from before")
    client.force_login(admin_user())
    assert client.get(URL).status_code == 404


def test_the_account_page_links_it_only_while_texts_are_kept_here(client, settings):
    client.force_login(_pat())
    assert URL in client.get(reverse("account")).content.decode()
    settings.SMS_BACKEND = "sms.backends.twilio.SmsBackend"
    assert URL not in client.get(reverse("account")).content.decode()
