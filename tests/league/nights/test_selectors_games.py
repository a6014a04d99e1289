"""The league's card gate: whichever page a card comes through, the fixture decides.

The scoring pages (`/scoring/games/<id>/...`) and the fixture page refuse alike: a forfeited
game, a postponed, cancelled, closed or not-yet-played fixture takes no card.
"""

import datetime

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from league.nights.models import FixtureClosure, FixtureGame
from league.nights.selectors.games import game_card_refusals
from league.nights.services.forfeits import forfeit_record
from league.nights.services.results import (
    GameScore,
    fixture_games_ensure,
    fixture_submit_scores,
)
from league.seasons.models import Fixture
from scoring.models import Scorecard, ScorecardDraft, ScorecardVersion
from scoring.owners import CardStep
from scoring.services import scorecard_correct, scorecard_settle, scorecard_submit
from tests.factories import UserFactory, manager_user
from tests.league.night_factories import night
from tests.scoring.factories import made, seated_game, team_game

pytestmark = pytest.mark.django_db


def _game(n, number=1):
    fixture_games_ensure(fixture=n.fixture)
    return FixtureGame.objects.get(fixture=n.fixture, number=number).game


def _post_final(client, game, home=10, away=4):
    return client.post(
        reverse("scoring:entry_submit_final", args=[game.pk]),
        {"side": "NS", "score_NS": home, "score_EW": away},
        follow=True,
    )


def _messages(response):
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def _pending_card(n):
    """The home captain's card for game 1, waiting for the away captain."""
    (version,) = fixture_submit_scores(
        fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)]
    )
    return version


def _forfeit_all(n):
    forfeit_record(fixture=n.fixture, team=n.away, by=manager_user(), no_show=True)


def _postpone(n):
    Fixture.objects.filter(pk=n.fixture.pk).update(status=Fixture.Status.POSTPONED)


def _confirm(client, game, version):
    return client.post(
        reverse("scoring:game_confirm", args=[game.pk]), {"version": version.pk}, follow=True
    )


def test_a_forfeited_games_final_score_is_refused_on_the_scoring_page(client):
    n = night()
    game = _game(n)
    _forfeit_all(n)
    client.force_login(n.home_captain)
    response = _post_final(client, game)
    assert "Game 1 was forfeited: it needs no card." in _messages(response)
    assert not ScorecardVersion.objects.exists()


def test_a_card_waiting_on_a_game_forfeited_since_cannot_be_confirmed(client):
    n = night()
    version = _pending_card(n)
    _forfeit_all(n)
    client.force_login(n.away_captain)
    response = _confirm(client, version.scorecard.game, version)
    assert "Game 1 was forfeited: it needs no card." in _messages(response)
    assert Scorecard.objects.get(game=version.scorecard.game).status == "submitted"


def test_a_postponed_fixtures_final_score_is_refused_on_the_scoring_page(client):
    n = night()
    game = _game(n)
    _postpone(n)
    client.force_login(n.home_captain)
    response = _post_final(client, game)
    assert "This fixture is postponed: there is nothing to enter." in _messages(response)
    assert not ScorecardVersion.objects.exists()


def test_a_card_waiting_on_a_fixture_postponed_since_cannot_be_confirmed(client):
    n = night()
    version = _pending_card(n)
    _postpone(n)
    client.force_login(n.away_captain)
    response = _confirm(client, version.scorecard.game, version)
    assert "This fixture is postponed" in _messages(response)
    assert Scorecard.objects.get(game=version.scorecard.game).status == "submitted"


def test_nor_disputed_there(client):
    n = night()
    version = _pending_card(n)
    _postpone(n)
    client.force_login(n.away_captain)
    client.post(
        reverse("scoring:game_dispute", args=[version.scorecard.game.pk]),
        {"version": version.pk, "reason": "Wrong score"},
    )
    assert Scorecard.objects.get(game=version.scorecard.game).status == "submitted"


def test_hands_are_not_tapped_into_a_postponed_fixtures_game(client):
    n = night()
    game = _game(n)
    _postpone(n)
    client.force_login(n.home_captain)
    response = client.post(
        reverse("scoring:entry_add_hand", args=[game.pk]),
        {"maker": "NS", "tricks": "5", "dealer": "N"},
        HTTP_HX_REQUEST="true",
    )
    assert "This fixture is postponed" in response.content.decode()
    assert not ScorecardDraft.objects.filter(game=game).exists()


@pytest.mark.parametrize("status", [Fixture.Status.CANCELLED, Fixture.Status.POSTPONED])
def test_hand_by_hand_and_final_submissions_are_refused_by_the_service(status):
    n = night()
    game = _game(n)
    Fixture.objects.filter(pk=n.fixture.pk).update(status=status)
    for card in ({"hands": [made("NS", 5)]}, {"final_scores": {"NS": 10, "EW": 4}}):
        with pytest.raises(ValidationError, match=f"This fixture is {status}"):
            scorecard_submit(game=game, user=n.home_captain, side="NS", **card)


