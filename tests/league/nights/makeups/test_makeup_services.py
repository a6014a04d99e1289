"""Arranging and cancelling makeup games: who may, what is made, who is told, and every
refusal leaving nothing written."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from activity.models import Activity, Verb
from league.nights.services.forfeits import forfeit_announce
from league.nights.services.makeups import makeup_arrange, makeup_cancel
from league.seasons.models import Fixture, SeasonVersion
from notices.models import Notice
from tests.factories import LeagueFactory, manager_user
from tests.league.factories import TableFactory, VenueFactory
from tests.league.night_factories import night_season, ready_team
from tests.league.nights.makeups.factories import fixture_on, forfeit_night

pytestmark = pytest.mark.django_db


def _arrange(night, a="A1", b="A3", **kwargs):
    return makeup_arrange(
        by=kwargs.pop("by", night.manager),
        team_a=night.teams[a],
        team_b=night.teams[b],
        date=kwargs.pop("date", night.date),
        **kwargs,
    )


def _captains(notice) -> set[int]:
    return set(notice.messages.values_list("player_id", flat=True))


def test_a_manager_arranges_a_one_off_with_the_lower_id_at_home_and_the_captains_told(
    django_capture_on_commit_callbacks,
):
    night = forfeit_night()
    with django_capture_on_commit_callbacks(execute=True):
        fixture = _arrange(night, "A3", "A1")
    a1, a3 = night.teams["A1"], night.teams["A3"]
    assert (fixture.home, fixture.away, fixture.date, fixture.week) == (a1, a3, night.date, 3)
    assert fixture.one_off and fixture.counts_in_standings
    assert fixture.skill_level == a1.skill_level
    assert fixture.games == night.season.games_per_fixture
    notice = Notice.objects.get(kind=Notice.Kind.MAKEUP_GAME, subject__startswith="Makeup game")
    assert "A1 v A3" in notice.subject
    assert "counts in the standings" in notice.body
    assert _captains(notice) == {night.captain("A1").player.pk, night.captain("A3").player.pk}
    assert Activity.objects.filter(verb=Verb.MAKEUP_ARRANGED, object_id=fixture.pk).exists()
    assert SeasonVersion.objects.get(season=night.season).schedule >= 1


def test_a_season_where_makeups_dont_count_says_so():
    night = forfeit_night(counts=False)
    fixture = _arrange(night)
    assert not fixture.counts_in_standings
    notice = Notice.objects.get(kind=Notice.Kind.MAKEUP_GAME, subject__startswith="Makeup game")
    assert "doesn't count in the standings" in notice.body


def test_across_levels_the_forfeited_against_teams_level_is_kept():
    night = forfeit_night()
    fixture = _arrange(night, "B1", "A7")
    assert fixture.skill_level == night.teams["B1"].skill_level


def test_a_table_at_the_seasons_venue_is_kept_and_a_taken_one_refused():
    night = forfeit_night()
    venue = VenueFactory(league=night.season.league)
    night.season.venues.add(venue)
    table, other = TableFactory(venue=venue), TableFactory(venue=VenueFactory())
    Fixture.objects.filter(pk=night.fixtures["A5"].pk).update(table=table)
    with pytest.raises(ValidationError, match="taken"):
        _arrange(night, table=table)
    with pytest.raises(ValidationError, match="venues"):
        _arrange(night, table=other)
    Fixture.objects.filter(pk=night.fixtures["A5"].pk).update(table=None)
    assert _arrange(night, table=table).table == table


def _nothing_written(night, before: int) -> None:
    assert not Fixture.objects.filter(one_off=True).exists()
    assert Notice.objects.count() == before


@pytest.mark.parametrize(
    ("pick", "message"),
    [
        (("A1", "A1"), "two different teams"),
        (("A1", "A5"), "already has a game"),
        (("A1", "A2"), "already has a game"),  # the team that forfeits
    ],
)
def test_bad_picks_are_refused_and_nothing_is_written(pick, message):
    night = forfeit_night()
    before = Notice.objects.count()
    with pytest.raises(ValidationError, match=message):
        _arrange(night, *pick)
    _nothing_written(night, before)


def test_a_past_night_is_refused():
    night = forfeit_night()
    before = Notice.objects.count()
    with pytest.raises(ValidationError, match="has passed"):
        _arrange(night, date=timezone.localdate() - datetime.timedelta(days=1))
    _nothing_written(night, before)


def test_a_team_of_another_season_or_league_is_refused():
    night = forfeit_night()
    other_season = night_season(league=night.season.league, slug="other")
    same_league = ready_team(other_season, "Elsewhere")[1]
    other_league = ready_team(night_season(league=LeagueFactory(), slug="x"), "Abroad")[1]
    before = Notice.objects.count()
    for stranger in (same_league, other_league):
        with pytest.raises(ValidationError, match="isn't a team of"):
            makeup_arrange(
                by=night.manager, team_a=night.teams["A1"], team_b=stranger, date=night.date
            )
    _nothing_written(night, before)


def test_a_team_already_in_a_makeup_that_night_is_refused():
    night = forfeit_night()
    _arrange(night)
    with pytest.raises(ValidationError, match="already has a makeup game"):
        _arrange(night, "A1", "A7")
    with pytest.raises(ValidationError, match="already has a makeup game"):
        _arrange(night, "A3", "A1")  # the same pair again, either way round
    assert Fixture.objects.filter(one_off=True).count() == 1


def test_the_constraint_answers_a_double_that_slipped_past_the_checks(monkeypatch):
    night = forfeit_night()
    _arrange(night)
    from league.nights.services import makeups

    # The checks now see both teams waiting; the table of one-offs still holds A1 v A3.
    monkeypatch.setattr(
        makeups, "makeup_night", lambda season, date, **kw: _waiting_anyway(night, season, date)
    )
    with pytest.raises(ValidationError, match="already arranged"):
        _arrange(night)
    assert Fixture.objects.filter(one_off=True).count() == 1


def _waiting_anyway(night, season, date):
    from league.nights.selectors.makeups import MakeupNight, WaitingTeam

    fixture = night.fixtures["A1"]
    return MakeupNight(
        date,
        3,
        waiting=[
            WaitingTeam(night.teams[name], "forfeited_against", fixture) for name in ("A1", "A3")
        ],
    )


@pytest.mark.parametrize("who", ["captain", "other_manager"])
def test_only_the_leagues_managers_arrange(who):
    night = forfeit_night()
    user = night.captain("A1") if who == "captain" else manager_user(league=LeagueFactory())
    before = Notice.objects.count()
    with pytest.raises(PermissionDenied):
        _arrange(night, by=user)
    _nothing_written(night, before)


def test_a_makeup_not_yet_played_is_cancelled_and_the_captains_told():
    night = forfeit_night()
    fixture = _arrange(night)
    with pytest.raises(PermissionDenied):
        makeup_cancel(by=night.captain("A1"), fixture=fixture)
    makeup_cancel(by=night.manager, fixture=fixture)
    assert not Fixture.objects.filter(pk=fixture.pk).exists()
    logged = Activity.objects.get(verb=Verb.MAKEUP_CANCELLED)
    assert (logged.object_id, logged.actor, logged.scope_id) == (
        fixture.pk,
        night.manager,
        night.season.league_id,
    )
    assert logged.get_verb_display() == "Makeup game cancelled"
    notice = Notice.objects.get(subject__contains="cancelled")
    assert notice.kind == Notice.Kind.MAKEUP_GAME
    assert _captains(notice) == {night.captain("A1").player.pk, night.captain("A3").player.pk}
    assert _arrange(night).pk  # the pair may be arranged again


def test_a_regular_fixture_or_a_past_makeup_is_not_cancelled_here():
    night = forfeit_night()
    with pytest.raises(ValidationError, match="isn't a makeup"):
        makeup_cancel(by=night.manager, fixture=night.fixtures["A5"])
    fixture = _arrange(night)
    Fixture.objects.filter(pk=fixture.pk).update(date=timezone.localdate() - datetime.timedelta(1))
    with pytest.raises(ValidationError, match="has passed"):
        makeup_cancel(by=night.manager, fixture=fixture)
    assert Fixture.objects.filter(pk=fixture.pk).exists()


def test_announcing_a_forfeit_offers_the_managers_a_makeup_with_the_nights_proposal():
    night = forfeit_night(announce=False)
    forfeit_announce(fixture=night.fixtures["A1"], team=night.teams["A2"], by=night.captain("A2"))
    offer = Notice.objects.get(kind=Notice.Kind.MAKEUP_GAME)
    assert offer.subject == f"A1 has no game on {offer.subject.split(' on ', 1)[1]}"
    assert "Proposed: A1 v A7 (bye)" in offer.body
    assert offer.link.endswith(f"/manage/makeups/?date={night.date.isoformat()}")
    assert list(offer.messages.values_list("address", flat=True)) == [night.manager.email]
    told = Notice.objects.get(kind=Notice.Kind.GENERAL, subject__contains="won't play you")
    assert "manager may find you another game" in told.body
    # The other side announcing too leaves nobody to find a game for: no second offer.
    forfeit_announce(fixture=night.fixtures["A1"], team=night.teams["A1"], by=night.captain("A1"))
    assert Notice.objects.filter(kind=Notice.Kind.MAKEUP_GAME).count() == 1


def test_a_fixture_between_the_same_two_that_night_stops_the_pair():
    night = forfeit_night()
    fixture_on(night.season, night.teams["A1"], night.teams["A3"], night.date)
    with pytest.raises(ValidationError, match="already has a game"):
        _arrange(night)
