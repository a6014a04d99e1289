"""The club builder at a tiny size: the regular's games reach their lines and rating through
the real pipeline, the ladder comes from finished events, and both pages show them."""

import pytest
from django.test import Client
from django.urls import reverse

from benchmarks.big_club import build_big_club
from people.models import GameLine, PlayerRating
from people.selectors.series import series_ladder
from scoring.models import GameSeat, Scorecard, ScorecardVersion
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return build_big_club(games=12, by_hand=3, pool=6, ladder_players=8, events=2, rounds=2)


def test_the_regular_has_every_game_rated_and_the_ladder_every_player_of_finished_events(club):
    lines = GameLine.objects.filter(player=club.player)
    assert lines.count() == 12
    assert GameSeat.objects.filter(player=club.player).count() == 12
    cards = Scorecard.objects.filter(game__seats__player=club.player)
    assert set(cards.values_list("status", flat=True)) == {Scorecard.Status.CONFIRMED}
    assert all(card.current_version.state == ScorecardVersion.State.CONFIRMED for card in cards)
    by_hand = lines.filter(by_hand=True)
    assert by_hand.count() == 3 and all(line.hands > 0 for line in by_hand)
    played = sorted(lines.values_list("played_at", flat=True))
    assert (played[-1] - played[0]).days > 600  # spread over two years, not one evening
    assert PlayerRating.objects.get(player=club.player).games == 12
    ladder = series_ladder(club.series)
    assert len(ladder.events) == 2
    assert all(t.status == Tournament.Status.FINISHED for t in ladder.events)
    assert len(ladder.lines) == 8
    assert "8 players on its ladder" in club.describe()


def test_the_profile_and_the_ladder_pages_answer_with_their_people(club):
    client = Client()
    profile = client.get(reverse("people:profile", args=[club.player.pk]))
    assert profile.status_code == 200
    assert club.player.name in profile.content.decode()
    first = series_ladder(club.series).lines[0].player.name
    ladder = client.get(reverse("people:ladder", args=[club.series.slug]))
    assert ladder.status_code == 200
    assert first in ladder.content.decode()
