"""An event's row for its pages: the same tournament and rule set the ORM reads, in one
query."""

import pytest
from django.http import Http404

from tests.tournaments.factories import progressive
from tournaments.models import Tournament
from tournaments.selectors.event_row import tournament_for_page
from tournaments.versions import RESULTS_VERSION, tournament_results_changed

pytestmark = pytest.mark.django_db


def _columns(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.fields}


def test_the_row_holds_what_the_orm_reads_json_columns_loaded():
    tournament = progressive(
        4,
        prizes=[15000, 9000],
        tiebreaks=["wins"],
        flight_basis="rating",
        flights=[{"name": "A", "prizes": [5000]}, {"name": "B", "prizes": []}],
    )
    tournament_results_changed(tournament)
    tournament_results_changed(tournament)
    read = Tournament.objects.select_related("rule_set").annotate(results_version=RESULTS_VERSION)
    expected = read.get(pk=tournament.pk)
    row = tournament_for_page(tournament.slug)
    assert _columns(row) == _columns(expected)
    assert row.flights[0]["prizes"] == [5000] and row.prizes == [15000, 9000]
    assert _columns(row.rule_set) == _columns(expected.rule_set)
    assert row.results_version == 2


def test_the_row_is_one_query_and_its_rule_set_needs_none_more(django_assert_num_queries):
    tournament = progressive(4)
    with django_assert_num_queries(1):
        row = tournament_for_page(tournament.slug)
        assert row.rule_set.slug == "progressive"


def test_an_event_without_rule_set_or_results_reads_none_and_zero():
    tournament = progressive(4)
    Tournament.objects.filter(pk=tournament.pk).update(rule_set=None)
    row = tournament_for_page(tournament.slug)
    assert row.rule_set is None and row.results_version == 0


def test_an_unknown_slug_is_not_found_and_a_saved_row_keeps_its_values():
    with pytest.raises(Http404):
        tournament_for_page("no-such-event")
    tournament = progressive(4, prizes=[1000])
    row = tournament_for_page(tournament.slug)
    row.venue = "The Legion hall"
    row.save()
    saved = Tournament.objects.get(pk=tournament.pk)
    assert saved.venue == "The Legion hall" and saved.prizes == [1000]
