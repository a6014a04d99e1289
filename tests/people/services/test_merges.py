import pytest

from activity.models import Activity, Verb
from league.models import Player, RosterEntry, Waiver
from people.models import PlayerMerge, ProfileChoice
from people.services.merges import MergeRefused, player_merge, player_merge_undo
from scoring.models import GameSeat
from tests.factories import (
    PlayerFactory,
    RosterEntryFactory,
    TeamFactory,
    UserFactory,
    admin_user,
    manager_user,
)
from tests.league.factories import WaiverFactory
from tests.people.factories import game, line
from tests.people.merge_helpers import league_pair
from tests.tournaments.factories import progressive
from tournaments.models import Entry
from tournaments.services import entry_register

pytestmark = pytest.mark.django_db


def _snapshot(*players):
    """Everything that points at these players, to show a refusal changed nothing."""
    ids = [p.pk for p in players]
    return (
        sorted(RosterEntry.objects.filter(player__in=ids).values_list("pk", "player_id")),
        sorted(Waiver.objects.filter(player__in=ids).values_list("pk", "player_id")),
        sorted(GameSeat.objects.filter(player__in=ids).values_list("pk", "player_id")),
        sorted(
            Player.objects.filter(pk__in=ids).values_list("pk", "email", "user_id", "merged_into")
        ),
        PlayerMerge.objects.count(),
    )


def test_it_moves_every_row_onto_the_record_kept_and_hides_the_duplicate():
    pair = league_pair()
    waiver = WaiverFactory(player=pair.merged, season=pair.second_season)
    seat = GameSeat.objects.create(game=game(), seat="N", player=pair.merged)
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged, reason="Twice")
    pair.merged.refresh_from_db()
    assert pair.merged.merged_into == pair.kept
    assert RosterEntry.objects.filter(player=pair.merged).count() == 0
    assert RosterEntry.objects.filter(player=pair.kept).count() == 2
    assert merge.moved["league.Waiver.player"] == [waiver.pk]
    assert merge.moved["scoring.GameSeat.player"] == [seat.pk]
    assert merge.reason == "Twice" and merge.merged_by == pair.manager


def test_it_logs_the_merge_in_the_league_of_the_rows_it_moved():
    pair = league_pair()
    player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    entry = Activity.objects.get(verb=Verb.PLAYERS_MERGED)
    assert (entry.scope_kind, entry.scope_id) == ("league", pair.league.pk)
    assert entry.target_label.startswith("pat smith")


def test_contact_details_the_kept_record_lacks_are_copied_and_given_back_on_undo():
    user = UserFactory()
    pair = league_pair(email="pat.work@example.com", phone="+12025550143", user=user)
    pair.kept.email = ""
    pair.kept.save()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    pair.kept.refresh_from_db()
    pair.merged.refresh_from_db()
    assert (pair.kept.email, pair.kept.phone, pair.kept.user) == (
        "pat.work@example.com",
        "+12025550143",
        user,
    )
    assert (pair.merged.email, pair.merged.phone, pair.merged.user) == ("", "", None)
    assert merge.copied == {
        "email": "pat.work@example.com",
        "phone": "+12025550143",
        "user_id": user.pk,
    }
    player_merge_undo(actor=pair.manager, merge=merge)
    pair.kept.refresh_from_db()
    pair.merged.refresh_from_db()
    assert (pair.kept.email, pair.kept.user) == ("", None)
    assert (pair.merged.email, pair.merged.user) == ("pat.work@example.com", user)


def test_undo_puts_every_moved_row_back_and_marks_the_merge_undone():
    pair = league_pair()
    WaiverFactory(player=pair.merged, season=pair.second_season)
    before = _snapshot(pair.kept, pair.merged)
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    undone = player_merge_undo(actor=pair.manager, merge=merge)
    assert undone.undone_by == pair.manager and undone.undone_at is not None
    after = _snapshot(pair.kept, pair.merged)
    assert after[:4] == before[:4]
    assert Activity.objects.filter(verb=Verb.PLAYER_MERGE_UNDONE).count() == 1


def test_undo_twice_is_refused():
    pair = league_pair()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    player_merge_undo(actor=pair.manager, merge=merge)
    with pytest.raises(MergeRefused, match="already undone"):
        player_merge_undo(actor=pair.manager, merge=merge)


def test_undo_that_would_break_a_rule_is_refused_and_changes_nothing():
    pair = league_pair()
    WaiverFactory(player=pair.merged, season=pair.second_season)
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    # Since then the duplicate got a waiver for that season again: two can't be put back.
    WaiverFactory(player=pair.merged, season=pair.second_season)
    before = _snapshot(pair.kept, pair.merged)
    with pytest.raises(MergeRefused, match="would break"):
        player_merge_undo(actor=pair.manager, merge=merge)
    assert _snapshot(pair.kept, pair.merged) == before


def test_undo_waits_for_a_later_merge_of_the_kept_record():
    pair = league_pair()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    third = PlayerFactory(email="")
    RosterEntryFactory(team=TeamFactory(season__league=pair.league), player=third)
    player_merge(actor=pair.manager, kept=third, merged=pair.kept)
    with pytest.raises(MergeRefused, match="undo that merge first"):
        player_merge_undo(actor=pair.manager, merge=merge)


def test_two_who_played_in_the_same_game_are_refused_and_nothing_changes():
    pair = league_pair()
    played = game("Round 2 · Table 3")
    GameSeat.objects.create(game=played, seat="N", player=pair.kept)
    GameSeat.objects.create(game=played, seat="E", player=pair.merged)
    before = _snapshot(pair.kept, pair.merged)
    with pytest.raises(MergeRefused, match=r"same game \(Round 2 · Table 3\)"):
        player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    assert _snapshot(pair.kept, pair.merged) == before


