"""The scoring demo: Left Bowers v Right Bowers cards in every state."""

import pytest
from django.contrib.auth import get_user_model

from accounts import permissions
from scoring.models import Game

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_card_in_each_state_for_the_captain(demo_today):
    games = {game.label: game for game in Game.objects.select_related("scorecard", "ns_team")}
    status = {label: getattr(game, "scorecard", None) for label, game in games.items()}
    assert status["Scorecard demo · Game 1"].status == "confirmed"
    assert status["Scorecard demo · Game 2"].status == "submitted"
    assert status["Scorecard demo · Game 3"].status == "disputed"
    assert status["Scorecard demo · Game 4"] is None
    assert status["Progressive demo · Table 1"].status == "submitted"
    awaiting = status["Scorecard demo · Game 2"].current_version
    captain = get_user_model().objects.get(username="captain")
    assert games["Scorecard demo · Game 1"].ns_team.name == "Left Bowers"
    assert games["Scorecard demo · Game 1"].ew_team.name == "Right Bowers"
    assert permissions.can_confirm(captain, awaiting)  # the demo captain has a card to confirm
    assert awaiting.submitted_by.username == "captain-right-bowers"
    assert "captain-right-bowers / euchre-demo" in demo_today and "/scoring/games/" in demo_today
