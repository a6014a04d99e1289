"""The staff's decisions: accept (team with roster and waivers; event entry), refuse with a
message, place a free agent; only the sign-up's own staff."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from league.seasons.models import RosterEntry, Team, Waiver
from money.models import Registration
from money.registrations.flows import Submission, registration_submit
from money.registrations.partners import partner_accept
from money.registrations.staff import free_agent_place, registration_accept, registration_refuse
from notices.models import Notice
from tests.factories import (
    LeagueFactory,
    TeamFactory,
    TournamentFactory,
    director_user,
    manager_user,
)
from tests.money.registrations.helpers import (
    event_sign_up,
    pair,
    pair_sign_up,
    person,
    season_sign_up,
    team,
)

pytestmark = pytest.mark.django_db
State = Registration.State


def _accepted_partner_team(sign_up):
    user, captain = person("Casey Captain")
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    partner_user, partner = person("Pia Partner")
    partner_accept(
        token=registration.partner_token,
        by=partner_user,
        waiver_name=partner.name,
        waiver_agreed=True,
    )
    return registration, captain, partner


def test_accepting_a_team_makes_it_with_its_roster_and_signs_the_waivers():
    sign_up = season_sign_up()
    registration, captain, partner = _accepted_partner_team(sign_up)
    manager = manager_user(league=sign_up.season.league)
    done = registration_accept(registration=registration, by=manager)
    assert done.state == State.ACCEPTED
    team_made = Team.objects.get(season=sign_up.season)
    assert done.team == team_made and team_made.name == registration.team_name
    roles = dict(RosterEntry.objects.filter(team=team_made).values_list("player_id", "role"))
    assert roles == {captain.pk: "captain", partner.pk: "player"}
    assert set(
        Waiver.objects.filter(season=sign_up.season).values_list("player_id", flat=True)
    ) == {
        captain.pk,
        partner.pk,
    }
    assert Activity.objects.filter(verb=Verb.REGISTRATION_ACCEPTED).exists()


def test_a_team_is_accepted_only_once_its_partner_has_accepted():
    sign_up = season_sign_up()
    user, captain = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=team(sign_up, captain))
    with pytest.raises(ValidationError, match="partner hasn't accepted"):
        registration_accept(
            registration=registration, by=manager_user(league=sign_up.season.league)
        )
    assert not Team.objects.exists()


def test_accepting_an_event_pair_makes_its_entry():
    sign_up = pair_sign_up()
    sign_up.tournament.date = timezone.localdate() + datetime.timedelta(days=5)
    sign_up.tournament.save(update_fields=["date"])
    user, player = person()
    registration, _ = registration_submit(sign_up=sign_up, by=user, typed=pair("pal@example.com"))
    partner_user, partner = person()
    partner_accept(token=registration.partner_token, by=partner_user)
    done = registration_accept(
        registration=registration, by=director_user(tournament=sign_up.tournament)
    )
    assert done.entry.player_id == player.pk and done.entry.partner_id == partner.pk
    assert done.entry.number == 1


def test_a_manager_of_another_league_and_a_director_of_another_event_are_refused():
    sign_up = season_sign_up()
    registration, _, _ = _accepted_partner_team(sign_up)
    other_manager = manager_user(league=LeagueFactory())
    with pytest.raises(PermissionDenied):
        registration_accept(registration=registration, by=other_manager)
    with pytest.raises(PermissionDenied):
        registration_refuse(registration=registration, by=other_manager, message="No")
    event = event_sign_up()
    entry, _ = registration_submit(sign_up=event, by=person()[0], typed=Submission())
    other_director = director_user(tournament=TournamentFactory())
    with pytest.raises(PermissionDenied):
        registration_accept(registration=entry, by=other_director)
    registration.refresh_from_db()
    entry.refresh_from_db()
    assert registration.state == State.HOLDING and entry.state == State.HOLDING
    assert not Team.objects.exists()


def test_refusing_sends_the_message_and_offers_the_place_to_the_next_in_line():
    sign_up = event_sign_up(places=1)
    held, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    waiting, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    director = director_user(tournament=sign_up.tournament)
    done = registration_refuse(registration=held, by=director, message="We need a partner list.")
    assert done.state == State.REFUSED and done.staff_message == "We need a partner list."
    refusal = Notice.objects.get(source__refused=True)
    assert "We need a partner list." in refusal.body
    waiting.refresh_from_db()
    assert waiting.state == State.OFFERED


def test_a_refusal_needs_a_message():
    sign_up = event_sign_up()
    held, _ = registration_submit(sign_up=sign_up, by=person()[0], typed=Submission())
    with pytest.raises(ValidationError, match="Say why"):
        registration_refuse(
            registration=held, by=director_user(tournament=sign_up.tournament), message=" "
        )
    held.refresh_from_db()
    assert held.state == State.HOLDING


def _free_agent(sign_up):
    user, player = person()
    typed = Submission(free_agent=True, waiver_name=player.name, waiver_agreed=True)
    return registration_submit(sign_up=sign_up, by=user, typed=typed)[0]


def test_a_free_agent_is_placed_on_an_existing_team():
    sign_up = season_sign_up()
    agent = _free_agent(sign_up)
    existing = TeamFactory(season=sign_up.season)
    manager = manager_user(league=sign_up.season.league)
    done = free_agent_place(registration=agent, by=manager, team_id=existing.pk)
    assert done.state == State.ACCEPTED and done.team == existing
    assert RosterEntry.objects.get(team=existing, player=agent.player).role == "player"
    assert Waiver.objects.filter(player=agent.player, season=sign_up.season).exists()
    assert Activity.objects.filter(verb=Verb.FREE_AGENT_PLACED).exists()


def test_a_free_agent_on_a_new_team_takes_a_place_and_captains_it():
    sign_up = season_sign_up(places=1)
    agent = _free_agent(sign_up)
    manager = manager_user(league=sign_up.season.league)
    done = free_agent_place(registration=agent, by=manager, team_name="Lone Bowers")
    assert done.place == 1 and done.team.name == "Lone Bowers"
    assert RosterEntry.objects.get(team=done.team).role == "captain"
    second = _free_agent(sign_up)
    with pytest.raises(ValidationError, match="places are taken"):
        free_agent_place(registration=second, by=manager, team_name="Too Many")
    assert Team.objects.count() == 1


def test_a_team_of_another_season_is_refused():
    sign_up = season_sign_up()
    agent = _free_agent(sign_up)
    elsewhere = TeamFactory()
    with pytest.raises(ValidationError, match="this season's teams"):
        free_agent_place(
            registration=agent, by=manager_user(league=sign_up.season.league), team_id=elsewhere.pk
        )
    agent.refresh_from_db()
    assert agent.state == State.FREE_AGENT


def test_an_accepted_team_is_not_refused_here():
    sign_up = season_sign_up()
    registration, _, _ = _accepted_partner_team(sign_up)
    manager = manager_user(league=sign_up.season.league)
    registration_accept(registration=registration, by=manager)
    with pytest.raises(ValidationError, match="withdraw the team"):
        registration_refuse(registration=registration, by=manager, message="Changed our minds")
    registration.refresh_from_db()
    assert registration.state == State.ACCEPTED
