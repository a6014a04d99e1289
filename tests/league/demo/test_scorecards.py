"""The scoring demo: cards in every state for the demo captain, loaded once."""

import pytest
from django.core.management import call_command

from accounts import permissions
from scoring.models import Game, Scorecard, ScorecardVersion

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_card_in_each_state_for_the_captain(capsys):
    call_command("load_demo")
    games = {game.label: game for game in Game.objects.select_related("scorecard", "ns_team")}
    status = {label: getattr(game, "scorecard", None) for label, game in games.items()}
    assert status["Scorecard demo · Game 1"].status == "confirmed"
    assert status["Scorecard demo · Game 2"].status == "submitted"
    assert status["Scorecard demo · Game 3"].status == "disputed"
    assert status["Scorecard demo · Game 4"] is None
    assert status["Progressive demo · Table 1"].status == "submitted"
    awaiting = status["Scorecard demo · Game 2"].current_version
    captain = games["Scorecard demo · Game 1"].ns_team.roster.get(role="captain").player.user
    assert captain.username == "captain"
    assert permissions.can_confirm(captain, awaiting)  # the demo captain has a card to confirm
    out = capsys.readouterr().out
    assert "rival / euchre-demo" in out and "/scoring/games/" in out


def test_the_demo_loads_twice_without_new_cards():
    call_command("load_demo")
    counts = (Game.objects.count(), Scorecard.objects.count(), ScorecardVersion.objects.count())
    call_command("load_demo")
    assert counts == (
        Game.objects.count(),
        Scorecard.objects.count(),
        ScorecardVersion.objects.count(),
    )
