"""activity_record: one INSERT in the caller's transaction; its labels outlive the objects."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, transaction

from activity.models import DETAIL_MAX, Activity, Scope, Verb
from activity.services import activity_record
from tests.factories import LeagueFactory, UserFactory

pytestmark = pytest.mark.django_db


def _record(target, **kwargs):
    values = {
        "actor": None,
        "verb": Verb.NIGHT_CANCELLED,
        "target": target,
        "scope_kind": Scope.LEAGUE,
        "scope_id": 7,
    }
    return activity_record(**{**values, **kwargs})


def test_it_records_who_did_what_to_which_object_in_which_scope():
    league = LeagueFactory(name="Monday Night")
    alice = UserFactory(username="alice")
    entry = _record(league, actor=alice, detail="Weather", scope_id=league.pk)
    entry = Activity.objects.get(pk=entry.pk)
    assert (entry.actor, entry.actor_name, entry.verb) == (alice, "alice", "night_cancelled")
    assert entry.content_type == ContentType.objects.get_for_model(league)
    assert (entry.object_id, entry.target) == (league.pk, league)
    assert entry.target_label == "Monday Night"
    assert (entry.scope_kind, entry.scope_id, entry.detail) == ("league", league.pk, "Weather")
    assert entry.at is not None


def test_the_system_or_an_anonymous_request_is_no_actor():
    league = LeagueFactory()
    assert _record(league, actor=None).actor_name == "System"
    entry = _record(league, actor=AnonymousUser())
    assert entry.actor is None and entry.actor_label == ""


def test_it_is_one_insert(django_assert_num_queries):
    league = LeagueFactory()
    ContentType.objects.get_for_model(league)  # the content type cache is warm in a live process
    with django_assert_num_queries(1):
        _record(league)


def test_the_label_and_the_actor_still_read_after_both_are_deleted():
    league, bob = LeagueFactory(name="Gone League"), UserFactory(username="bob")
    entry = _record(league, actor=bob, label="Gone League · week 1")
    league.delete()
    bob.delete()
    entry = Activity.objects.get(pk=entry.pk)
    assert entry.target is None and entry.actor is None
    assert (entry.target_label, entry.actor_name) == ("Gone League · week 1", "bob")


def test_long_text_is_clipped_to_fit():
    entry = _record(LeagueFactory(), detail="x" * 2000, label="y" * 500)
    assert len(entry.detail) == DETAIL_MAX and entry.detail.endswith("…")
    assert len(entry.target_label) == 200


def test_it_rolls_back_with_the_callers_transaction():
    league = LeagueFactory()
    with pytest.raises(RuntimeError), transaction.atomic():
        _record(league)
        raise RuntimeError("the service failed after logging")
    assert not Activity.objects.exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"verb": "invented"}, "Unknown activity verb"),
        ({"scope_kind": "planet"}, "Unknown activity scope"),
        ({"scope_id": None}, "needs its id"),
        ({"scope_kind": Scope.SITE}, "takes none"),
    ],
)
def test_it_refuses_what_it_cannot_file(changes, message):
    with pytest.raises(ValueError, match=message):
        _record(LeagueFactory(), **changes)
    assert not Activity.objects.exists()


def test_an_unsaved_target_is_refused():
    with pytest.raises(ValueError, match="Save the target"):
        _record(LeagueFactory.build())


@pytest.mark.parametrize(
    "fields",
    [
        {"scope_kind": "league", "scope_id": None},
        {"scope_kind": "site", "scope_id": 3},
        {"verb": "made_up"},
        {"target_label": ""},
        {"object_id": None},
    ],
)
def test_the_database_refuses_incomplete_entries(fields):
    values = {
        "verb": Verb.CARD_SUBMITTED,
        "content_type": ContentType.objects.get_for_model(Activity),
        "object_id": 1,
        "target_label": "Game 1",
        "scope_kind": "league",
        "scope_id": 1,
    }
    with pytest.raises(IntegrityError), transaction.atomic():
        Activity.objects.create(**{**values, **fields})
