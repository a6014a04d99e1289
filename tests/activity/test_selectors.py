"""Reading a scope's log: only its own entries, newest first, narrowed by the filters."""

import datetime

import pytest

from activity.models import Scope, Verb
from activity.selectors import activity_filter, activity_for_scope, actors_in
from tests.activity.factories import entry, local
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 3, 10)


def _labels(entries):
    return [e.target_label for e in entries]


def test_a_scope_reads_only_its_own_entries_newest_first():
    entry(scope_id=1, label="old", at=local(DAY, 9))
    entry(scope_id=1, label="new", at=local(DAY, 18))
    entry(scope_id=2, label="other league")
    entry(scope_id=1, scope_kind=Scope.TOURNAMENT, label="tournament one")
    assert _labels(activity_for_scope(scope_kind=Scope.LEAGUE, scope_id=1)) == ["new", "old"]
    assert _labels(activity_for_scope(scope_kind=Scope.TOURNAMENT, scope_id=1)) == [
        "tournament one"
    ]


def test_it_filters_by_action_and_by_who():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    entry(scope_id=1, label="a", actor=alice, verb=Verb.FORFEIT_RECORDED)
    entry(scope_id=1, label="b", actor=bob, verb=Verb.FORFEIT_RECORDED)
    entry(scope_id=1, label="c", actor=alice, verb=Verb.NIGHT_CANCELLED)
    log = activity_for_scope(scope_kind=Scope.LEAGUE, scope_id=1)
    assert _labels(activity_filter(log, verb=Verb.FORFEIT_RECORDED)) == ["b", "a"]
    assert _labels(activity_filter(log, actor_id=alice.pk)) == ["c", "a"]
    assert _labels(activity_filter(log, verb=Verb.NIGHT_CANCELLED, actor_id=bob.pk)) == []


def test_the_date_window_takes_whole_local_days_at_both_ends():
    entry(scope_id=1, label="before", at=local(DAY - datetime.timedelta(days=1), 23))
    entry(scope_id=1, label="first morning", at=local(DAY, 0))
    entry(scope_id=1, label="last night", at=local(DAY + datetime.timedelta(days=1), 23))
    entry(scope_id=1, label="after", at=local(DAY + datetime.timedelta(days=2), 0))
    log = activity_for_scope(scope_kind=Scope.LEAGUE, scope_id=1)
    window = activity_filter(log, since=DAY, until=DAY + datetime.timedelta(days=1))
    assert _labels(window) == ["last night", "first morning"]
    assert _labels(activity_filter(log, since=DAY + datetime.timedelta(days=2))) == ["after"]


def test_words_are_found_in_the_label_or_the_detail_whatever_the_case():
    entry(scope_id=1, label="Week 2: Aces v Bowers", detail="Weather")
    entry(scope_id=1, label="Week 3: Clubs v Diamonds", detail="No show by the aces")
    entry(scope_id=1, label="Week 4: Clubs v Hearts", detail="Rain")
    log = activity_for_scope(scope_kind=Scope.LEAGUE, scope_id=1)
    assert len(activity_filter(log, text="  ACES ")) == 2
    assert _labels(activity_filter(log, text="rain")) == ["Week 4: Clubs v Hearts"]


def test_the_who_choices_are_the_people_in_this_log():
    alice, bob, carol = (UserFactory(username=n) for n in ("alice", "bob", "carol"))
    entry(scope_id=1, actor=bob)
    entry(scope_id=1, actor=alice)
    entry(scope_id=1, actor=alice)
    entry(scope_id=1)
    entry(scope_id=2, actor=carol)
    log = activity_for_scope(scope_kind=Scope.LEAGUE, scope_id=1)
    assert list(actors_in(log)) == [alice, bob]
