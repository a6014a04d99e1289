import pytest

from accounts.models import AccountPhone
from people.selectors.merges import entry_matches, live_player_id, merge_candidates, name_key
from people.services.merges import player_merge
from tests.factories import (
    PlayerFactory,
    RosterEntryFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    admin_user,
    director_user,
    grant_role,
)
from tests.people.merge_helpers import league_pair
from tests.tournaments.factories import progressive
from tournaments.services import entry_register

pytestmark = pytest.mark.django_db


def _pairs(candidates):
    return {frozenset((c.first.pk, c.second.pk)): c.reasons for c in candidates}


def _rostered(league, **fields):
    player = PlayerFactory(**fields)
    RosterEntryFactory(team=TeamFactory(season=SeasonFactory(league=league)), player=player)
    return player


def test_a_players_email_on_the_others_account_is_a_strong_sign():
    pair = league_pair(name="Patricia Smith", user=UserFactory(email="PAT@example.com"))
    found = merge_candidates(pair.manager)
    assert _pairs(found.strong) == {
        frozenset((pair.kept.pk, pair.merged.pk)): ["same email pat@example.com"]
    }


def test_the_same_phone_written_two_ways_is_a_strong_sign():
    pair = league_pair(name="P. Smith", phone="(202) 555-0143")
    pair.kept.phone = "+1 202 555 0143"
    pair.kept.save()
    assert list(_pairs(merge_candidates(pair.manager).strong).values()) == [
        ["same phone +12025550143"]
    ]


def test_an_accounts_phone_matches_a_players_phone():
    user = UserFactory()
    AccountPhone.objects.create(user=user, number="+12025550143")
    pair = league_pair(name="Someone", user=user)
    pair.kept.phone = "202-555-0143"
    pair.kept.save()
    assert len(merge_candidates(pair.manager).strong) == 1


def test_an_email_given_on_an_event_entry_is_a_sign_for_its_player():
    tournament = progressive(players=0)
    entry = entry_register(tournament=tournament, player_name="Door Person")
    entry.email = "pat@example.com"
    entry.save()
    kept = PlayerFactory(name="Pat Smith", email="pat@example.com")
    found = merge_candidates(admin_user())
    assert _pairs(found.strong) == {
        frozenset((kept.pk, entry.player.pk)): ["same email pat@example.com"]
    }


def test_the_same_name_alone_is_listed_apart_as_a_weaker_sign():
    pair = league_pair()
    found = merge_candidates(pair.manager)
    assert found.strong == []
    assert _pairs(found.by_name) == {frozenset((pair.kept.pk, pair.merged.pk)): ["same name"]}


def test_only_pairs_the_user_is_staff_for_both_are_listed():
    pair = league_pair()
    _rostered(SeasonFactory().league, name="Pat Smith", email="")  # another league's Pat
    assert len(merge_candidates(pair.manager).by_name) == 1
    assert len(merge_candidates(admin_user()).by_name) == 3


def test_records_merged_away_and_pairs_said_to_differ_are_not_listed():
    pair = league_pair()
    key = merge_candidates(pair.manager).by_name[0].key
    assert merge_candidates(pair.manager, dismissed=frozenset({key})).by_name == []
    player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    assert merge_candidates(pair.manager).by_name == []


def test_nobody_without_a_staff_role_gets_candidates():
    league_pair()
    assert merge_candidates(UserFactory()).strong == []


def test_candidates_take_the_same_queries_however_many_players(django_assert_max_num_queries):
    pair = league_pair()
    for n in range(30):
        user = UserFactory()
        AccountPhone.objects.create(user=user, number=f"+1202555{n:04d}")
        _rostered(pair.league, name=f"Lee {n}", email=f"lee{n}@example.com", user=user)
        _rostered(pair.league, name=f"lee {n}", email="", phone=f"202555{n:04d}")
    with django_assert_max_num_queries(8):
        found = merge_candidates(pair.manager)
    assert len(found.strong) == 30


def test_live_player_id_follows_merges_to_the_record_kept():
    first, second, third = PlayerFactory(), PlayerFactory(), PlayerFactory()
    second.merged_into = third
    second.save()
    first.merged_into = second
    first.save()
    assert live_player_id(first.pk) == third.pk
    assert live_player_id(third.pk) == third.pk


def test_names_compare_without_case_punctuation_or_spaces():
    assert name_key("  Pat  O'Neil. ") == name_key("pat oneil")


def test_a_typed_name_matches_a_player_of_the_directors_earlier_event():
    director = director_user()
    earlier = progressive(players=0, director=director)
    known = entry_register(tournament=earlier, player_name="Pat Smith").player
    known.name = "Pat  Smith"  # as an import wrote it
    known.save()
    tonight = progressive(players=0, director=director)
    typed = entry_register(tournament=tonight, player_name="pat smith").player
    assert typed.pk != known.pk
    [match] = entry_matches(director, tonight)
    assert (match.typed, match.matches, match.entry.number) == (typed, [known], 1)


def test_typed_names_with_contact_or_history_or_no_known_match_are_not_listed():
    director = director_user()
    earlier = progressive(players=0, director=director)
    known = entry_register(tournament=earlier, player_name="Lee Jones").player
    known.name = "Lee  Jones"
    known.save()
    tonight = progressive(players=0, director=director)
    with_email = entry_register(tournament=tonight, player_name="lee jones").player
    with_email.email = "lee@example.com"
    with_email.save()
    entry_register(tournament=tonight, player_name="Nobody Known")
    assert entry_matches(director, tonight) == []
    assert known.pk != with_email.pk


def test_a_director_is_not_shown_players_of_other_directors_events():
    other = progressive(players=0)
    theirs = entry_register(tournament=other, player_name="Pat Smith").player
    theirs.name = "Pat  Smith"
    theirs.save()
    tonight = progressive(players=0)
    director = director_user(tonight)  # this event's director only
    entry_register(tournament=tonight, player_name="pat smith")
    assert entry_matches(director, tonight) == []


def test_a_league_manager_directing_an_event_is_shown_their_league_players():
    pair = league_pair()
    director = pair.manager
    tonight = progressive(players=0, director=director)
    grant_role(director, "director", "tournament", tonight.pk)
    typed = entry_register(tournament=tonight, player_name="Pat Smith.").player
    [match] = entry_matches(director, tonight)
    assert match.typed == typed and set(match.matches) == {pair.kept, pair.merged}
