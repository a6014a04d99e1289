"""Demo data for next week's night: who is coming, a sub wanted, forfeits announced ahead.

Next week (week 10) Right Bowers' second player can't come, so the team is short and its
captain has asked the season's sub list: the demo 'sub' (Riley Reyes, on the list for any
level and night, taking texts) has the request on their start page, and its text with a
YES code on their texts page. Left Bowers' second player can't
come either; with the captain and Pat the team still has two, so Pat's answer decides
whether the demo captain needs a sub. In level B, Off Suit and Second Round announced
forfeits, which leaves their two opponents without a game: the manager's makeups page
pairs them.

Safe to run again the same day: each step looks for what it made before.
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from league.availability.models import Availability
from league.availability.services import availability_answer
from league.demo.people import captain_login
from league.nights.models import Forfeit
from league.nights.services.forfeits import forfeit_announce
from league.seasons.models import Fixture, Player, RosterEntry, Season, Team
from league.subs.models import SubRequest, SubVolunteer
from league.subs.services import sub_request_create
from league.subs.volunteers import volunteer_save

SUB_USERNAME = "sub"
SUB_PHONE = "+13175550142"  # a 555 number: the demo's texts are kept, never sent
NEXT_WEEK = 10
SHORT_TEAMS = ("Right Bowers", "Left Bowers")  # their second player can't come
ASKING_TEAM = "Right Bowers"
FORFEITING_TEAMS = ("Off Suit", "Second Round")


def _fixture_of(season: Season, team: Team) -> Fixture | None:
    return (
        Fixture.objects.filter(season=season, week=NEXT_WEEK, stage=Fixture.Stage.REGULAR)
        .filter(Q(home=team) | Q(away=team))
        .first()
    )


def _second_player(team: Team) -> Any:
    entry = (
        team.roster.filter(role=RosterEntry.Role.PLAYER, fixture__isnull=True)
        .exclude(player__user__username="player")
        .select_related("player")
        .order_by("pk")
        .first()
    )
    return entry.player if entry else None


def _not_coming(season: Season, team: Team, manager: Any) -> None:
    fixture, player = _fixture_of(season, team), _second_player(team)
    if fixture is None or player is None:
        return
    if not Availability.objects.filter(fixture=fixture, player=player).exists():
        availability_answer(
            fixture=fixture, player=player, answer="not_coming", via="page", by=manager
        )


def _sub_list(season: Season) -> Any:
    user = get_user_model().objects.filter(username=SUB_USERNAME).first()
    if user is None:
        return None
    if not SubVolunteer.objects.filter(season=season, player__user=user, active=True).exists():
        volunteer_save(season=season, user=user, note="Any night, any level.")
    # Asked by text as well as by email, so the YES code can be read on the texts page.
    Player.objects.filter(user=user, phone="").update(phone=SUB_PHONE, sms_opt_in=True)
    return user


def _sub_wanted(season: Season) -> None:
    team = Team.objects.filter(season=season, name=ASKING_TEAM).first()
    fixture = _fixture_of(season, team) if team else None
    captain = captain_login(team) if team else None
    if fixture is None or captain is None:
        return
    if not SubRequest.objects.filter(fixture=fixture, team=team).exists():
        sub_request_create(
            fixture=fixture, team=team, by=captain, note="Our partner is away for work."
        )


def _forfeits_ahead(season: Season) -> None:
    for team in Team.objects.filter(season=season, name__in=FORFEITING_TEAMS):
        fixture, captain = _fixture_of(season, team), captain_login(team)
        if fixture is None or captain is None or fixture.away_id is None:
            continue
        if not Forfeit.objects.filter(fixture=fixture, team=team).exists():
            forfeit_announce(
                fixture=fixture, team=team, by=captain, note="Half the team is at a wedding."
            )


def load_night_help(season: Season) -> list[str]:
    manager = get_user_model().objects.filter(username="manager").first()
    if manager is None:
        return []
    for name in SHORT_TEAMS:
        team = Team.objects.filter(season=season, name=name).first()
        if team is not None:
            _not_coming(season, team, manager)
    sub = _sub_list(season)
    if sub is not None:
        _sub_wanted(season)
    _forfeits_ahead(season)
    return [
        f"  week {NEXT_WEEK}: {ASKING_TEAM} is short and asked the sub list; 'sub' (Riley) "
        "takes it from the start page (or its text's YES code, on the texts page); "
        "Left Bowers' partner can't come (Pat's answer decides)",
        f"  week {NEXT_WEEK}: {' and '.join(FORFEITING_TEAMS)} announced forfeits: 'manager' "
        "pairs their opponents on the makeups page (season dashboard)",
    ]
