"""Brackets and heats seeded by rating: highest-rated team first, equals in today's order;
today's order (director's seeds, then registration) stays the default."""

import pytest
from django.urls import reverse

from tests.tournaments.factories import bracket, heats_event, started
from tests.tournaments.flight_helpers import rate_entries
from tournaments.models import HeatMatch

pytestmark = pytest.mark.django_db


def _seeds(tournament) -> dict[int, int]:
    """Registration number -> seed."""
    return dict(tournament.entries.values_list("number", "seed"))


def test_a_single_elimination_bracket_seeds_by_rating():
    tournament = bracket(4, seeding="rating")
    rate_entries(tournament, [1100, 1400, 1100, 1200])
    started(tournament)
    # 2 (1400), 4 (1200), then 1 and 3 level at 1100 in registration order.
    assert _seeds(tournament) == {2: 1, 4: 2, 1: 3, 3: 4}


def test_the_directors_seeds_break_ties_in_rating():
    tournament = bracket(4, seeding="rating")
    rate_entries(tournament, [1100, 1400, 1100, 1200])
    tournament.entries.filter(number=3).update(seed=1)
    started(tournament)
    assert _seeds(tournament) == {2: 1, 4: 2, 3: 3, 1: 4}


def test_by_default_a_bracket_is_seeded_as_today_whatever_the_ratings():
    tournament = bracket(4)
    rate_entries(tournament, [1100, 1400, 1100, 1200])
    started(tournament)
    assert _seeds(tournament) == {1: 1, 2: 2, 3: 3, 4: 4}


def test_heats_are_drawn_in_rating_order():
    tournament = heats_event(4, seeding="rating")
    rate_entries(tournament, [1000, 1300, 1100, 1200])
    started(tournament)
    pairs = [
        (m.ns.number, m.ew.number)
        for m in HeatMatch.objects.filter(heat__stage__tournament=tournament, ew__isnull=False)
        .select_related("ns", "ew")
        .order_by("heat__number", "number")
    ]
    assert pairs == [(2, 4), (3, 1)]


def test_by_default_heats_are_drawn_in_registration_order():
    tournament = heats_event(4)
    rate_entries(tournament, [1000, 1300, 1100, 1200])
    started(tournament)
    pairs = [
        (m.ns.number, m.ew.number)
        for m in HeatMatch.objects.filter(heat__stage__tournament=tournament, ew__isnull=False)
        .select_related("ns", "ew")
        .order_by("heat__number", "number")
    ]
    assert pairs == [(1, 2), (3, 4)]


def test_the_bracket_page_says_how_it_was_seeded(client):
    rated = started(bracket(2, seeding="rating"))
    page = client.get(reverse("tournaments:detail", args=[rated.slug])).content.decode()
    assert "Seeded by rating" in page
    plain = started(bracket(2))
    page = client.get(reverse("tournaments:detail", args=[plain.slug])).content.decode()
    assert "Seeded by the director's seeds, then registration order." in page
