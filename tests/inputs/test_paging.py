"""A table's page as the address asks for it: never an error, whatever the address says."""

import pytest
from django.test import RequestFactory

from inputs.paging import table_configure
from tests.factories import TournamentFactory
from tournaments.models import Tournament
from tournaments.tables import TournamentTable

pytestmark = pytest.mark.django_db


def _page(query: dict) -> TournamentTable:
    request = RequestFactory().get("/tournaments/", query)
    return table_configure(request, TournamentTable(Tournament.objects.all()), per_page=2)


@pytest.fixture
def five_events():
    for n in range(5):
        TournamentFactory(name=f"Event {n}")


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ({}, 1),
        ({"page": "2"}, 2),
        ({"page": "99"}, 3),  # past the end: the last page
        ({"page": "-1"}, 1),
        ({"page": "0"}, 1),
        ({"page": "²"}, 1),
        ({"page": "١٢"}, 1),
        ({"page": "\x00"}, 1),
        ({"page": "9" * 40}, 1),  # no page number at all
    ],
)
def test_the_page_is_read_as_plain_digits(five_events, query, number):
    assert _page(query).page.number == number


@pytest.mark.parametrize("rows", ["-1", "0", "²", "1" * 30, "100000"])
def test_the_address_does_not_choose_how_many_rows_a_page_has(five_events, rows):
    table = _page({"per_page": rows, "page": "1"})
    assert (table.paginator.per_page, len(table.page.object_list)) == (2, 2)
