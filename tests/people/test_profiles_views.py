"""The profile page: the name always, the rest as chosen; merges redirect; bounded queries."""

import pytest
from django.urls import reverse

from people.models import GameLine
from tests.factories import PlayerFactory, SeasonFactory, TeamFactory, UserFactory
from tests.people.factories import choose, line, many_lines, pair_lines, rating
from tests.tournaments.factories import progressive

pytestmark = pytest.mark.django_db


def _url(player) -> str:
    return reverse("people:profile", args=[player.pk])


def _page(client, player) -> str:
    response = client.get(_url(player))
    assert response.status_code == 200
    return response.content.decode()


def test_the_public_sees_only_the_name_by_default(client):
    player = PlayerFactory(name="Ann Bower")
    line(player, by_hand=True, hands=8, marches=2)
    rating(player, history=3)
    page = _page(client, player)
    assert "Ann Bower" in page and 'id="name-only"' in page
    for section in ('id="results"', 'id="rating"', 'id="statistics"'):
        assert section not in page


def test_each_choice_opens_its_own_section_to_the_public(client):
    player = PlayerFactory()
    choose(player, show_rating=True)
    page = _page(client, player)
    assert 'id="rating"' in page and 'id="results"' not in page and 'id="statistics"' not in page
    choose(player, show_results=True, show_statistics=True, show_rating=False)
    page = _page(client, player)
    assert 'id="results"' in page and 'id="statistics"' in page and 'id="rating"' not in page


def test_results_show_seasons_events_teams_partners_and_the_record(client):
    season = SeasonFactory(name="Fall")
    team = TeamFactory(season=season, name="Right Bowers")
    event = progressive(players=4, rounds=1, name="Snow Ball")
    ann, bob, cy, di = (PlayerFactory(name=n) for n in ("Ann", "Bob", "Cy", "Di"))
    choose(ann, show_results=True)
    pair_lines(ann, bob, season=season, team=team, points_for=10, points_against=4)
    pair_lines(ann, bob, season=season, team=team, result="lost")
    pair_lines(ann, cy, tournament=event, result="tied")
    line(ann, tournament=event, partner=di)
    page = _page(client, ann)
    assert "2-1-1" in page  # won-lost-tied overall
    assert reverse("league:season_detail", args=[season.league.slug, season.slug]) in page
    assert reverse("people:season_statistics", args=[season.pk]) in page
    assert reverse("tournaments:detail", args=[event.slug]) in page
    assert reverse("people:event_statistics", args=[event.slug]) in page
    assert "Right Bowers" in page and reverse("league:team_detail", args=[team.pk]) in page
    partners = page[page.index('id="partners"') :]
    assert partners.index("Bob") < partners.index("Cy")  # the most frequent first
    assert _url(bob) in partners
    assert "10–4" in page  # a game's score in the games list


def test_the_games_list_is_paged(client):
    player = PlayerFactory()
    choose(player, show_results=True)
    many_lines(player, 45)
    page = _page(client, player)
    assert page.count("<tr") - 1 <= 20 + 10  # 20 games a page (and the partners' header)
    assert "?page=3" in page
    response = client.get(_url(player), {"page": "99"})  # past the end: the last page
    assert response.status_code == 200


def test_the_rating_shows_value_provisional_explanation_and_a_chart(client):
    from algorithms.ratings import EXPLANATION

    player = PlayerFactory()
    choose(player, show_rating=True)
    rating(player, value=1042, games=4, history=4)
    page = _page(client, player)
    assert "1042" in page and '<span class="badge">provisional</span>' in page
    assert "partners share the result" in EXPLANATION and "partners share the result" in page
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert "<polyline" in svg and "<script" not in svg


def test_a_rating_of_ten_games_or_more_is_not_provisional(client):
    player = PlayerFactory()
    choose(player, show_rating=True)
    rating(player, games=10)
    assert '<span class="badge">provisional' not in _page(client, player)


def test_statistics_count_only_cards_entered_by_hand(client):
    player = PlayerFactory()
    choose(player, show_statistics=True)
    line(
        player,
        by_hand=True,
        hands=10,
        hand_points=12,
        trump_made=4,
        trump_made_good=3,
        marches=1,
        euchres_suffered=1,
        euchres_given=2,
        lone_tried=2,
        lone_made=1,
        lone_marched=1,
        reneges=1,
    )
    line(player, by_hand=False, result="lost", points_for=10)
    page = _page(client, player)
    stats = page[page.index('id="statistics"') :]
    assert "Hand statistics count 1 of 2 games" in stats
    assert "cards entered as final scores count in records, not in hand statistics" in stats
    assert "75.0%" in stats and "1.2" in stats and "2 / 1 / 1" in stats


def test_a_merged_away_record_redirects_to_the_kept_one_following_the_chain(client):
    kept = PlayerFactory()
    middle = PlayerFactory(merged_into=kept)
    first = PlayerFactory(merged_into=middle)
    response = client.get(_url(first))
    assert response.status_code == 302 and response["Location"] == _url(kept)


def test_a_loop_of_merges_in_bad_data_still_answers(client):
    one = PlayerFactory()
    two = PlayerFactory(merged_into=one)
    one.merged_into = two
    one.save()
    assert client.get(_url(one)).status_code in (200, 302)


def test_an_unknown_player_is_not_found(client):
    assert client.get(reverse("people:profile", args=[999999])).status_code == 404


def test_two_thousand_games_render_in_a_bounded_number_of_queries(
    client, django_assert_max_num_queries
):
    player, partner = PlayerFactory(), PlayerFactory()
    choose(player, show_results=True, show_statistics=True, show_rating=True)
    season = SeasonFactory()
    many_lines(player, 2000, partner=partner, season=season, by_hand=True, hands=9)
    rating(player, games=2000, history=2000)
    with django_assert_max_num_queries(15):  # 12 as the public
        page = _page(client, player)
    assert "Hand statistics count 2000 of 2000 games" in page
    chart = page[page.index("<polyline") :]
    points = chart.split('points="')[1].split('"')[0].split()
    assert 2 <= len(points) <= 200
    assert GameLine.objects.filter(player=player).count() == 2000


def test_the_person_sees_everything_and_a_link_to_choose(client):
    user = UserFactory()
    player = PlayerFactory(user=user)
    client.force_login(user)
    page = _page(client, player)
    assert 'id="results"' in page and 'id="statistics"' in page and 'id="rating"' in page
    assert reverse("people:my_profile") in page
