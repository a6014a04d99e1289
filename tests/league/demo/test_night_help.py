"""Next week's night in the demo, out of the box: 'sub' takes the sub request waiting on
their start page and is told to sign the waiver; 'player' answers whether Pat is coming
(and the demo captain sees Left Bowers short when Pat can't); 'manager' pairs the two
level-B teams whose opponents forfeited ahead."""

import pytest
from django.db.models import Q
from django.urls import reverse

from league.demo.night_help import ASKING_TEAM, NEXT_WEEK
from league.demo.seasons import DEMO_TEAM, demo_season
from league.seasons.models import Fixture, RosterEntry
from league.subs.models import SubAsk, SubRequest
from notices.models import Notice, OutboxMessage
from tests.league.demo.test_journeys import log_in

pytestmark = pytest.mark.django_db


def _next_week_of(team_name: str) -> Fixture:
    return demo_season().fixtures.get(
        Q(home__name=team_name) | Q(away__name=team_name), week=NEXT_WEEK, stage="regular"
    )


def test_the_sub_takes_the_request_on_their_start_page(demo_today, client):
    log_in(client, "sub")
    home = client.get(reverse("home")).content.decode()
    assert 'id="sub-asks"' in home and f"{ASKING_TEAM}</strong> needs a sub" in home
    ask = SubAsk.objects.get(player__user__username="sub", request__team__name=ASKING_TEAM)
    answer = reverse("league:sub_answer", args=[ask.token])
    page = client.post(answer, {"answer": "yes"}).content.decode()
    assert 'id="sub-yours"' in page and 'id="sub-waiver"' in page
    request = SubRequest.objects.get(pk=ask.request_id)
    assert request.status == SubRequest.Status.FILLED
    assert RosterEntry.objects.filter(
        fixture=request.fixture, team=request.team, player=ask.player, role="sub"
    ).exists()
    assert Notice.objects.filter(kind=Notice.Kind.SUB_FOUND).exists()


def test_the_sub_was_asked_by_text_too_with_a_reply_code(demo_today):
    from league.demo.night_help import SUB_PHONE
    from notices.models import ReplyCode

    text = OutboxMessage.objects.get(
        channel="sms", address=SUB_PHONE, notice__sms_text__contains=f"{ASKING_TEAM} needs a sub"
    )
    assert ReplyCode.objects.filter(message=text).exists()


def test_pat_says_not_coming_and_the_demo_captain_sees_left_bowers_short(demo_today, client):
    fixture = _next_week_of(DEMO_TEAM)
    log_in(client, "player")
    home = client.get(reverse("home")).content.decode()
    assert f'id="availability-{fixture.pk}"' in home
    client.post(
        reverse("league:availability_answer", args=[fixture.pk]),
        {"answer": "not_coming", "next": "/"},
    )
    client.logout()
    log_in(client, "captain")
    home = client.get(reverse("home")).content.decode()
    team = fixture.home if fixture.home.name == DEMO_TEAM else fixture.away
    assert f'id="short-{fixture.pk}-{team.pk}"' in home
    assert reverse("league:sub_request", kwargs={"pk": fixture.pk, "team": team.pk}) in home


def test_the_manager_pairs_the_teams_left_without_a_game(demo_today, client):
    season = demo_season()
    log_in(client, "manager")
    slugs = [season.league.slug, season.slug]
    dashboard = client.get(reverse("league:season_dashboard", args=slugs)).content.decode()
    assert reverse("league:forfeit_makeups", args=slugs) in dashboard
    page = client.get(reverse("league:forfeit_makeups", args=slugs)).content.decode()
    assert "Nine of Hearts" in page and "Farmer&#x27;s Hand" in page
    night = _next_week_of("Nine of Hearts").date
    teams = season.teams.filter(name__in=["Nine of Hearts", "Farmer's Hand"])
    a, b = sorted(teams.values_list("pk", flat=True))
    client.post(
        reverse("league:forfeit_makeups", args=slugs),
        {"date": night.isoformat(), "team_a": a, "team_b": b},
    )
    makeup = Fixture.objects.get(season=season, one_off=True, date=night)
    assert (makeup.home_id, makeup.away_id) == (a, b)
