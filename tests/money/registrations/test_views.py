"""The registration pages: who gets in, what they are told, and the staff list's queries."""

import datetime

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from money.models import Question, Registration
from money.registrations.flows import Submission, registration_submit
from tests.factories import LeagueFactory, manager_user
from tests.money.registrations.helpers import event_sign_up, person, season_sign_up, team

pytestmark = pytest.mark.django_db
State = Registration.State


def _event(**fields):
    sign_up = event_sign_up(**fields)
    sign_up.tournament.date = timezone.localdate() + datetime.timedelta(days=7)
    sign_up.tournament.save(update_fields=["date"])
    return sign_up


def test_someone_signed_out_registers_with_a_name_and_email_and_gets_a_sign_in_link(
    client, django_capture_on_commit_callbacks
):
    sign_up = _event(places=4)
    url = reverse("money:register", args=[sign_up.pk])
    page = client.get(url)
    assert page.status_code == 200 and 'name="your_email"' in page.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"your_name": "Nell New", "your_email": "nell@example.com"})
    assert response.status_code == 200
    assert "You hold place 1." in response.content.decode()
    registration = Registration.objects.get()
    assert registration.player.email == "nell@example.com"
    assert registration.user.email == "nell@example.com"
    assert not registration.user.has_usable_password()
    assert "_auth_user_id" not in client.session  # the link signs them in, not the form
    assert [m.to for m in mail.outbox] == [["nell@example.com"]]


def test_an_email_with_an_account_is_asked_to_sign_in_and_nothing_is_made(client):
    sign_up = _event()
    user, _ = person()
    response = client.post(
        reverse("money:register", args=[sign_up.pk]), {"your_name": "X Y", "your_email": user.email}
    )
    assert "sign in with it" in response.content.decode()
    assert not Registration.objects.exists()


def test_a_signed_in_player_registers_and_lands_on_their_registration(client):
    sign_up = _event(places=1)
    registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    user, _ = person()
    client.force_login(user)
    response = client.post(reverse("money:register", args=[sign_up.pk]), {}, follow=True)
    assert "You are number 1 on the waitlist." in response.content.decode()
    assert response.redirect_chain[0][0] == reverse(
        "money:registration_detail", args=[Registration.objects.get(user=user).pk]
    )


def test_a_closed_sign_up_says_so_and_takes_nothing(client):
    now = timezone.now()
    sign_up = _event(
        opens_at=now - datetime.timedelta(days=3), closes_at=now - datetime.timedelta(days=1)
    )
    client.force_login(person()[0])
    response = client.post(reverse("money:register", args=[sign_up.pk]), {})
    assert response.status_code == 200
    assert "closed" in response.content.decode()
    assert not Registration.objects.exists()


def test_a_season_team_form_takes_questions_and_the_waiver(client):
    sign_up = season_sign_up()
    question = Question.objects.create(
        sign_up=sign_up, text="Night off?", kind="yes_no", required=True
    )
    user, captain = person("Casey Captain")
    client.force_login(user)
    typed = team(sign_up, captain)
    data = {
        "team_name": typed.team_name,
        "skill_level": str(typed.skill_level_id),
        "partner_name": typed.partner_name,
        "partner_email": typed.partner_email,
        "waiver_agreed": "on",
        "waiver_name": "Casey Captain",
    }
    page = client.post(reverse("money:register", args=[sign_up.pk]), data)
    assert "Answer “Night off?”" in page.content.decode()
    assert not Registration.objects.exists()
    data[f"q_{question.pk}"] = "yes"
    response = client.post(reverse("money:register", args=[sign_up.pk]), data)
    assert response.status_code == 302
    assert Registration.objects.get().answers == {str(question.pk): "yes"}


def _registered(sign_up=None):
    sign_up = sign_up or _event(places=3)
    user, _ = person()
    return registration_submit(sign_up=sign_up, by=user, typed=Submission())[0]


def test_the_registration_page_is_for_its_person_and_its_staff_only(client):
    registration = _registered()
    url = reverse("money:registration_detail", args=[registration.pk])
    assert client.get(url).status_code == 302  # to sign in
    client.force_login(registration.user)
    page = client.get(url)
    assert page.status_code == 200 and "Withdraw my registration" in page.content.decode()
    client.force_login(person()[0])
    assert client.get(url).status_code == 403
    client.force_login(manager_user(league=LeagueFactory()))
    assert client.get(url).status_code == 403


def test_withdrawing_from_the_page(client):
    registration = _registered()
    client.force_login(registration.user)
    response = client.post(reverse("money:registration_withdraw", args=[registration.pk]))
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.state == State.WITHDRAWN


def test_a_stranger_cannot_withdraw_someone_elses_registration(client):
    registration = _registered()
    client.force_login(person()[0])
    assert (
        client.post(reverse("money:registration_withdraw", args=[registration.pk])).status_code
        == 403
    )
    registration.refresh_from_db()
    assert registration.state == State.HOLDING


