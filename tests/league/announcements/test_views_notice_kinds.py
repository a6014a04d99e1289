"""Email, text or both for each kind of notice: chosen on the account page and a team's welcome
page, saved through notices:notice_kinds."""

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from league.announcements.services import notice_preferences_set
from notices.channels import PREFERENCE_KINDS, choice_name, default_channels
from notices.models import NoticePreference
from tests.factories import UserFactory, player_user

pytestmark = pytest.mark.django_db

URL = "/notices/kinds/"
ACCOUNT = "/accounts/me/"
CARD = "card_awaiting_confirmation"


def _signed_in(client, *, texts=False):
    user, team = player_user()
    if texts:
        user.player.phone, user.player.sms_opt_in = "4165550131", True
        user.player.save()
    client.force_login(user)
    return user, team


def _choices(*, texts=False, **changes):
    """Each kind's default (for someone who takes texts, or not), with `changes`; "next" is
    the account page."""
    defaults = {
        kind: choice_name(default_channels(kind, can_text=texts)) for kind in PREFERENCE_KINDS
    }
    return {**defaults, "next": ACCOUNT, **changes}


def _said(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def _stored(user):
    return {
        p.kind: (p.by_email, p.by_sms) for p in NoticePreference.objects.filter(player=user.player)
    }


def test_the_account_page_offers_each_kind_with_how_it_reaches_the_player_now(client):
    _signed_in(client, texts=True)
    page = client.get(ACCOUNT).content.decode()
    assert f'action="{URL}"' in page and 'name="next" value="/accounts/me/"' in page
    for kind in PREFERENCE_KINDS:
        assert f'name="{kind}"' in page
    # Takes texts: a card to confirm by text alone, everything else both ways.
    card = page.split(f'name="{CARD}"', 1)[1].split("</select>", 1)[0]
    assert '<option value="sms" selected>' in card
    general = page.split('name="general"', 1)[1].split("</select>", 1)[0]
    assert '<option value="both" selected>' in general


def test_a_choice_other_than_the_default_is_kept_and_the_player_goes_back(client):
    user, _ = _signed_in(client, texts=True)
    data = {
        **_choices(texts=True),
        CARD: "both",
        "cancellation": "sms",
    }
    response = client.post(URL, data)
    assert response.status_code == 302 and response.url == ACCOUNT
    assert _said(response) == ["Saved how you get each kind of notice."]
    assert _stored(user) == {CARD: (True, True), "cancellation": (False, True)}
    page = client.get(ACCOUNT).content.decode()
    cancellation = page.split('name="cancellation"', 1)[1].split("</select>", 1)[0]
    assert '<option value="sms" selected>' in cancellation


def test_choosing_the_default_again_keeps_no_row(client):
    user, _ = _signed_in(client, texts=True)
    notice_preferences_set(player=user.player, choices={CARD: "email"}, by=user)
    assert _stored(user) == {CARD: (True, False)}
    client.post(URL, _choices(texts=True))
    assert _stored(user) == {}


def test_texts_without_a_number_or_consent_are_refused_and_nothing_changes(client):
    user, _ = _signed_in(client)
    response = client.post(URL, _choices(**{CARD: "sms"}))
    assert response.url == ACCOUNT
    assert "Texts need your mobile number" in _said(response)[0]
    assert _stored(user) == {}


@pytest.mark.parametrize("value", ["", "fax", "\x00", "both" * 100])
def test_a_choice_that_isnt_one_is_refused_and_nothing_changes(client, value):
    user, _ = _signed_in(client)
    response = client.post(URL, _choices(**{"general": value, CARD: "both"}))
    assert _said(response) == ["Choose email, text or both for each kind of notice."]
    assert _stored(user) == {}


def test_it_only_goes_back_to_a_page_of_this_site(client):
    _signed_in(client)
    response = client.post(URL, _choices(next="https://elsewhere.example/"))
    assert response.url == ACCOUNT
    response = client.post(URL, _choices(next="//elsewhere.example/"))
    assert response.url == ACCOUNT


def test_someone_without_a_player_record_is_told_why(client):
    client.force_login(UserFactory())
    response = client.post(URL, _choices())
    assert "Notices go to players" in _said(response)[0]
    assert not NoticePreference.objects.exists()
    assert 'action="/notices/kinds/"' not in client.get(ACCOUNT).content.decode()


def test_only_the_player_chooses_their_own_notices():
    user, _ = player_user()
    someone = UserFactory()
    with pytest.raises(PermissionDenied):
        notice_preferences_set(player=user.player, choices={CARD: "email"}, by=someone)


def test_the_team_welcome_page_offers_the_same_choices_and_comes_back_to_it(client):
    user, team = _signed_in(client)
    welcome = reverse("league:team_welcome", args=[team.pk])
    page = client.get(welcome).content.decode()
    assert f'action="{URL}"' in page and f'name="next" value="{welcome}"' in page
    response = client.post(URL, _choices(next=welcome, **{"general": "email", CARD: "email"}))
    assert response.url == welcome
