import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from accounts import permissions
from accounts.invitations import invitation_accept
from accounts.models import Invitation
from league.seasons import services
from league.seasons.models import Fixture, Player, RescheduleRequest, RosterEntry, Waiver
from tests.factories import UserFactory, captain_user, manager_user, player_user
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = make_season(teams_per_level=(4,), tables=2, weeks=3)
    services.season_generate_schedule(season=season)
    services.season_publish_schedule(season=season)
    season.refresh_from_db()
    return season


def _roster(team):
    return sorted(team.roster.values_list("player__name", "role"))


def test_a_captain_adds_removes_and_promotes_on_their_own_roster(client, season):
    team = season.teams.get(name="A1")
    user, _ = captain_user(team=team)
    client.force_login(user)
    url = reverse("league:roster_edit", args=[team.pk])
    assert client.get(url).status_code == 200
    client.post(
        url, {"action": "add", "name": "New Nora", "email": "", "phone": "", "role": "player"}
    )
    nora = team.roster.get(player__name="New Nora")
    client.post(url, {"action": "role", "entry": nora.pk, "role": "captain"})
    nora.refresh_from_db()
    assert nora.role == "captain"
    client.post(url, {"action": "remove", "entry": nora.pk})
    assert not team.roster.filter(pk=nora.pk).exists()
    response = client.post(url, {"action": "remove", "entry": "not-a-number"})
    assert b"Pick a player from the roster" in response.content


@pytest.mark.parametrize("who", ["other_captain", "own_player", "anonymous"])
def test_a_crafted_post_for_another_team_is_refused_and_changes_nothing(client, season, who):
    team, other = season.teams.get(name="A1"), season.teams.get(name="A2")
    if who == "other_captain":
        client.force_login(captain_user(team=other)[0])
    elif who == "own_player":
        client.force_login(player_user(team=team)[0])
    before = _roster(team)
    entry = team.roster.filter(role="player").first()
    posts = [
        (
            reverse("league:roster_edit", args=[team.pk]),
            {"action": "add", "name": "Intruder", "role": "player"},
        ),
        (reverse("league:roster_edit", args=[team.pk]), {"action": "remove", "entry": entry.pk}),
        (
            reverse("league:roster_edit", args=[team.pk]),
            {"action": "role", "entry": entry.pk, "role": "captain"},
        ),
        (
            reverse("league:sub_add", args=[team.pk]),
            {"fixture": season.fixtures.filter(home=team).first().pk, "name": "Intruder"},
        ),
    ]
    for url, data in posts:
        response = client.post(url, data)
        assert response.status_code == (302 if who == "anonymous" else 403)
    assert _roster(team) == before
    assert not Player.objects.filter(name="Intruder").exists()


def test_a_captain_adds_a_sub_for_one_of_their_fixtures(client, season):
    team = season.teams.get(name="A1")
    client.force_login(captain_user(team=team)[0])
    fixture = season.fixtures.filter(week=2).filter(home=team).first() or season.fixtures.get(
        week=2, away=team
    )
    other_fixture = (
        season.fixtures.filter(away__isnull=False).exclude(home=team).exclude(away=team).first()
    )
    url = reverse("league:sub_add", args=[team.pk])
    response = client.post(url, {"fixture": other_fixture.pk, "name": "Sneaky Sub"})
    assert response.status_code == 200 and not Player.objects.filter(name="Sneaky Sub").exists()
    client.post(url, {"fixture": fixture.pk, "name": "Sam Sub", "email": "sam@example.com"})
    sub = RosterEntry.objects.get(player__name="Sam Sub")
    assert (sub.team, sub.fixture, sub.role, sub.approved) == (team, fixture, "sub", True)
    page = client.get(reverse("league:team_detail", args=[team.pk])).content.decode()
    assert "Sam Sub" in page and "missing" in page


