import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied, ValidationError

from activity.models import Activity, Verb
from people.models import Series, SeriesEvent
from people.services.series import (
    series_add_event,
    series_create,
    series_invite_top,
    series_remove_event,
    series_update,
)
from tests.factories import TournamentFactory, admin_user, manager_user, player_user
from tests.people.series_helpers import (
    entry_players,
    finished_bracket,
    finished_progressive,
    plain_director,
    seat_players,
    series_of,
)
from tests.tournaments.factories import progressive, started
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db

PROGRESSIVE = Tournament.Format.PROGRESSIVE
WIN = {"N": 9, "S": 9, "E": 3, "W": 3}
RULES = {"points": [10, 8, 6, 5], "best_of": None, "min_events": 0}


def _create(actor, **kwargs):
    fields = {"name": "Winter ladder", "format": PROGRESSIVE, **RULES, **kwargs}
    return series_create(actor=actor, **fields)


def other_roles():
    """Everyone but the series' director and a site administrator."""
    return {
        "director of another event": lambda: TournamentFactory(director=plain_director()).director,
        "manager": manager_user,
        "player": lambda: player_user()[0],
        "anonymous": AnonymousUser,
    }


# --- creating and changing ---


def test_a_director_starts_a_ladder_with_its_rules_and_a_slug():
    director = plain_director()
    series = _create(director, best_of=5, min_events=2)
    assert (series.director, series.slug, series.best_of, series.min_events) == (
        director,
        "winter-ladder",
        5,
        2,
    )
    assert _create(director).slug == "winter-ladder-2"
    assert Activity.objects.filter(verb=Verb.LADDER_CREATED).count() == 2


@pytest.mark.parametrize("role", ["manager", "player", "anonymous"])
def test_only_directors_and_organisers_start_ladders(role):
    actor = other_roles()[role]()
    if role == "manager":  # a league manager is an organiser too: may start one
        assert _create(actor).director == actor
        return
    with pytest.raises(PermissionDenied):
        _create(actor)
    assert not Series.objects.exists()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"points": [10, -1]}, "Points can't be negative"),
        ({"points": []}, "1st place"),
        ({"points": list(range(101))}, "at most 100 places"),
        ({"points": [10, 2.5]}, "whole number"),
        ({"best_of": 0}, "Best of counts 1"),
        ({"min_events": -1}, "qualify run from 0"),
        ({"format": "chess"}, "Choose the format"),
        ({"name": " "}, "Name the ladder"),
    ],
)
def test_bad_rules_are_refused_and_nothing_is_made(fields, message):
    with pytest.raises(ValidationError, match=message):
        _create(plain_director(), **fields)
    assert not Series.objects.exists()


def test_the_director_changes_the_rules_and_it_is_logged():
    director = plain_director()
    series = _create(director)
    series_update(actor=director, series=series, points=[5, 3], best_of=2, min_events=1)
    series.refresh_from_db()
    assert (series.points, series.best_of, series.min_events) == ([5, 3], 2, 1)
    assert Activity.objects.filter(verb=Verb.LADDER_CHANGED).exists()


def test_a_site_administrator_may_change_any_ladder():
    series = _create(plain_director())
    series_update(actor=admin_user(), series=series, points=[1], best_of=None, min_events=0)
    series.refresh_from_db()
    assert series.points == [1]


@pytest.mark.parametrize("role", list(other_roles()))
def test_nobody_else_changes_a_ladder(role):
    series = _create(plain_director())
    with pytest.raises(PermissionDenied):
        series_update(actor=other_roles()[role](), series=series, **{**RULES, "points": [1]})
    series.refresh_from_db()
    assert series.points == RULES["points"]


def test_a_bad_change_leaves_the_rules_as_they_were():
    director = plain_director()
    series = _create(director)
    with pytest.raises(ValidationError, match="negative"):
        series_update(actor=director, series=series, points=[3, -3], best_of=None, min_events=0)
    series.refresh_from_db()
    assert series.points == RULES["points"]


# --- events ---


def test_the_director_adds_and_removes_their_own_events():
    director = plain_director()
    series = _create(director)
    event = TournamentFactory(director=director, format=PROGRESSIVE)
    series_add_event(actor=director, series=series, tournament=event)
    assert SeriesEvent.objects.filter(series=series, tournament=event).exists()
    assert series_remove_event(actor=director, series=series, tournament=event)
    assert not series_remove_event(actor=director, series=series, tournament=event)
    verbs = set(Activity.objects.values_list("verb", flat=True))
    assert {Verb.LADDER_EVENT_ADDED, Verb.LADDER_EVENT_REMOVED} <= verbs


def test_adding_an_event_twice_is_one_row():
    director = plain_director()
    series = _create(director)
    event = TournamentFactory(director=director, format=PROGRESSIVE)
    first = series_add_event(actor=director, series=series, tournament=event)
    again = series_add_event(actor=director, series=series, tournament=event)
    assert first.pk == again.pk
    assert SeriesEvent.objects.count() == 1


def test_an_event_already_in_another_ladder_is_refused():
    director = plain_director()
    event = TournamentFactory(director=director, format=PROGRESSIVE)
    series_add_event(actor=director, series=_create(director), tournament=event)
    other = _create(director, name="Summer ladder")
    with pytest.raises(ValidationError, match="already counts in Winter ladder"):
        series_add_event(actor=director, series=other, tournament=event)
    assert not other.series_events.exists()


