import pytest

from people.models import PlayerMerge
from people.services.merges import MergeRefused, player_merge
from tests.concurrency import at_once
from tests.people.merge_helpers import league_pair

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_two_staff_merging_one_pair_at_once_make_one_merge():
    pair = league_pair()
    outcomes = at_once(
        lambda: player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged),
        lambda: player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged),
    )
    assert PlayerMerge.objects.count() == 1
    merge = PlayerMerge.objects.get()
    # The second waits for the first's lock and answers with the same merge.
    assert all(isinstance(o, PlayerMerge) and o.pk == merge.pk for o in outcomes), outcomes


def test_merging_each_into_the_other_at_once_keeps_one_merge_and_refuses_the_other():
    pair = league_pair()
    outcomes = at_once(
        lambda: player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged),
        lambda: player_merge(actor=pair.manager, kept=pair.merged, merged=pair.kept),
    )
    assert PlayerMerge.objects.count() == 1
    assert sorted(type(o).__name__ for o in outcomes) == ["MergeRefused", "PlayerMerge"]
    refused = next(o for o in outcomes if isinstance(o, MergeRefused))
    assert "already merged" in str(refused)