def test_captains_ask_and_answer_a_reschedule_request(client, season):
    team = season.teams.get(name="A1")
    fixture = season.fixtures.filter(week=3, home=team).first() or season.fixtures.get(
        week=3, away=team
    )
    opponent = fixture.opponent_of(team.pk)
    asker, _ = captain_user(team=team)
    answerer, _ = captain_user(team=opponent)
    client.force_login(asker)
    url = reverse("league:reschedule_request", args=[team.pk, fixture.pk])
    assert client.get(url).status_code == 200
    day = max(fixture.date, timezone.localdate()) + datetime.timedelta(days=2)
    client.post(url, {"proposed_date": day.isoformat(), "reason": "Bowling night"})
    request = RescheduleRequest.objects.get()
    respond = reverse("league:reschedule_respond", args=[team.pk, request.pk])
    client.post(respond, {"answer": "accept"})  # the asking side can't accept its own request
    request.refresh_from_db()
    assert request.status == "pending"
    client.force_login(answerer)
    page = client.get(reverse("league:team_detail", args=[opponent.pk])).content.decode()
    assert "Bowling night" in page and "Accept" in page
    client.post(
        reverse("league:reschedule_respond", args=[opponent.pk, request.pk]),
        {"answer": "accept", "note": "See you then"},
    )
    fixture.refresh_from_db()
    assert fixture.date == day and fixture.original_date is not None


def test_a_captain_cannot_move_another_teams_fixture(client, season):
    team, other = season.teams.get(name="A1"), season.teams.get(name="A2")
    client.force_login(captain_user(team=team)[0])
    foreign = (
        season.fixtures.filter(away__isnull=False).exclude(home=team).exclude(away=team).first()
    )
    assert (
        client.get(reverse("league:reschedule_request", args=[other.pk, foreign.pk])).status_code
        == 403
    )
    assert (
        client.get(reverse("league:reschedule_request", args=[team.pk, foreign.pk])).status_code
        == 404
    )


def test_managers_act_for_any_team(client, season):
    team = season.teams.get(name="A3")
    client.force_login(manager_user())
    client.post(
        reverse("league:roster_edit", args=[team.pk]),
        {"action": "add", "name": "Managed Mo", "role": "player"},
    )
    assert team.roster.filter(player__name="Managed Mo").exists()


def test_a_player_signs_the_waiver_online(client, season):
    user = UserFactory()
    player = Player.objects.create(name="Pat Player", user=user)
    season.teams.first().roster.create(player=player)
    client.force_login(user)
    url = reverse("league:waiver_sign", args=[season.league.slug, season.slug])
    page = client.get(url).content.decode()
    assert season.waiver_text[:40] in page
    response = client.post(url, {"typed_name": "Pat", "agree": "on"})
    assert (
        b"as the roster has it" in response.content
        and not Waiver.objects.filter(player=player).exists()
    )
    client.post(url, {"typed_name": "pat player", "agree": "on"}, REMOTE_ADDR="198.51.100.7")
    waiver = Waiver.objects.get(player=player)
    assert (waiver.method, waiver.ip_address, waiver.version) == ("online", "198.51.100.7", 1)
    assert b"you signed this waiver" in client.get(url).content


def test_a_user_without_a_player_is_told_how_to_sign(client, season):
    client.force_login(UserFactory())
    url = reverse("league:waiver_sign", args=[season.league.slug, season.slug])
    assert b"isn't linked to a player" in client.get(url).content
    before = Waiver.objects.count()
    assert client.post(url, {"typed_name": "x", "agree": "on"}).status_code == 200
    assert Waiver.objects.count() == before


def test_my_team_links_to_the_team_page(client, season):
    team = season.teams.get(name="A1")
    client.force_login(captain_user(team=team)[0])
    body = client.get(reverse("my_team")).content.decode()
    assert reverse("league:team_detail", args=[team.pk]) in body


def test_a_playoff_sub_awaits_approval_on_the_dashboard(client, season):
    team = season.teams.get(name="A1")
    fixture = Fixture.objects.create(
        season=season,
        stage="playoff",
        week=4,
        date=datetime.date(2030, 12, 3),
        home=team,
        away=season.teams.get(name="A2"),
    )
    entry = services.sub_add(team=team, fixture=fixture, name="Playoff Pete")
    client.force_login(manager_user())
    dashboard = reverse("league:season_dashboard", args=[season.league.slug, season.slug])
    assert "Playoff Pete" in client.get(dashboard).content.decode()
    client.post(
        reverse("league:sub_decide", args=[season.league.slug, season.slug, entry.pk]),
        {"approve": "1"},
    )
    entry.refresh_from_db()
    assert entry.approved


# --- privacy: an email that is already someone's ---