def test_the_partner_accepts_from_the_link(client):
    sign_up = season_sign_up()
    user, captain = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    url = reverse("money:partner_accept", args=[registration.partner_token])
    assert client.get(url).status_code == 200
    partner_user, partner = person("Pia Partner")
    client.force_login(partner_user)
    response = client.post(url, {"waiver_agreed": "on", "waiver_name": "Pia Partner"})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.state == State.HOLDING and registration.partner_id == partner.pk


def test_an_offer_is_answered_from_its_link_without_signing_in(client):
    sign_up = _event(places=1)
    holder = _registered(sign_up)
    waiting = _registered(sign_up)
    client.force_login(holder.user)
    client.post(reverse("money:registration_withdraw", args=[holder.pk]))
    client.logout()
    waiting.refresh_from_db()
    url = reverse("money:offer_respond", args=[waiting.offer_token])
    assert "Accept the place" in client.get(url).content.decode()
    client.post(url, {"action": "accept"})
    waiting.refresh_from_db()
    assert waiting.state == State.HOLDING
    assert client.get(url).status_code == 404  # the link is spent


def _fill(sign_up, n):
    for _ in range(n):
        user, _ = person()
        registration_submit(sign_up=sign_up, by=user, typed=Submission(answers={}))


def _list_queries(client, sign_up):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("money:registration_list", args=[sign_up.pk]))
    assert response.status_code == 200
    return len(queries)


def test_the_staff_list_takes_the_same_queries_for_5_or_40_registrations(
    client, django_assert_num_queries
):
    sign_up = season_sign_up(places=10, fee_cents=2000)
    shirt = Question.objects.create(sign_up=sign_up, text="Shirt", kind="text")
    manager = manager_user(league=sign_up.season.league)
    for n in range(5):
        user, captain = person()
        typed = team(sign_up, captain, n=f"A{n}", answers={str(shirt.pk): "<b>L</b>"})
        registration_submit(sign_up=sign_up, by=user, typed=typed)
    client.force_login(manager)
    few = _list_queries(client, sign_up)
    for n in range(35):
        user, captain = person()
        registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain, n=f"B{n}"))
    with django_assert_num_queries(few):
        response = client.get(reverse("money:registration_list", args=[sign_up.pk]))
    page = response.content.decode()
    assert "On the waitlist (number 30)" in page
    assert "Shirt: &lt;b&gt;L&lt;/b&gt;" in page  # answers shown, escaped


def test_the_staff_list_and_csv_are_refused_to_another_leagues_manager(client):
    sign_up = season_sign_up()
    client.force_login(manager_user(league=LeagueFactory()))
    assert client.get(reverse("money:registration_list", args=[sign_up.pk])).status_code == 403
    assert client.get(reverse("money:registration_csv", args=[sign_up.pk])).status_code == 403


def test_the_csv_lists_states_fees_and_answers(client):
    sign_up = _event(places=1, fee_cents=1250)
    question = Question.objects.create(sign_up=sign_up, text="Shirt", kind="text")
    user, _ = person()
    registration_submit(
        sign_up=sign_up, by=user, typed=Submission(answers={str(question.pk): "=L"})
    )
    from tests.factories import director_user

    client.force_login(director_user(tournament=sign_up.tournament))
    response = client.get(reverse("money:registration_csv", args=[sign_up.pk]))
    text = response.content.decode()
    assert response["Content-Type"].startswith("text/csv")
    assert "Shirt" in text and "$12.50" in text and "Place held" in text
    assert ",'=L" in text or "'=L" in text  # a formula typed in an answer is defused


def test_staff_accept_and_refuse_from_the_page(client):
    sign_up = _event(places=2)
    first = _registered(sign_up)
    second = _registered(sign_up)
    from tests.factories import director_user

    client.force_login(director_user(tournament=sign_up.tournament))
    client.post(reverse("money:registration_accept", args=[first.pk]))
    client.post(reverse("money:registration_refuse", args=[second.pk]), {"message": "Sorry, full."})
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.state == State.ACCEPTED and first.entry is not None
    assert second.state == State.REFUSED


def test_the_account_page_lists_my_registrations(client):
    registration = _registered()
    client.force_login(registration.user)
    page = client.get(reverse("account")).content.decode()
    assert "My registrations" in page
    assert reverse("money:registration_detail", args=[registration.pk]) in page


def test_a_partner_signed_out_accepts_with_a_name_and_email(client):
    sign_up = season_sign_up()
    user, captain = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    url = reverse("money:partner_accept", args=[registration.partner_token])
    response = client.post(
        url,
        {
            "your_name": "Pia Partner",
            "your_email": "pia@example.com",
            "waiver_agreed": "on",
            "waiver_name": "Pia Partner",
        },
    )
    assert response.status_code == 200
    assert "partner" in response.content.decode()
    registration.refresh_from_db()
    assert registration.state == State.HOLDING
    assert registration.partner.user.email == "pia@example.com"
