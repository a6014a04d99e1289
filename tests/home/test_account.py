"""The account page: a person's own details, notices, teams and events."""

import pytest
from django.core import mail
from django.urls import reverse

from league.seasons.models import Player, RosterEntry
from notices.models import Subscription
from tests.factories import (
    PASSWORD,
    LeagueFactory,
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    TournamentFactory,
    UserFactory,
    player_user,
)
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

URL = "/accounts/me/"


def _details(user, **changes):
    player = Player.objects.filter(user=user).first()
    data = {
        "name": player.name if player else user.get_full_name() or user.username,
        "email": user.email,
        "phone": player.phone if player else "",
        "current_password": "",
    }
    if player and player.sms_opt_in:
        data["sms_opt_in"] = "on"
    data.update(changes)
    return data


def test_the_page_lives_at_accounts_me_and_is_for_signed_in_people(client):
    assert reverse("account") == URL
    response = client.get(URL)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_menu_links_to_the_account_page(client):
    client.force_login(UserFactory())
    assert f'href="{URL}"' in client.get(reverse("home")).content.decode()


def test_a_player_sees_their_teams_events_and_notices_with_links(client):
    user, team = player_user()
    other_season = SeasonFactory(league=LeagueFactory(name="Tuesday League"))
    older = TeamFactory(season=other_season, name="Old Bowers")
    RosterEntryFactory(team=older, player=user.player, role=RosterEntry.Role.CAPTAIN)
    event = TournamentFactory(name="Spring Open")
    Entry.objects.create(tournament=event, number=1, player=user.player)
    Subscription.objects.create(player=user.player, league=team.season.league, by_email=True)
    client.force_login(user)
    text = client.get(URL).content.decode()
    for name in (team.name, "Old Bowers", team.season.name, "Tuesday League", "Spring Open"):
        assert name in text
    assert reverse("league:team_detail", args=[older.pk]) in text
    assert reverse("tournaments:detail", args=[event.slug]) in text
    assert reverse("notices:subscribe", args=[team.season.league.slug]) in text
    assert "Captain" in text
    assert reverse("password_change") in text
    assert reverse("sign_out_everywhere") in text


def test_a_partner_sees_the_event_they_were_entered_in(client):
    user, _ = player_user()
    event = TournamentFactory(name="Partner Cup")
    Entry.objects.create(
        tournament=event, number=1, player=PlayerFactory(name="Sam Lead"), partner=user.player
    )
    client.force_login(user)
    text = client.get(URL).content.decode()
    assert "Partner Cup" in text and "with Sam Lead" in text


def test_the_page_reads_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    user, _ = player_user()
    client.force_login(user)
    for _ in range(6):
        RosterEntryFactory(team=TeamFactory(), player=user.player)
        Entry.objects.create(tournament=TournamentFactory(), number=1, player=user.player)
    with django_assert_max_num_queries(12) as queries:
        assert client.get(URL).status_code == 200
    baseline = len(queries)
    RosterEntryFactory(team=TeamFactory(), player=user.player)
    Entry.objects.create(tournament=TournamentFactory(), number=1, player=user.player)
    with django_assert_max_num_queries(baseline):
        client.get(URL)


def test_someone_without_a_player_record_edits_name_and_email_only(client):
    user = UserFactory(first_name="Robin", last_name="Staff")
    client.force_login(user)
    text = client.get(URL).content.decode()
    assert 'name="sms_opt_in"' not in text
    assert "belong to a player record" in text
    response = client.post(URL, _details(user, name="Robin Q Staff"))
    assert response.status_code == 302
    user.refresh_from_db()
    assert (user.first_name, user.last_name) == ("Robin", "Q Staff")


def test_saving_updates_the_user_and_the_player_with_a_normalised_phone(client):
    user, _ = player_user()
    client.force_login(user)
    response = client.post(
        URL, _details(user, name="Pat  Player", phone="(202) 555-0143", sms_opt_in="on")
    )
    assert response.status_code == 302
    player = Player.objects.get(user=user)
    assert (player.name, player.phone, player.sms_opt_in) == ("Pat Player", "+12025550143", True)
    user.refresh_from_db()
    assert user.get_full_name() == "Pat Player"
    assert "Saved your" in client.get(URL).content.decode()


def test_a_bad_phone_number_is_refused_and_nothing_changes(client):
    user, _ = player_user()
    client.force_login(user)
    response = client.post(URL, _details(user, name="New Name", phone="555 12"))
    assert response.status_code == 200
    assert "too few or too many digits" in response.content.decode()
    assert Player.objects.get(user=user).name != "New Name"