def _add(client, team, **data):
    url = reverse("league:roster_edit", args=[team.pk])
    payload = {"action": "add", "name": "", "email": "", "phone": "", "role": "player", **data}
    return client.post(url, payload, follow=True).content.decode()


def test_adding_someones_email_invites_them_and_shows_nothing_of_theirs(client, season):
    team = season.teams.get(name="A1")
    owner = Player.objects.create(
        name="Olivia Owner", email="olivia@example.com", phone="317-555-0199"
    )
    other_season = make_season(teams_per_level=(1,))
    Waiver.objects.create(
        player=owner, season=other_season, version=1, signed_at=timezone.now(), method="paper"
    )
    captain, _ = captain_user(team=team)
    client.force_login(captain)
    page = _add(client, team, name="Liv", email="OLIVIA@example.com", phone="555-0000")
    assert f"An invitation to join {team.name} was sent to olivia@example.com." in page
    for private in ("Olivia Owner", "317-555-0199", "0199"):
        assert private not in page
    team_page = client.get(reverse("league:team_detail", args=[team.pk])).content.decode()
    assert "Olivia Owner" not in team_page and "317-555-0199" not in team_page
    owner.refresh_from_db()
    assert (owner.name, owner.phone, owner.email) == (
        "Olivia Owner",
        "317-555-0199",
        "olivia@example.com",
    )
    assert not team.roster.filter(player=owner).exists()  # until they accept
    place = team.roster.get(player__name="Liv")
    assert place.player.email == "" and place.player.phone == "555-0000"
    invitation = Invitation.objects.get(scope_kind="team", scope_id=team.pk)
    assert (invitation.email, invitation.player_id) == ("olivia@example.com", place.player_id)


def test_accepting_moves_the_invited_place_to_the_persons_own_record(client, season):
    team = season.teams.get(name="A1")
    user = UserFactory(email="olivia@example.com")
    owner = Player.objects.create(name="Olivia Owner", email="olivia@example.com", user=user)
    client.force_login(captain_user(team=team)[0])
    _add(client, team, name="Liv", email="olivia@example.com")
    invitation_accept(invitation=Invitation.objects.get(), user=user)
    assert team.roster.filter(player=owner, role="player").exists()
    assert not team.roster.filter(player__name="Liv").exists()


def test_adding_the_same_address_twice_is_one_invitation(client, season):
    team = season.teams.get(name="A1")
    Player.objects.create(name="Olivia Owner", email="olivia@example.com")
    client.force_login(captain_user(team=team)[0])
    _add(client, team, name="Liv", email="olivia@example.com")
    page = _add(client, team, name="Liv", email="olivia@example.com")
    assert "olivia@example.com is already invited to" in page
    assert Invitation.objects.count() == 1
    assert team.roster.filter(player__name="Liv").count() == 1
    invitations = reverse("league:team_invitations", args=[team.pk])
    assert f'resend it from the <a href="{invitations}">team&#x27;s invitations</a>.' in page


def _sub(client, team, fixture, **data):
    url = reverse("league:sub_add", args=[team.pk])
    payload = {"fixture": fixture.pk, "name": "", "email": "", "phone": "", **data}
    return client.post(url, payload, follow=True).content.decode()


def test_a_sub_by_someones_email_is_invited_and_nothing_of_theirs_is_shown(client, season):
    team = season.teams.get(name="A1")
    owner = Player.objects.create(
        name="Olivia Owner", email="olivia@example.com", phone="317-555-0199"
    )
    fixture = Fixture.objects.filter(home=team, away__isnull=False).first()
    client.force_login(captain_user(team=team)[0])
    page = _sub(client, team, fixture, name="Liv", email="olivia@example.com")
    assert "An invitation to sub on" in page and "was sent to olivia@example.com" in page
    fixture_page = client.get(reverse("league:fixture_detail", args=[fixture.pk])).content
    team_page = client.get(reverse("league:team_detail", args=[team.pk])).content
    for shown in (page, fixture_page.decode(), team_page.decode()):
        assert "Olivia Owner" not in shown and "317-555-0199" not in shown
    assert not RosterEntry.objects.filter(player=owner).exists()  # until they accept
    place = RosterEntry.objects.get(fixture=fixture, role="sub")
    assert (place.player.name, place.player.email) == ("Liv", "")
    invitation = Invitation.objects.get(kind="sub")
    assert (invitation.scope_id, invitation.player_id) == (team.pk, place.player_id)
    owner.refresh_from_db()
    assert (owner.name, owner.phone) == ("Olivia Owner", "317-555-0199")


