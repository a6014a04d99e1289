"""Setting up an event twice at once, or undoing a withdrawal twice, as real concurrent
requests on PostgreSQL."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Role
from activity.models import Activity, Verb
from league.seasons.models import Player
from scoring.models import RuleSet
from tests.concurrency import at_once
from tests.factories import TournamentFactory, director_user
from tests.tournaments.factories import progressive, started
from tournaments.errors import TournamentError
from tournaments.models import Entry, Seat, Tournament
from tournaments.services import (
    entry_register,
    entry_reinstate,
    entry_withdraw,
    tournament_create,
)

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

DAY = datetime.date(2030, 2, 7)


def _setup(name: str) -> dict:
    return {
        "name": name,
        "date": DAY.isoformat(),
        "format": "progressive",
        "rule_set": RuleSet.objects.get(slug="progressive").pk,
        "rounds": 8,
        "hands_per_round": 8,
        "seed": 0,
        "sit_out_rule": "sit_out",
        "best_of": 1,
        "stages_text": "",
    }


def test_four_create_posts_at_once_make_one_event_and_three_messages():
    director = director_user()
    data = _setup("Cold Butt Open")

    def post():
        client = Client()
        client.force_login(director)
        response = client.post(reverse("tournaments:create"), data)
        return response.status_code, response.content.decode()

    outcomes = at_once(post, post, post, post)
    assert sorted(status for status, _ in outcomes) == [200, 200, 200, 302], outcomes
    event = Tournament.objects.get()
    assert event.slug == "cold-butt-open-2030"
    refused = [page for status, page in outcomes if status == 200]
    assert all("already an event" in page for page in refused)
    assert Role.objects.filter(scope_kind="tournament", scope_id=event.pk).count() == 1


def test_events_whose_names_make_the_same_slug_at_once_each_get_their_own():
    director = director_user()
    names = ["Spring Open", "Spring-Open", "Spring Open!", "spring  open?"]

    def create(name):
        return tournament_create(tournament=Tournament(name=name, date=DAY), director=director)

    outcomes = at_once(*[lambda name=name: create(name) for name in names])
    refused = [o for o in outcomes if isinstance(o, TournamentError)]
    made = [o for o in outcomes if isinstance(o, Tournament)]
    # "Spring Open!" and "spring  open?" differ from "Spring Open" only in the name's
    # punctuation and spacing, not its letters: the database tells them apart, so all four
    # are events; what matters is that no slug collision becomes an error.
    assert not refused and len(made) == 4, outcomes
    assert sorted(o.slug for o in made) == [
        "spring-open-2030",
        "spring-open-2030-2",
        "spring-open-2030-3",
        "spring-open-2030-4",
    ]


def test_two_events_registering_one_new_name_at_once_make_one_player():
    first, second = TournamentFactory(name="North Open"), TournamentFactory(name="South Open")

    def register(event):
        return lambda: entry_register(tournament=event, player_name="Zelda  Newcomb")

    outcomes = at_once(register(first), register(second))
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert Player.objects.filter(name__iexact="zelda newcomb").count() == 1


def test_two_undos_of_one_withdrawal_at_once_seat_the_player_once():
    tournament = started(progressive(8, rounds=3))
    entry = tournament.entries.order_by("number").first()
    entry_withdraw(entry=entry, by=tournament.director)

    def undo():
        return entry_reinstate(entry=Entry.objects.get(pk=entry.pk), by=tournament.director)

    outcomes = at_once(undo, undo)
    refused = [o for o in outcomes if isinstance(o, TournamentError)]
    assert len(refused) == 1 and "playing already" in str(refused[0]), outcomes
    assert Entry.objects.get(pk=entry.pk).status == Entry.Status.CHECKED_IN
    assert Seat.objects.filter(entry=entry, round__number=2).count() == 1
    assert Activity.objects.filter(verb=Verb.ENTRY_REINSTATED).count() == 1
