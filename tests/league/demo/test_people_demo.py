"""The demo club across nights: a ladder of eight past progressives, ratings, a merge."""

import re

import pytest
from django.urls import reverse

from accounts.demo import DEMO_PASSWORD
from league.models import Player
from people.models import PlayerMerge, Series

pytestmark = pytest.mark.django_db


def test_the_demo_prints_the_ladder_a_profile_and_the_merge(demo_today):
    assert "/people/series/tuesday-ladder/" in demo_today
    assert re.search(r"Pat Player's profile \(all public\): /people/players/\d+/", demo_today)
    assert "merged duplicate: Katherine Carter into Kit Carter" in demo_today


def test_the_ladder_counts_eight_finished_progressives_and_is_public(demo_today, client):
    series = Series.objects.get(name="Tuesday Ladder")
    events = [se.tournament for se in series.series_events.select_related("tournament")]
    assert len(events) == 8 and all(e.status == "finished" for e in events)
    page = client.get(reverse("people:ladder", args=[series.slug])).content.decode()
    assert "Pat Player" in page and "Kit Carter" in page
    assert "Katherine Carter" not in page  # her night counts for Kit now


def test_pat_players_public_profile_shows_a_settled_rating_and_hand_statistics(demo_today, client):
    pat = Player.objects.get(name="Pat Player", merged_into=None)
    assert pat.rating.games >= 10
    page = client.get(reverse("people:profile", args=[pat.pk])).content.decode()
    assert str(pat.rating.value) in page
    assert 'badge">provisional' not in page
    assert "<svg" in page  # the rating's history


def test_the_director_can_undo_the_demo_merge_from_the_review_page(demo_today, client):
    merge = PlayerMerge.objects.get(merged__name="Katherine Carter", undone_at=None)
    client.post(reverse("login"), {"username": "director", "password": DEMO_PASSWORD})
    page = client.get(reverse("people:merges")).content.decode()
    assert "Katherine Carter" in page and "Undo" in page
    assert merge.kept.name == "Kit Carter"
