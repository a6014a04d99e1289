"""The settings pages of a season's and an event's sign-up: who gets in, the create form
sent once or twice, a refusal shown on its field with nothing saved."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from money.models import SignUp
from tests.factories import (
    SeasonFactory,
    TournamentFactory,
    UserFactory,
    director_user,
    manager_user,
)
from tests.money.factories import EventSignUpFactory, SeasonSignUpFactory

pytestmark = pytest.mark.django_db


def _local(moment: datetime.datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def _form(**changes) -> dict:
    now = timezone.now()
    data = {
        "mode": "create",
        "opens_at": _local(now),
        "closes_at": _local(now + datetime.timedelta(days=10)),
        "places": "16",
        "free_agents": "on",
        "offer_hours": "48",
        "currency": "USD",
        "fee_cents": "25.00",
        "fee_per": "team",
        "early_fee_cents": "",
        "early_until": "",
        "member_fee_cents": "",
        "payment": "door",
        "pay_within_hours": "72",
        "refund_until": "",
    }
    return {**data, **changes}


def _season_url(season) -> str:  # type: ignore[no-untyped-def]
    return reverse("money:season_sign_up", args=[season.league.slug, season.slug])


def test_a_manager_sees_the_empty_form_and_sets_up_the_season(client) -> None:
    season = SeasonFactory()
    client.force_login(manager_user(league=season.league))
    url = _season_url(season)
    page = client.get(url)
    assert page.status_code == 200 and b"No sign-up yet" in page.content
    response = client.post(url, _form(early_fee_cents="20", early_until=""))
    assert response.status_code == 200  # the early price needs its date
    assert "Say until when the early price lasts." in response.content.decode()
    assert not SignUp.objects.exists()
    response = client.post(url, _form())
    assert response.status_code == 302
    sign_up = SignUp.objects.get(season=season)
    assert (sign_up.fee_cents, sign_up.places, sign_up.unit) == (2500, 16, "team")
    page = client.get(url).content.decode()
    assert "$25.00" in page and 'value="25.00"' in page


def test_the_create_form_sent_twice_keeps_the_first_sign_up(client) -> None:
    season = SeasonFactory()
    client.force_login(manager_user(league=season.league))
    url = _season_url(season)
    client.post(url, _form())
    response = client.post(url, _form(fee_cents="99.00"), follow=True)
    assert "already set up" in response.content.decode()
    assert SignUp.objects.get(season=season).fee_cents == 2500


def test_a_zero_fee_is_refused_on_the_fee_field(client) -> None:
    season = SeasonFactory()
    client.force_login(manager_user(league=season.league))
    response = client.post(_season_url(season), _form(fee_cents="0"))
    page = response.content.decode()
    assert "A fee must be more than $0.00 — leave it empty for no fee" in page
    response = client.post(_season_url(season), _form(fee_cents="twelve"))
    assert "Type an amount in dollars and cents" in response.content.decode()
    assert not SignUp.objects.exists()


def test_a_closing_before_the_opening_is_refused(client) -> None:
    season = SeasonFactory()
    client.force_login(manager_user(league=season.league))
    now = timezone.now()
    response = client.post(
        _season_url(season), _form(closes_at=_local(now - datetime.timedelta(days=1)))
    )
    assert "The closing must come after the opening." in response.content.decode()
    assert not SignUp.objects.exists()


def test_an_edit_saves_and_says_so(client) -> None:
    sign_up = SeasonSignUpFactory()
    client.force_login(manager_user(league=sign_up.season.league))
    data = _form(
        mode="",
        opens_at=_local(sign_up.opens_at),
        closes_at=_local(sign_up.closes_at),
        places="",
        fee_cents="",
    )
    response = client.post(_season_url(sign_up.season), data, follow=True)
    assert b"Nothing changed." in response.content
    data["places"] = "20"
    response = client.post(_season_url(sign_up.season), data, follow=True)
    assert b"Saved." in response.content
    sign_up.refresh_from_db()
    assert sign_up.places == 20


def test_an_event_s_director_sets_up_its_players(client) -> None:
    event = TournamentFactory(format="progressive")
    client.force_login(director_user(tournament=event))
    url = reverse("money:event_sign_up", args=[event.slug])
    page = client.get(url).content.decode()
    assert "members_fee" not in page and 'name="free_agents"' not in page
    data = _form(places="24", fee_cents="10")
    del data["fee_per"], data["free_agents"], data["member_fee_cents"]
    assert client.post(url, data).status_code == 302
    sign_up = SignUp.objects.get(tournament=event)
    assert (sign_up.unit, sign_up.fee_per, sign_up.fee_cents) == ("player", "player", 1000)


@pytest.mark.parametrize("who", ["anonymous", "plain", "other_manager", "director"])
def test_others_may_not_open_a_season_s_settings(client, who) -> None:
    season = SeasonFactory()
    user = {
        "anonymous": None,
        "plain": UserFactory,
        "other_manager": lambda: manager_user(league=SeasonFactory().league),
        "director": lambda: director_user(tournament=TournamentFactory()),
    }[who]
    if user is not None:
        client.force_login(user())
    url = _season_url(season)
    for response in (client.get(url), client.post(url, _form())):
        assert response.status_code == (302 if who == "anonymous" else 403)
    assert not SignUp.objects.exists()


@pytest.mark.parametrize("who", ["other_director", "manager", "plain"])
def test_others_may_not_open_an_event_s_settings(client, who) -> None:
    sign_up = EventSignUpFactory()
    user = {
        "other_director": lambda: director_user(tournament=TournamentFactory()),
        "manager": lambda: manager_user(league=SeasonFactory().league),
        "plain": UserFactory,
    }[who]()
    client.force_login(user)
    url = reverse("money:event_sign_up", args=[sign_up.tournament.slug])
    assert client.get(url).status_code == 403
    assert client.post(url, _form(places="3")).status_code == 403
    sign_up.refresh_from_db()
    assert sign_up.places is None


def test_an_unknown_season_or_event_is_not_found(client) -> None:
    client.force_login(manager_user())
    assert client.get(reverse("money:season_sign_up", args=["no", "such"])).status_code == 404
    assert client.get(reverse("money:event_sign_up", args=["nothing"])).status_code == 404
