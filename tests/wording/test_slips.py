"""The wording slips a captain reported on a phone, each on the page where it showed."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from league.nights.services.results import GameScore, fixture_games_ensure, fixture_submit_scores
from league.seasons.forms import SeasonSettingsForm
from league.seasons.models import Team
from scoring.models import ScorecardVersion
from tests.factories import manager_user, player_user
from tests.league.factories import WaiverFactory, make_season
from tests.league.night_factories import night

pytestmark = pytest.mark.django_db


def _season_url(name, season):
    return reverse(f"league:{name}", args=[season.league.slug, season.slug])


def test_two_cards_to_confirm_are_both_cards_not_all_2(client):
    n = night()
    scores = [GameScore(1, 10, 4), GameScore(2, 6, 10)]
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=scores)
    client.force_login(n.away_captain)
    page = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert "Confirm both cards" in page and "all 2" not in page


def test_a_team_name_ending_in_s_takes_the_apostrophe_alone(client):
    n = night()
    Team.objects.filter(pk=n.home.pk).update(name="Right Bowers")
    client.force_login(n.away_captain)
    page = client.get(reverse("league:fixture_detail", args=[n.fixture.pk])).content.decode()
    assert "Waiting for Right Bowers' captain" in page
    assert "Bowers's" not in page


def test_a_card_without_a_known_submitter_says_no_by_someone(client):
    n = night()
    fixture_submit_scores(fixture=n.fixture, user=n.home_captain, scores=[GameScore(1, 10, 4)])
    ScorecardVersion.objects.update(submitted_by=None)
    game = fixture_games_ensure(fixture=n.fixture)[0].game
    client.force_login(n.home_captain)
    page = client.get(reverse("scoring:game_detail", args=[game.pk])).content.decode()
    line = page.split("Version 1 · ", 1)[1].split("\n", 1)[0]
    assert "someone" not in page and " by " not in line


@pytest.mark.parametrize(("teams", "said"), [(4, "10 fixtures."), (5, "10 fixtures and 5 byes.")])
def test_a_generated_schedule_counts_fixtures_and_byes_apart(client, teams, said):
    season = make_season(teams_per_level=(teams,), weeks=5)
    client.force_login(manager_user())
    response = client.post(_season_url("schedule_generate", season))
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert message == f"Draft schedule generated: {said} Review it."


def test_the_forfeit_settings_are_labelled_in_words():
    labels = {name: field.label for name, field in SeasonSettingsForm.base_fields.items()}
    assert labels["forfeit_game1_minutes"] == "Minutes late before game 1 is forfeited"
    assert not [label for label in labels.values() if "game1" in label or "game2" in label]


def test_a_level_and_its_team_count_read_apart(client):
    season = make_season(teams_per_level=(1,))
    Team.objects.filter(season=season).update(skill_level=None)
    client.force_login(manager_user())
    page = client.get(_season_url("season_dashboard", season)).content.decode()
    assert 'No level</strong> · <small class="muted">1 team</small>' in page
    assert "1 teams" not in page


def test_the_team_page_offers_the_waiver_only_until_it_is_signed(client):
    season = make_season(teams_per_level=(1,))
    team = season.teams.get()
    user, _ = player_user(team=team)
    client.force_login(user)
    url = reverse("league:team_detail", args=[team.pk])
    assert 'id="sign-waiver"' in client.get(url).content.decode()
    WaiverFactory(player=user.player, season=season)
    assert 'id="sign-waiver"' not in client.get(url).content.decode()
