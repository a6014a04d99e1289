"""The profile's reads: thinning the rating history, the chart, merges, what the public sees."""

import pytest

from people.selectors.profiles import player_kept, profile_visibility, thin
from people.templatetags.people_charts import chart_coordinates, rating_chart
from tests.factories import PlayerFactory
from tests.people.factories import choose


def test_thinning_keeps_the_first_and_the_last_and_at_most_the_limit():
    points = list(range(5000))
    kept = thin(points, 200)
    assert len(kept) == 200 and kept[0] == 0 and kept[-1] == 4999
    assert kept == sorted(kept)
    assert thin([1, 2, 3], 200) == [1, 2, 3]


def test_the_chart_spans_the_box_and_a_flat_line_sits_in_the_middle():
    coordinates = chart_coordinates([1000, 1100, 1050]).split()
    assert coordinates[0].startswith("4.0,") and coordinates[-1].startswith("296.0,")
    assert {point.split(",")[1] for point in chart_coordinates([1000, 1000]).split()} == {"40.0"}
    assert rating_chart([1000]) == ""


@pytest.mark.django_db
def test_a_merge_chain_ends_at_the_kept_record():
    kept = PlayerFactory()
    merged = PlayerFactory(merged_into=PlayerFactory(merged_into=kept))
    assert player_kept(merged.pk) == (kept, True)
    assert player_kept(kept.pk) == (kept, False)
    assert player_kept(999999) == (None, False)


@pytest.mark.django_db
def test_the_public_sees_what_was_chosen():
    from django.contrib.auth.models import AnonymousUser

    player = PlayerFactory()
    assert not profile_visibility(AnonymousUser(), player).anything
    choose(player, show_statistics=True)
    seen = profile_visibility(AnonymousUser(), player)
    assert seen.statistics and not seen.results and not seen.rating and not seen.everything