def test_a_ladder_refuses_an_event_of_another_format():
    director = plain_director()
    series = _create(director)
    event = TournamentFactory(director=director, format=Tournament.Format.PARTNER_BRACKET)
    with pytest.raises(ValidationError, match="can't mix events of different formats"):
        series_add_event(actor=director, series=series, tournament=event)
    assert not SeriesEvent.objects.exists()


def test_a_director_cant_add_someone_elses_event():
    director = plain_director()
    series = _create(director)
    event = TournamentFactory(director=plain_director(), format=PROGRESSIVE)
    with pytest.raises(PermissionDenied):
        series_add_event(actor=director, series=series, tournament=event)
    assert not SeriesEvent.objects.exists()


@pytest.mark.parametrize("role", list(other_roles()))
def test_nobody_else_adds_or_removes_events(role):
    director = plain_director()
    series = _create(director)
    event = TournamentFactory(director=director, format=PROGRESSIVE)
    actor = other_roles()[role]()
    with pytest.raises(PermissionDenied):
        series_add_event(actor=actor, series=series, tournament=event)
    series_add_event(actor=director, series=series, tournament=event)
    with pytest.raises(PermissionDenied):
        series_remove_event(actor=actor, series=series, tournament=event)
    assert SeriesEvent.objects.count() == 1


# --- inviting the top into a final ---


def _ladder_with_final(director, **final_kwargs):
    events = [finished_progressive(director, [WIN, {"N": 7, "S": 7, "E": 5, "W": 5}])]
    series = series_of(director, events, points=[10, 8, 6, 5, 4, 3, 2, 1])
    final = progressive(0, director=director, **final_kwargs)
    return series, events[0], final


def test_the_top_players_are_registered_in_the_final_once():
    director = plain_director()
    series, event, final = _ladder_with_final(director)
    seats = seat_players(event)
    winners = {seats["N"][0], seats["S"][0]}  # tied first: both in a top 1
    invited = series_invite_top(actor=director, series=series, top=1, final=final)
    assert {p.pk for p in invited.entered} == winners
    assert entry_players(final) == winners
    assert all(e.status == Entry.Status.REGISTERED for e in final.entries.all())
    series.refresh_from_db()
    assert (series.final, series.invited_top) == (final, 1)
    assert series.invited_at is not None
    again = series_invite_top(actor=director, series=series, top=1, final=final)
    assert again.entered == [] and {p.pk for p in again.already} == winners
    assert final.entries.count() == 2
    wider = series_invite_top(actor=director, series=series, top=4, final=final)
    assert len(wider.entered) == 2 and final.entries.count() == 4
    assert Activity.objects.filter(verb=Verb.LADDER_TOP_INVITED, scope_id=final.pk).count() == 3


def test_inviting_needs_a_finished_event():
    director = plain_director()
    series = series_of(director, [progressive(4, director=director)])
    final = progressive(0, director=director)
    with pytest.raises(ValidationError, match="No event of this ladder has finished"):
        series_invite_top(actor=director, series=series, top=4, final=final)


def test_inviting_nobody_is_refused():
    director = plain_director()
    series, _, final = _ladder_with_final(director)
    with pytest.raises(ValidationError, match="between 1 and"):
        series_invite_top(actor=director, series=series, top=0, final=final)
    assert not final.entries.exists()


def test_a_final_under_way_is_refused():
    director = plain_director()
    series, _, _ = _ladder_with_final(director)
    final = started(progressive(4, director=director))
    with pytest.raises(ValidationError, match="has started"):
        series_invite_top(actor=director, series=series, top=2, final=final)
    assert final.entries.count() == 4


def test_a_partners_final_is_refused():
    director = plain_director()
    series, _, _ = _ladder_with_final(director)
    final = TournamentFactory(director=director, format=Tournament.Format.PARTNER_BRACKET)
    with pytest.raises(ValidationError, match="progressive final"):
        series_invite_top(actor=director, series=series, top=2, final=final)


def test_the_final_must_be_the_directors_own():
    director = plain_director()
    series, _, _ = _ladder_with_final(director)
    final = progressive(0, director=plain_director())
    with pytest.raises(PermissionDenied):
        series_invite_top(actor=director, series=series, top=2, final=final)
    assert not final.entries.exists()


@pytest.mark.parametrize("role", list(other_roles()))
def test_nobody_else_invites_the_top(role):
    director = plain_director()
    series, _, final = _ladder_with_final(director)
    with pytest.raises(PermissionDenied):
        series_invite_top(actor=other_roles()[role](), series=series, top=2, final=final)
    assert not final.entries.exists()


def test_only_qualified_players_are_invited():
    director = plain_director()
    series, _, final = _ladder_with_final(director)
    series.min_events = 2
    series.save()
    with pytest.raises(ValidationError, match="Nobody has played enough"):
        series_invite_top(actor=director, series=series, top=2, final=final)


def test_a_partner_ladder_invites_both_players_of_the_top_team():
    director = plain_director()
    event = finished_bracket(director, 4)
    series = series_of(director, [event])
    final = progressive(0, director=director)
    champion = Entry.objects.get(pk=event.champion_id)
    series_invite_top(actor=director, series=series, top=1, final=final)
    assert entry_players(final) == {champion.player_id, champion.partner_id}