def test_two_with_lines_in_one_game_are_refused():
    pair = league_pair()
    played = game()
    line(pair.kept, game=played)
    line(pair.merged, game=played, side="EW")
    with pytest.raises(MergeRefused, match="same game"):
        player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)


def test_two_on_rosters_of_one_season_are_refused_naming_the_season():
    pair = league_pair()
    RosterEntryFactory(team=TeamFactory(season=pair.first_season), player=pair.merged)
    with pytest.raises(MergeRefused, match=pair.first_season.name):
        player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)


def test_two_entered_in_one_event_are_refused():
    tournament = progressive(players=0)
    first = entry_register(tournament=tournament, player_name="Lee One").player
    second = entry_register(tournament=tournament, player_name="Lee Two").player
    with pytest.raises(MergeRefused, match=f"both entered in {tournament.name}"):
        player_merge(actor=tournament.director, kept=first, merged=second)


def test_partners_of_one_entry_are_refused():
    from tests.tournaments.factories import bracket

    tournament = bracket(2, checked_in=False)
    entry = Entry.objects.filter(tournament=tournament).first()
    with pytest.raises(MergeRefused, match="both entered"):
        player_merge(actor=tournament.director, kept=entry.player, merged=entry.partner)


def test_two_records_with_accounts_are_refused():
    pair = league_pair(user=UserFactory())
    pair.kept.user = UserFactory()
    pair.kept.save()
    with pytest.raises(MergeRefused, match="both have an account"):
        player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)


def test_a_record_with_itself_is_refused():
    pair = league_pair()
    with pytest.raises(MergeRefused, match="two different"):
        player_merge(actor=pair.manager, kept=pair.kept, merged=pair.kept)


def test_a_record_already_merged_away_is_refused():
    pair = league_pair()
    player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    third = PlayerFactory(email="")
    RosterEntryFactory(team=TeamFactory(season__league=pair.league), player=third)
    with pytest.raises(MergeRefused, match="already merged"):
        player_merge(actor=pair.manager, kept=third, merged=pair.merged)


def test_the_same_merge_asked_twice_answers_with_the_first():
    pair = league_pair()
    first = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    again = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    assert again == first and PlayerMerge.objects.count() == 1


@pytest.mark.parametrize("who", ["other_manager", "captain", "anonymous", "director_elsewhere"])
def test_it_refuses_whoever_is_not_staff_for_both(who):
    from django.contrib.auth.models import AnonymousUser

    from tests.factories import captain_user, director_user

    pair = league_pair()
    actor = {
        "other_manager": lambda: manager_user(league=TeamFactory().season.league),
        "captain": lambda: captain_user()[0],
        "anonymous": AnonymousUser,
        "director_elsewhere": lambda: director_user(progressive(players=1)),
    }[who]()
    before = _snapshot(pair.kept, pair.merged)
    with pytest.raises(MergeRefused, match="your own leagues and events"):
        player_merge(actor=actor, kept=pair.kept, merged=pair.merged)
    assert _snapshot(pair.kept, pair.merged) == before


def test_a_manager_of_only_one_of_the_two_leagues_is_refused():
    pair = league_pair()
    elsewhere = PlayerFactory(email="")
    RosterEntryFactory(player=elsewhere)  # another league's season
    with pytest.raises(MergeRefused, match="your own leagues"):
        player_merge(actor=pair.manager, kept=pair.kept, merged=elsewhere)


def test_a_site_admin_merges_anyone():
    pair = league_pair()
    assert player_merge(actor=admin_user(), kept=pair.kept, merged=pair.merged).pk


def test_another_manager_of_the_league_may_undo_but_a_manager_elsewhere_may_not():
    pair = league_pair()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    with pytest.raises(MergeRefused, match="undo only"):
        player_merge_undo(actor=manager_user(league=TeamFactory().season.league), merge=merge)
    player_merge_undo(actor=manager_user(league=pair.league), merge=merge)


def test_a_profile_choice_the_kept_record_has_stays_with_the_duplicate():
    pair = league_pair()
    ProfileChoice.objects.create(player=pair.kept, show_results=True)
    theirs = ProfileChoice.objects.create(player=pair.merged)
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    theirs.refresh_from_db()
    assert theirs.player == pair.merged
    assert "people.ProfileChoice.player" not in merge.moved


def test_a_waiver_of_a_season_the_kept_record_signed_stays_with_the_duplicate():
    pair = league_pair()
    WaiverFactory(player=pair.kept, season=pair.second_season)
    theirs = WaiverFactory(player=pair.merged, season=pair.second_season)
    player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    theirs.refresh_from_db()
    assert theirs.player == pair.merged


def test_records_merged_into_the_duplicate_earlier_now_point_at_the_kept_one():
    pair = league_pair()
    older = PlayerFactory(email="", merged_into=pair.merged)
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    older.refresh_from_db()
    assert older.merged_into == pair.kept
    player_merge_undo(actor=pair.manager, merge=merge)
    older.refresh_from_db()
    assert older.merged_into == pair.merged


def test_a_merge_and_its_undo_re_rate_the_two_records(monkeypatch):
    from people.services import merges as merges_module

    calls = []
    monkeypatch.setattr(
        merges_module, "players_rerate", lambda player_ids: calls.append(player_ids)
    )
    pair = league_pair()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    player_merge_undo(actor=pair.manager, merge=merge)
    assert calls == [[pair.kept.pk, pair.merged.pk]] * 2
