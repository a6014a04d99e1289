import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.factories import bracket, heats_event, progressive, started

pytestmark = pytest.mark.django_db

MODELS = [
    "tournament",
    "round",
    "table",
    "seat",
    "bracketmatch",
    "matchgame",
    "heatstage",
    "heat",
    "heatmatch",
]


def test_every_tournament_model_has_a_working_admin_list(client):
    started(progressive(8, rounds=2))
    started(bracket(3))
    started(heats_event(3))
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    for model in MODELS:
        url = reverse(f"admin:tournaments_{model}_changelist")
        assert client.get(url).status_code == 200, model
    tournament = bracket(2)
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    assert client.get(url).status_code == 200
