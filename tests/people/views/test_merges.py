import pytest
from django.urls import reverse

from league.models import Player
from people.models import PlayerMerge
from people.services.merges import player_merge
from scoring.models import GameSeat
from tests.factories import (
    PlayerFactory,
    RosterEntryFactory,
    TeamFactory,
    admin_user,
    captain_user,
    director_user,
    grant_role,
    manager_user,
    player_user,
)
from tests.people.factories import game
from tests.people.merge_helpers import league_pair
from tests.tournaments.factories import progressive
from tournaments.models import Entry
from tournaments.services import entry_register

pytestmark = pytest.mark.django_db
URL = reverse("people:merges")


def _post(client, pair, kept, **extra):
    data = {"pair": f"{pair.kept.pk}-{pair.merged.pk}", "kept": kept.pk, **extra}
    return client.post(URL, data, follow=True)


def _shown(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_anonymous_visitors_are_sent_to_sign_in(client):
    response = client.get(URL)
    assert response.status_code == 302 and "login" in response["Location"]


@pytest.mark.parametrize("make", [lambda: captain_user()[0], lambda: player_user()[0]])
def test_captains_and_players_may_not_review_merges(client, make):
    client.force_login(make())
    assert client.get(URL).status_code == 403


def test_the_leagues_manager_sees_the_pair_and_why(client):
    pair = league_pair()
    client.force_login(pair.manager)
    response = client.get(URL)
    assert response.status_code == 200
    assert f'id="pair-{pair.kept.pk}-{pair.merged.pk}"' in response.content.decode()
    assert "same name" in response.content.decode()


def test_the_leagues_manager_merges_and_undoes_from_the_page(client):
    pair = league_pair()
    client.force_login(pair.manager)
    response = _post(client, pair, pair.kept, reason="Same person")
    assert "is now part of Pat Smith" in _shown(response)
    merge = PlayerMerge.objects.get()
    assert (merge.kept, merge.merged, merge.reason) == (pair.kept, pair.merged, "Same person")
    assert f'action="{reverse("people:merge_undo", args=[merge.pk])}"' in response.content.decode()
    response = client.post(reverse("people:merge_undo", args=[merge.pk]), follow=True)
    assert "apart again" in _shown(response)
    assert Player.objects.get(pk=pair.merged.pk).merged_into is None


def test_the_record_kept_is_the_one_chosen(client):
    pair = league_pair()
    client.force_login(pair.manager)
    _post(client, pair, pair.merged)
    assert Player.objects.get(pk=pair.kept.pk).merged_into_id == pair.merged.pk


def test_a_manager_of_another_league_sees_nothing_and_is_refused(client):
    pair = league_pair()
    client.force_login(manager_user(league=TeamFactory().season.league))
    response = client.get(URL)
    assert response.status_code == 200 and f"pair-{pair.kept.pk}" not in response.content.decode()
    response = _post(client, pair, pair.kept)
    assert "your own leagues and events" in _shown(response)
    assert not PlayerMerge.objects.exists()


def test_a_site_admin_sees_and_merges_every_pair(client):
    pair = league_pair()
    client.force_login(admin_user())
    assert f"pair-{pair.kept.pk}-{pair.merged.pk}" in client.get(URL).content.decode()
    _post(client, pair, pair.kept)
    assert PlayerMerge.objects.count() == 1


def test_two_who_played_in_one_game_get_a_message_and_nothing_changes(client):
    pair = league_pair()
    played = game("Round 1 · Table 2")
    GameSeat.objects.create(game=played, seat="N", player=pair.kept)
    GameSeat.objects.create(game=played, seat="E", player=pair.merged)
    client.force_login(pair.manager)
    response = _post(client, pair, pair.kept)
    assert response.status_code == 200
    assert "played in the same game (Round 1 · Table 2)" in _shown(response)
    assert not PlayerMerge.objects.exists()
    assert Player.objects.get(pk=pair.merged.pk).merged_into is None


def test_a_double_click_makes_one_merge(client):
    pair = league_pair()
    client.force_login(pair.manager)
    _post(client, pair, pair.kept)
    response = _post(client, pair, pair.kept)
    assert "is now part of" in _shown(response)
    assert PlayerMerge.objects.count() == 1


@pytest.mark.parametrize(
    "data",
    [{}, {"pair": "1-1", "kept": "1"}, {"pair": "x", "kept": "2"}, {"pair": "1-2", "kept": "3"}],
)
def test_odd_posts_get_a_message(client, data):
    pair = league_pair()
    client.force_login(pair.manager)
    response = client.post(URL, data, follow=True)
    assert response.status_code == 200 and "Pick the two records" in _shown(response)


def test_different_people_are_not_listed_again_in_this_session(client):
    pair = league_pair()
    client.force_login(pair.manager)
    data = {"pair": f"{pair.kept.pk}-{pair.merged.pk}", "different": "1"}
    response = client.post(URL, data, follow=True)
    assert f"pair-{pair.kept.pk}-{pair.merged.pk}" not in response.content.decode()


def test_undo_by_a_manager_elsewhere_is_refused(client):
    pair = league_pair()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    client.force_login(manager_user(league=TeamFactory().season.league))
    response = client.post(reverse("people:merge_undo", args=[merge.pk]), follow=True)
    assert "undo only" in _shown(response)
    assert PlayerMerge.objects.get().is_live


def test_undo_answers_only_posts(client):
    pair = league_pair()
    merge = player_merge(actor=pair.manager, kept=pair.kept, merged=pair.merged)
    client.force_login(pair.manager)
    assert client.get(reverse("people:merge_undo", args=[merge.pk])).status_code == 405
    assert client.post("/people/merges/999999999/undo/").status_code == 404


def _pairs_and_merges(pair, count: int, merged: int) -> None:
    for n in range(count):
        first = PlayerFactory(name=f"Lee {pair.kept.pk}-{n}", email=f"lee{pair.kept.pk}-{n}@x.com")
        second = PlayerFactory(name=f"lee {pair.kept.pk}-{n}", email="", phone="")
        for player in (first, second):
            RosterEntryFactory(team=TeamFactory(season__league=pair.league), player=player)
        if n < merged:
            player_merge(actor=pair.manager, kept=first, merged=second)


def _queries(client, user) -> tuple[int, str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(URL)
    return len(captured), response.content.decode()


@pytest.mark.parametrize("undoer", ["manager", "other_manager_of_the_league"])
def test_the_page_takes_the_same_queries_however_many_pairs(client, undoer):
    small, big = league_pair("small@example.com"), league_pair("big@example.com")
    _pairs_and_merges(small, 2, 1)
    _pairs_and_merges(big, 20, 10)
    users = {
        "manager": (small.manager, big.manager),
        "other_manager_of_the_league": (
            manager_user(league=small.league),
            manager_user(league=big.league),
        ),
    }[undoer]
    few, _ = _queries(client, users[0])
    many, page = _queries(client, users[1])
    assert many == few <= 25
    assert page.count('class="merge-candidate"') == 11
    assert page.count(">Undo</button>") == 10


# --- an event's typed names -----------------------------------------------------------


def _typed_event():
    """Tonight's event with a typed "pat smith", and the director's earlier "Pat  Smith"."""
    earlier = progressive(players=0)
    director = director_user(earlier)
    known = entry_register(tournament=earlier, player_name="Pat Smith").player
    Player.objects.filter(pk=known.pk).update(name="Pat  Smith")
    tonight = progressive(players=0)
    grant_role(director, "director", "tournament", tonight.pk)
    typed = entry_register(tournament=tonight, player_name="pat smith").player
    return tonight, director, known, typed


def test_the_director_sees_typed_names_matching_players_they_know(client):
    tonight, director, known, typed = _typed_event()
    client.force_login(director)
    response = client.get(reverse("people:entry_matches", args=[tonight.slug]))
    assert response.status_code == 200
    assert f'value="{typed.pk}-{known.pk}"' in response.content.decode()


def test_the_control_page_links_the_matches(client):
    tonight, director, known, typed = _typed_event()
    client.force_login(director)
    page = client.get(reverse("tournaments:manage", args=[tonight.slug])).content.decode()
    assert reverse("people:entry_matches", args=[tonight.slug]) in page


def test_same_person_joins_the_entry_to_the_known_player(client):
    tonight, director, known, typed = _typed_event()
    client.force_login(director)
    url = reverse("people:entry_matches", args=[tonight.slug])
    response = client.post(url, {"pair": f"{typed.pk}-{known.pk}", "kept": known.pk}, follow=True)
    assert "is now part of Pat  Smith" in _shown(response)
    assert Entry.objects.get(tournament=tonight).player == known
    assert Player.objects.get(pk=typed.pk).merged_into == known
    assert f"typed-{typed.pk}" not in response.content.decode()


def test_different_people_leaves_both_and_drops_the_match(client):
    tonight, director, known, typed = _typed_event()
    client.force_login(director)
    url = reverse("people:entry_matches", args=[tonight.slug])
    response = client.post(url, {"pair": f"{typed.pk}-{known.pk}", "different": "1"}, follow=True)
    assert f"typed-{typed.pk}" not in response.content.decode()
    assert Entry.objects.get(tournament=tonight).player == typed


@pytest.mark.parametrize(
    "who",
    ["director_elsewhere", "manager", "captain"],
)
def test_others_may_not_open_an_events_matches(client, who):
    tonight, *_ = _typed_event()
    user = {
        "director_elsewhere": lambda: director_user(progressive(players=0)),
        "manager": lambda: manager_user(league=TeamFactory().season.league),
        "captain": lambda: captain_user()[0],
    }[who]()
    client.force_login(user)
    url = reverse("people:entry_matches", args=[tonight.slug])
    assert client.get(url).status_code == 403
    assert client.post(url, {"pair": "1-2", "kept": "1"}).status_code == 403


def test_anonymous_visitors_are_sent_to_sign_in_from_the_matches(client):
    tonight, *_ = _typed_event()
    response = client.get(reverse("people:entry_matches", args=[tonight.slug]))
    assert response.status_code == 302


def test_an_unknown_event_is_not_found(client):
    client.force_login(admin_user())
    assert client.get(reverse("people:entry_matches", args=["nope"])).status_code == 404
