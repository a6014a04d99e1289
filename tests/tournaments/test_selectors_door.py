"""The door's counters and the names offered at self check-in."""

import pytest

from tests.tournaments.factories import bracket, progressive
from tournaments.models import Entry, Tournament
from tournaments.selectors.door import door_counts, names_to_check_in

pytestmark = pytest.mark.django_db


def test_counts_are_registered_checked_in_and_the_tables_they_fill(django_assert_num_queries):
    tournament = progressive(23, checked_in=False)
    entries = list(tournament.entries.order_by("number"))
    Entry.objects.filter(pk__in=[e.pk for e in entries[:19]]).update(status=Entry.Status.CHECKED_IN)
    Entry.objects.filter(pk=entries[-1].pk).update(status=Entry.Status.WITHDRAWN)
    with django_assert_num_queries(1):
        counts = door_counts(tournament)
    # Everyone who registered stays counted; who left is counted apart.
    assert (counts.registered, counts.checked_in, counts.withdrawn) == (23, 19, 1)
    assert str(counts.seating) == "4 tables · 3 sit out each round"
    Tournament.objects.filter(pk=tournament.pk).update(sit_out_rule="three_handed")
    tournament.refresh_from_db()
    assert str(door_counts(tournament).seating) == "4 tables and a three-handed table"


def test_teams_fill_tables_two_by_two():
    tournament = bracket(5)
    assert str(door_counts(tournament).seating) == "2 tables · one team has a bye"


def test_names_offered_are_those_not_yet_checked_in_both_partners_of_a_team():
    tournament = bracket(2, checked_in=False)
    first = tournament.entries.select_related("player", "partner").order_by("number").first()
    Entry.objects.filter(pk=first.pk).update(status=Entry.Status.CHECKED_IN)
    names = names_to_check_in(tournament)
    assert first.player.name not in names and len(names) == 2