def test_a_fixture_not_yet_played_takes_no_card_from_either_page(client):
    n = night(date=timezone.localdate() + datetime.timedelta(days=3))
    game = _game(n)
    client.force_login(n.home_captain)
    response = _post_final(client, game)
    assert "Cards can be entered from the night of the fixture" in _messages(response)
    with pytest.raises(ValidationError, match="from the night of the fixture"):
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    assert not ScorecardVersion.objects.exists()


def test_both_pages_give_the_same_reason():
    n = night()
    game = _game(n)
    _postpone(n)
    with pytest.raises(ValidationError) as fixture_page:
        fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    assert fixture_page.value.messages == game_card_refusals(game, CardStep.ENTER)


def test_a_closed_fixture_stops_the_captains_but_a_manager_still_corrects_it():
    n = night()
    game = _game(n)
    manager = manager_user(n.season.league)
    card = Scorecard.objects.create(game=game)
    scorecard_settle(
        scorecard=card,
        user=manager,
        reason="Card handed in",
        final_scores={
            "NS": 10,
            "EW": 4,
        },
    )
    FixtureClosure.objects.create(fixture=n.fixture, closed_by=manager, reason="Late cards")
    assert game_card_refusals(game, CardStep.ENTER) == [
        "A manager closed this fixture: its results are final."
    ]
    assert game_card_refusals(game, CardStep.DECIDE) == []
    version = scorecard_correct(
        scorecard=card, user=manager, reason="Typo", final_scores={"NS": 10, "EW": 6}
    )
    assert (version.ns_total, version.ew_total) == (10, 6)


def test_staff_cannot_settle_a_forfeited_game_either():
    n = night()
    version = _pending_card(n)
    _forfeit_all(n)
    with pytest.raises(ValidationError, match="Game 1 was forfeited"):
        scorecard_settle(
            scorecard=version.scorecard, user=manager_user(n.season.league), reason="Decided"
        )


def test_the_fixture_nights_team_check_decides_an_entry():
    n = night()
    game = _game(n)
    n.away.roster.exclude(role="captain").delete()
    problems = game_card_refusals(game, CardStep.ENTER)
    assert problems and n.away.name in problems[0]
    assert game_card_refusals(game, CardStep.ANSWER) == []


def test_a_game_that_isnt_the_leagues_is_left_to_its_owner():
    game, _ = seated_game()
    assert game_card_refusals(game, CardStep.ENTER) == []


def test_the_entry_page_says_why_and_offers_no_form(client):
    n = night()
    game = _game(n)
    _postpone(n)
    client.force_login(n.home_captain)
    page = client.get(reverse("scoring:game_entry", args=[game.pk])).content.decode()
    assert page.count("This fixture is postponed: there is nothing to enter.") == 1
    assert reverse("scoring:entry_add_hand", args=[game.pk]) not in page
    assert reverse("scoring:entry_submit_final", args=[game.pk]) not in page


def test_the_game_page_offers_no_confirmation_for_a_forfeited_game(client):
    n = night()
    version = _pending_card(n)
    _forfeit_all(n)
    client.force_login(n.away_captain)
    game = version.scorecard.game
    page = client.get(reverse("scoring:game_detail", args=[game.pk])).content.decode()
    assert "Game 1 was forfeited: it needs no card." in page
    assert reverse("scoring:game_confirm", args=[game.pk]) not in page


def test_the_entry_page_links_the_captain_to_the_fix_before_any_hand(client):
    n = night()
    game = _game(n)
    mate = n.home.roster.exclude(role="captain").get()
    mate.player.waivers.all().delete()
    client.force_login(n.home_captain)
    page = client.get(reverse("scoring:game_entry", args=[game.pk])).content.decode()
    assert f"{n.home.name} needs 2 players with signed waivers" in page
    assert reverse("scoring:entry_add_hand", args=[game.pk]) not in page
    roster = reverse("league:team_detail", args=[n.home.pk]) + "#roster"
    assert f'<a href="{roster}" role="button">' in page
    assert reverse("league:sub_add", args=[n.home.pk]) in page
    assert reverse("league:fixture_detail", args=[n.fixture.pk]) in page


def test_the_unsigned_player_is_sent_to_sign_and_the_other_captain_only_back():
    from league.nights.selectors.games import game_card_fixes

    n = night()
    game = _game(n)
    mate = n.home.roster.exclude(role="captain").get()
    mate.player.waivers.all().delete()
    user = mate.player.user or UserFactory()
    if mate.player.user is None:
        mate.player.user = user
        mate.player.save()
    waiver = reverse("league:waiver_sign", args=[n.season.league.slug, n.season.slug])
    assert game_card_fixes(game, user)[0] == (f"Sign the {n.season.name} waiver", waiver)
    back = [("Back to the fixture", reverse("league:fixture_detail", args=[n.fixture.pk]))]
    assert game_card_fixes(game, n.away_captain) == back


def test_a_game_between_league_teams_outside_a_fixture_links_to_the_roster():
    from league.nights.selectors.games import game_card_fixes

    tg = team_game()
    tg.ns_team.roster.exclude(role="captain").delete()
    links = game_card_fixes(tg.game, tg.ns_captain)
    assert (
        f"{tg.ns_team.name}'s roster and waivers",
        reverse("league:team_detail", args=[tg.ns_team.pk]) + "#roster",
    ) in links
