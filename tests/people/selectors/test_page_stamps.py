"""The stamps the profile and the ladder are kept under: one query each, and each moves on
with what its page shows."""

import pytest

from people.models import GameLine, PlayerMerge
from people.selectors import profiles, series
from people.selectors import series_stamps as stamps_of
from tests.factories import PlayerFactory, TournamentFactory
from tests.people.factories import choose, line, rating
from tests.people.series_helpers import plain_director, series_of
from tournaments.models import Tournament
from tournaments.versions import tournament_results_changed

pytestmark = pytest.mark.django_db

PUBLIC = profiles.Visibility(everything=False, results=True, statistics=False, rating=False)


def _profile_stamp(player) -> tuple:
    return profiles.profile_stamp(profiles.player_stamped(player.pk), PUBLIC)


def test_the_players_stamp_is_one_query(django_assert_num_queries):
    player = PlayerFactory()
    line(player)
    with django_assert_num_queries(1):
        stamped = profiles.player_stamped(player.pk)
    assert stamped.line_count == 1 and stamped.choice_at is None


def test_the_players_stamp_moves_with_lines_choices_ratings_and_merges():
    player = PlayerFactory()
    first = line(player)
    stamps = [_profile_stamp(player)]
    first.delete()  # a correction writes the same count of lines anew
    line(player, game=first.game, result=GameLine.Result.LOST)
    stamps.append(_profile_stamp(player))
    choose(player, show_results=True)
    stamps.append(_profile_stamp(player))
    rating(player)
    stamps.append(_profile_stamp(player))
    PlayerMerge.objects.create(kept=player, merged=PlayerFactory())
    stamps.append(_profile_stamp(player))
    assert len(set(stamps)) == len(stamps)


def test_the_public_visibility_comes_with_the_row_without_a_query(django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser

    player = PlayerFactory()
    choose(player, show_rating=True)
    stamped = profiles.player_stamped(player.pk)
    with django_assert_num_queries(0):
        seen = profiles.visibility_stamped(AnonymousUser(), stamped)
    assert seen.rating and not seen.results and not seen.everything


def test_the_recent_games_are_newest_first_whatever_the_models_order():
    player = PlayerFactory()
    older, newer = line(player), line(player)
    GameLine.objects.filter(pk=older.pk).update(played_at=newer.played_at)  # a tie: by game
    assert [x.pk for x in profiles.recent_lines(player)] == [newer.pk, older.pk]


def test_the_ladders_stamp_moves_with_results_status_rules_and_merges():
    director = plain_director()
    event = TournamentFactory(director=director, status=Tournament.Status.FINISHED)
    ladder = series_of(director, [event])

    def stamp() -> tuple:
        return stamps_of.ladder_stamp(*stamps_of.ladder_stamped(ladder.slug))

    stamps = [stamp()]
    tournament_results_changed(event)
    stamps.append(stamp())
    Tournament.objects.filter(pk=event.pk).update(status=Tournament.Status.RUNNING)
    stamps.append(stamp())
    type(ladder).objects.filter(pk=ladder.pk).update(best_of=2)
    stamps.append(stamp())
    merge = PlayerMerge.objects.create(kept=PlayerFactory(), merged=PlayerFactory())
    stamps.append(stamp())
    PlayerMerge.objects.filter(pk=merge.pk).update(undone_at=merge.merged_at.replace(year=2099))
    stamps.append(stamp())
    assert len(set(map(repr, stamps))) == len(stamps)


def test_the_ladders_series_and_events_are_one_query(django_assert_num_queries):
    director = plain_director()
    events = [TournamentFactory(director=director) for _ in range(3)]
    ladder = series_of(director, events)
    with django_assert_num_queries(1):
        found, stamps = stamps_of.ladder_stamped(ladder.slug)
        stamps_of.ladder_stamp(found, stamps)
    assert found.pk == ladder.pk and len(stamps) == 3


def test_the_ladders_stamp_is_the_one_its_kept_data_is_keyed_by():
    """The page's one query and the kept ladder's own read of the events agree."""
    director = plain_director()
    events = [TournamentFactory(director=director, status=Tournament.Status.FINISHED)]
    events.append(TournamentFactory(director=director))
    ladder = series_of(director, events)
    tournament_results_changed(events[0])
    found, stamps = stamps_of.ladder_stamped(ladder.slug)
    read = [stamps_of.EventStamp.of(t) for t in series.series_events(found)]
    assert stamps == read
    assert [e.date for e in stamps] == sorted(e.date for e in stamps)
    assert stamps[0].results_version == read[0].results_version


def test_a_ladder_without_events_is_one_row_and_an_unknown_slug_none():
    director = plain_director()
    ladder = series_of(director, [])
    found, stamps = stamps_of.ladder_stamped(ladder.slug)
    assert found.pk == ladder.pk and stamps == []
    assert found.points == ladder.points  # the rules read as the model reads them
    assert stamps_of.ladder_stamped("no-such-ladder") is None
    assert stamps_of.series_stamped("no-such-ladder") is None


def test_a_player_past_any_id_is_none_without_a_query(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert profiles.player_stamped(2**63) is None
        assert profiles.player_stamped(0) is None
