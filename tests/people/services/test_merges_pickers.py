"""Once merged away, a record is no longer the one a typed name finds."""

import pytest

from people.services.merges import player_merge
from tests.people.merge_helpers import league_pair
from tests.tournaments.factories import progressive
from tournaments.paste import paste_read
from tournaments.services import entry_register
from tournaments.services.door import KnownPlayers

pytestmark = pytest.mark.django_db


def _merged_first():
    """The older record (the one a name would find first) merged into the newer one."""
    pair = league_pair(name="PAT SMITH")
    player_merge(actor=pair.manager, kept=pair.merged, merged=pair.kept)
    return pair


def test_a_name_typed_at_the_door_finds_the_record_kept():
    pair = _merged_first()
    entry = entry_register(tournament=progressive(players=0), player_name="Pat Smith")
    assert entry.player == pair.merged


def test_a_pasted_list_finds_the_record_kept_by_name():
    pair = _merged_first()
    lines, errors = paste_read("Pat Smith\n")
    assert errors == []
    assert KnownPlayers.load(lines).by_name["pat smith"] == pair.merged


def test_a_roster_add_by_the_email_a_merged_away_record_kept_finds_the_kept_record():
    from league.seasons.services.rosters import player_find_or_create
    from tests.factories import PlayerFactory

    kept = PlayerFactory(email="kept@example.com")
    away = PlayerFactory(email="old@example.com", merged_into=kept)
    assert player_find_or_create(name="Whoever", email="OLD@example.com") == kept
    assert away.pk != kept.pk
