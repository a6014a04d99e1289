"""Every scoring model has an admin page; card history there is read-only."""

import pytest
from django.urls import reverse

from scoring.models import HandEntry, Scorecard, ScorecardDraft, ScorecardVersion
from scoring.services import scorecard_submit
from tests.factories import UserFactory
from tests.scoring.factories import NS_WINS_10_2, preset, team_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def version():
    tg = team_game()
    ScorecardDraft.objects.create(user=tg.ns_captain, game=tg.game, hands=[])
    return scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)


@pytest.mark.parametrize(
    "model",
    [
        "ruleset",
        "game",
        "gameseat",
        "scorecard",
        "scorecardversion",
        "handentry",
        "scorecarddraft",
        "entryreceipt",
    ],
)
def test_every_scoring_model_has_a_changelist(admin_client, version, model):
    assert admin_client.get(reverse(f"admin:scoring_{model}_changelist")).status_code == 200


def test_card_history_can_be_read_but_not_changed(admin_client, version):
    for model, obj in (
        ("scorecardversion", version),
        ("scorecard", Scorecard.objects.get()),
        ("handentry", HandEntry.objects.first()),
    ):
        url = reverse(f"admin:scoring_{model}_change", args=[obj.pk])
        page = admin_client.get(url)
        assert page.status_code == 200 and b'name="_save"' not in page.content
        assert admin_client.post(url, {}).status_code == 403
    assert admin_client.get(reverse("admin:scoring_scorecardversion_add")).status_code == 403
    assert ScorecardVersion.objects.count() == 1


def test_presets_are_read_only_in_the_admin(admin_client):
    url = reverse("admin:scoring_ruleset_change", args=[preset("cca-league").pk])
    assert b'name="_save"' not in admin_client.get(url).content