def test_a_number_saved_before_validation_may_stay_as_it_is(client):
    user, _ = player_user()
    Player.objects.filter(user=user).update(phone="555 555 0142")
    client.force_login(user)
    response = client.post(URL, _details(user, name="Kept Phone"))
    assert response.status_code == 302
    assert Player.objects.get(user=user).phone == "555 555 0142"


def test_texts_need_a_number(client):
    user, _ = player_user()
    client.force_login(user)
    response = client.post(URL, _details(user, phone="", sms_opt_in="on"))
    assert "Add a mobile number" in response.content.decode()
    assert not Player.objects.get(user=user).sms_opt_in


def test_the_number_a_league_texts_cannot_be_dropped(client):
    user, team = player_user()
    Player.objects.filter(user=user).update(phone="+12025550143")
    Subscription.objects.create(
        player=user.player, league=team.season.league, by_email=False, by_sms=True
    )
    client.force_login(user)
    response = client.post(URL, _details(user, phone=""))
    assert response.status_code == 200
    assert "notices come by text: keep a number" in response.content.decode()
    assert Player.objects.get(user=user).phone == "+12025550143"


def test_changing_the_email_needs_the_password_and_tells_the_old_address(
    client, django_capture_on_commit_callbacks
):
    user, _ = player_user()
    old = user.email
    client.force_login(user)
    response = client.post(URL, _details(user, email="pat.new@example.com"))
    assert "Enter your password to change your email" in response.content.decode()
    response = client.post(
        URL, _details(user, email="pat.new@example.com", current_password="wrong")
    )
    assert "t your current password" in response.content.decode()
    user.refresh_from_db()
    assert user.email == old
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            URL, _details(user, email="pat.new@example.com", current_password=PASSWORD)
        )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email == "pat.new@example.com"
    assert Player.objects.get(user=user).email == "pat.new@example.com"
    [notice] = mail.outbox
    assert notice.to == [old]
    assert "email address was changed" in notice.subject


def test_an_email_another_account_uses_is_refused(client):
    user, _ = player_user()
    UserFactory(email="taken@example.com")
    client.force_login(user)
    response = client.post(
        URL, _details(user, email="Taken@example.com", current_password=PASSWORD)
    )
    assert "Another account uses that email address" in response.content.decode()


def test_an_email_another_player_record_uses_is_refused(client):
    user, _ = player_user()
    PlayerFactory(name="Someone Else", email="someone@example.com")
    client.force_login(user)
    response = client.post(
        URL, _details(user, email="someone@example.com", current_password=PASSWORD)
    )
    assert response.status_code == 200
    assert "already uses that email address" in response.content.decode()
    user.refresh_from_db()
    assert user.email != "someone@example.com"


def test_a_blank_name_is_refused(client):
    user, _ = player_user()
    client.force_login(user)
    response = client.post(URL, _details(user, name="   "))
    assert response.status_code == 200
    assert "Enter your name." in response.content.decode()


def test_changing_the_password_returns_to_the_account_page(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-password-42",
            "new_password2": "another-long-password-42",
        },
    )
    assert response.url == URL


def test_the_service_refuses_an_address_another_account_took_a_moment_ago():
    from django.core.exceptions import ValidationError

    from home.services import account_update

    user = UserFactory(first_name="Pat")
    UserFactory(email="taken@example.com")
    with pytest.raises(ValidationError) as caught:
        account_update(user=user, name="Pat", email="Taken@Example.com")
    assert "Another account uses that email address" in caught.value.message_dict["email"][0]


def test_someone_without_a_player_record_keeps_a_number_for_resets_by_text(client):
    from accounts.sign_in_links import account_phone_of

    user = UserFactory(first_name="Robin", last_name="Staff")
    client.force_login(user)
    response = client.post(URL, _details(user, phone="(416) 555-0123"), follow=True)
    assert "Saved your phone" in response.content.decode()
    assert account_phone_of(user) == "+14165550123"
    assert 'value="+14165550123"' in client.get(URL).content.decode()
    client.post(URL, _details(user, phone=""))
    assert account_phone_of(user) == ""


def test_a_player_changing_their_number_changes_the_accounts_too(client):
    from accounts.sign_in_links import account_phone_of

    user, _ = player_user()
    client.force_login(user)
    client.post(URL, _details(user, phone="(202) 555-0143"))
    assert account_phone_of(user) == "+12025550143"