def test_accepting_a_sub_invitation_moves_the_nights_place_to_the_persons_record(client, season):
    team = season.teams.get(name="A1")
    owner = Player.objects.create(name="Olivia Owner", email="olivia@example.com")
    fixture = Fixture.objects.filter(home=team, away__isnull=False).first()
    client.force_login(captain_user(team=team)[0])
    _sub(client, team, fixture, name="Liv", email="olivia@example.com")
    user = UserFactory(email="olivia@example.com")
    invitation_accept(invitation=Invitation.objects.get(kind="sub"), user=user)
    place = RosterEntry.objects.get(fixture=fixture, role="sub")
    assert place.player == owner
    owner.refresh_from_db()
    assert owner.user == user
    assert team.pk in permissions.team_ids_for(user)


def test_a_sub_invitation_for_a_night_already_played_is_refused(client, season):
    team = season.teams.get(name="A1")
    Player.objects.create(name="Olivia Owner", email="olivia@example.com")
    fixture = Fixture.objects.filter(home=team, away__isnull=False).first()
    client.force_login(captain_user(team=team)[0])
    _sub(client, team, fixture, name="Liv", email="olivia@example.com")
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    with pytest.raises(ValidationError, match="That night is over"):
        invitation_accept(invitation=Invitation.objects.get(kind="sub"), user=UserFactory())


def test_a_player_signs_only_the_waivers_of_seasons_they_play_in(client, season):
    user = UserFactory()
    player = Player.objects.create(name="Pat Player", user=user)
    make_season(teams_per_level=(1,)).teams.get().roster.create(player=player)
    client.force_login(user)
    url = reverse("league:waiver_sign", args=[season.league.slug, season.slug])
    page = client.get(url).content.decode()
    assert 'id="waiver-not-rostered"' in page and "<form" not in page.split("waiver-text")[1]
    response = client.post(url, {"typed_name": "Pat Player", "agree": "on"})
    assert response.status_code == 200
    assert not Waiver.objects.filter(player=player, season=season).exists()


def test_a_captain_adds_a_partner_and_invites_them_in_one_tap(client, season):
    team = season.teams.get(name="A1")
    client.force_login(captain_user(team=team)[0])
    page = _add(client, team, name="Nora New", email="nora@example.com", invite="on")
    assert "Nora New added; invitation sent to nora@example.com." in page
    invitation = Invitation.objects.get(kind="player", scope_id=team.pk)
    assert invitation.player_id == team.roster.get(player__name="Nora New").player_id
    no_contact = _add(client, team, name="Nemo None", email="", phone="", invite="on")
    assert "Nemo None added." in no_contact
    assert Invitation.objects.count() == 1


def test_a_reschedule_to_the_last_night_of_9999_is_answered_with_the_window(client, season):
    team = season.teams.get(name="A1")
    fixture = season.fixtures.filter(home=team).exclude(away=None).first()
    client.force_login(captain_user(team=team)[0])
    url = reverse("league:reschedule_request", args=[team.pk, fixture.pk])
    response = client.post(url, {"proposed_date": "9999-12-31", "reason": "Far away"})
    assert response.status_code == 200
    assert "Pick a date between Sat 1 Jan 2000 and" in response.content.decode()
    assert not RescheduleRequest.objects.exists()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ({"name": "Ann\x1b[2JLee"}, "can&#x27;t be shown"),
        ({"name": "Ann Lee", "phone": "555\x070143"}, "can&#x27;t be shown"),
        ({"name": "Ann Lee", "phone": "5" * 33}, "at most 32 characters"),
        ({"name": "N" * 121}, "at most 120 characters"),
    ],
)
def test_a_roster_add_with_control_characters_or_too_long_is_answered(
    client, season, typed, message
):
    team = season.teams.get(name="A1")
    client.force_login(captain_user(team=team)[0])
    before = Player.objects.count()
    data = {"action": "add", "email": "", "phone": "", "role": "player", **typed}
    response = client.post(reverse("league:roster_edit", args=[team.pk]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Player.objects.count() == before
