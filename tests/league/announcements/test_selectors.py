import datetime

import pytest
from django.utils import timezone

from league.announcements.selectors import (
    captains_of_season,
    captains_of_teams,
    subscribers_of_league,
    unsigned_players_of_season,
)
from league.seasons.models import RosterEntry, Team, Waiver
from notices.addresses import Recipient
from tests.factories import PlayerFactory, RosterEntryFactory, SeasonFactory, TeamFactory
from tests.notices.factories import SubscriptionFactory, season_with_captains

pytestmark = pytest.mark.django_db


def test_every_current_captain_of_the_seasons_active_teams_once():
    season, captains = season_with_captains(3)
    withdrawn = TeamFactory(season=season, status=Team.Status.WITHDRAWN)
    RosterEntryFactory(team=withdrawn, role=RosterEntry.Role.CAPTAIN)
    former = RosterEntryFactory(
        team=season.teams.first(),
        role=RosterEntry.Role.CAPTAIN,
        ends_on=timezone.localdate() - datetime.timedelta(days=1),
    )
    # (A captain of two teams of one season can't happen: `roster_one_team_per_season`.)
    season_with_captains(2)  # another season's captains
    found = captains_of_season(season)
    assert sorted(r.player_id for r in found) == sorted(p.pk for p in captains)
    assert former.player_id not in {r.player_id for r in found}


def test_a_recipient_carries_the_players_contact_and_consent():
    season, (captain,) = season_with_captains(1, sms_every=1)
    assert captains_of_season(season) == [
        Recipient(
            name=captain.name,
            email=captain.email,
            phone=captain.phone,
            sms_opt_in=True,
            player_id=captain.pk,
        )
    ]


def test_the_captains_of_just_the_teams_still_playing_tonight():
    season, captains = season_with_captains(4)
    teams = list(season.teams.order_by("pk"))
    found = captains_of_teams([teams[0], teams[2].pk])
    assert {r.player_id for r in found} == {captains[0].pk, captains[2].pk}


def test_subscribers_get_the_channels_they_chose():
    by_text = SubscriptionFactory(by_email=False, by_sms=True)
    both = SubscriptionFactory(league=by_text.league, by_sms=True)
    SubscriptionFactory()  # another league
    found = {r.player_id: r for r in subscribers_of_league(by_text.league)}
    assert set(found) == {by_text.player_id, both.player_id}
    assert (found[by_text.player_id].email, found[by_text.player_id].sms_opt_in) == ("", True)
    assert found[both.player_id].email == both.player.email


def test_unsigned_players_are_the_rostered_ones_without_a_waiver():
    season = SeasonFactory()
    team = TeamFactory(season=season)
    signed, unsigned = PlayerFactory(), PlayerFactory()
    for player in (signed, unsigned):
        RosterEntryFactory(team=team, player=player)
    Waiver.objects.create(
        player=signed, season=season, version=1, signed_at=timezone.now(), method="paper"
    )
    RosterEntryFactory(team=TeamFactory(season=season, status=Team.Status.REMOVED))
    assert [r.player_id for r in unsigned_players_of_season(season)] == [unsigned.pk]
