"""A bracket event's brackets and places, and a heats event's stages, through the API: the
event page's content under its names, public, with ETag/304, never a team's contact, and
in a bounded number of queries whatever the field's size."""

import json

import pytest
from django.urls import reverse

from tests.tournaments.factories import (
    bracket,
    double_elimination,
    heats_event,
    settle,
    started,
)
from tournaments.models import BracketMatch, Entry, HeatMatch

pytestmark = pytest.mark.django_db

PRIVATE = ("email", "phone", "seat_code", "notify", "checked_in_at")


@pytest.fixture
def confirm(django_capture_on_commit_callbacks):
    """Settle a card and run what listens to card_confirmed (sent on commit): the bracket
    advances, the heats stage closes."""

    def run(game, scores: dict, user=None):
        with django_capture_on_commit_callbacks(execute=True):
            return settle(game, scores, user)

    return run


def _win_next(confirm, event, top: bool = True) -> BracketMatch | None:
    """The next open match of the event, won by its top team (or its bottom one)."""
    match = (
        BracketMatch.objects.filter(
            tournament=event, winner__isnull=True, is_bye=False, games__isnull=False
        )
        .order_by("bracket", "round", "position")
        .first()
    )
    if match is None:
        return None
    game = match.games.order_by("-number").first()
    ns_wins = top == game.top_is_ns
    confirm(game.game, {"NS": 10, "EW": 4} if ns_wins else {"NS": 3, "EW": 10})
    return match


def _bracket_url(event) -> str:
    return reverse("api_v1:read_bracket", args=[event.slug])


def _heats_url(event) -> str:
    return reverse("api_v1:read_heats", args=[event.slug])


def _contacts(event) -> None:
    Entry.objects.filter(tournament=event).update(
        email="team@example.com", phone="+15555550123", notify=True
    )


def _no_private_fields(body: dict) -> None:
    text = json.dumps(body)
    assert "example.com" not in text and "5555550123" not in text
    assert not any(f'"{name}"' in text for name in PRIVATE)


def test_a_bracket_shows_its_rounds_matches_teams_and_a_decided_match(client, confirm):
    event = started(bracket(4))
    _contacts(event)
    played = _win_next(confirm, event)

    body = client.get(_bracket_url(event)).json()

    assert body["tournament"] == event.slug and body["best_of"] == 1
    [main] = body["brackets"]
    assert (main["bracket"], main["name"]) == ("main", "Championship")
    assert [r["name"] for r in main["rounds"]] == ["Semifinals", "Final"]
    first = next(m for m in main["rounds"][0]["matches"] if m["id"] == played.pk)
    assert first["winner"] == first["top"] and first["top"]["name"].startswith("Team ")
    assert first["games"][0]["confirmed"] is True
    assert (first["games"][0]["top_score"], first["games"][0]["bottom_score"]) == (10, 4)
    final = main["rounds"][1]["matches"][0]
    assert final["top"] == first["winner"] and final["bottom"] is None
    assert body["champion"] is None
    _no_private_fields(body)


def test_a_finished_bracket_names_its_champion_and_places(client, confirm):
    event = started(bracket(4))
    while _win_next(confirm, event):
        pass

    body = client.get(_bracket_url(event)).json()

    assert body["status"] == "finished"
    final = body["brackets"][0]["rounds"][-1]["matches"][0]
    assert body["champion"] == final["winner"] is not None
    assert body["places"][0]["place"] == 1
    assert body["places"][0]["placed"][0]["entry"] == body["champion"]


def test_a_double_elimination_has_the_pages_brackets_in_order(client):
    body = client.get(_bracket_url(started(double_elimination(8)))).json()

    assert [(b["bracket"], b["name"]) for b in body["brackets"]] == [
        ("main", "Winners' bracket"),
        ("losers", "Losers' bracket"),
        ("final", "Grand final"),
    ]
    assert [r["name"] for r in body["brackets"][2]["rounds"]] == ["Grand final", "Reset match"]


def test_a_bracket_not_drawn_yet_has_no_brackets(client):
    body = client.get(_bracket_url(bracket(4))).json()
    assert body["brackets"] == [] and body["places"] == [] and body["status"] == "setup"


def test_only_a_bracket_event_has_a_bracket_and_only_a_heats_event_heats(client):
    heats = heats_event(4)
    refused = client.get(_bracket_url(heats))
    assert refused.status_code == 404 and "elimination" in refused.json()["detail"]
    refused = client.get(_heats_url(bracket(4)))
    assert refused.status_code == 404 and "heats" in refused.json()["detail"]
    unknown = client.get(reverse("api_v1:read_bracket", args=["no-such-event"]))
    assert unknown.status_code == 404


def test_the_bracket_answers_304_until_a_match_is_decided(client, confirm):
    event = started(bracket(4))
    first = client.get(_bracket_url(event))
    etag = first["ETag"]
    assert etag.startswith('W/"') and first["Cache-Control"] == "public, no-cache"
    again = client.get(_bracket_url(event), headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""

    _win_next(confirm, event)

    changed = client.get(_bracket_url(event), headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


@pytest.mark.parametrize("teams", [4, 16])
def test_a_bracket_is_read_in_a_fixed_number_of_queries(
    client, confirm, teams, django_assert_max_num_queries
):
    event = started(bracket(teams, best_of=3))
    _win_next(confirm, event)
    with django_assert_max_num_queries(7):
        assert client.get(_bracket_url(event)).status_code == 200


def _heat_matches(event, stage: int) -> list[HeatMatch]:
    return list(
        HeatMatch.objects.filter(heat__stage__tournament=event, heat__stage__number=stage)
        .select_related("game")
        .order_by("heat__number", "number")
    )


def test_the_heats_show_each_stage_its_scores_and_who_goes_through(client, confirm):
    event = started(heats_event(6))
    _contacts(event)
    for i, match in enumerate(_heat_matches(event, 1)):
        confirm(match.game, {"NS": 10, "EW": i + 2}, event.director)

    body = client.get(_heats_url(event)).json()

    first, second = body["stages"][0], body["stages"][1]
    assert (first["name"], first["status"], first["rule"]) == (
        "Round one",
        "done",
        "Every match winner advances",
    )
    matches = [m for heat in first["heats"] for m in heat["matches"]]
    assert [(m["ns_score"], m["ew_score"], m["differential"]) for m in matches][0] == (10, 2, 8)
    assert {t["number"] for t in first["advancing"]} == {m["ns"]["number"] for m in matches}
    assert second["status"] == "playing" and second["heats"] and second["advancing"] is None
    assert (body["stages"][-1]["status"], body["stages"][-1]["heats"]) == ("planned", [])
    assert body["champion"] is None
    _no_private_fields(body)


def test_one_stage_as_its_page_and_an_unknown_one_is_a_404(client):
    event = started(heats_event(5))
    stage = client.get(reverse("api_v1:read_heat_stage", args=[event.slug, 1])).json()
    bye = [m for heat in stage["heats"] for m in heat["matches"] if m["is_bye"]]
    assert len(bye) == 1 and bye[0]["ew"] is None and bye[0]["game_id"] is None
    missing = client.get(reverse("api_v1:read_heat_stage", args=[event.slug, 9]))
    assert missing.status_code == 404 and "stage 9" in missing.json()["detail"]


def test_a_finished_heats_event_names_its_champion(client, confirm):
    event = started(heats_event(2, stages=[{"kind": "final"}]))
    [match] = _heat_matches(event, 1)
    confirm(match.game, {"NS": 4, "EW": 10}, event.director)

    body = client.get(_heats_url(event)).json()

    assert body["status"] == "finished"
    assert body["champion"] == body["stages"][0]["heats"][0]["matches"][0]["ew"]
    assert body["champion"] == body["stages"][0]["advancing"][0]


def test_the_heats_answer_304_to_their_etag(client):
    event = started(heats_event(4))
    etag = client.get(_heats_url(event))["ETag"]
    again = client.get(_heats_url(event), headers={"If-None-Match": etag})
    assert again.status_code == 304


@pytest.mark.parametrize("teams", [6, 20])
def test_the_heats_are_read_in_a_number_of_queries_bounded_by_the_stages(
    client, teams, django_assert_max_num_queries
):
    event = started(heats_event(teams))
    with django_assert_max_num_queries(10):
        assert client.get(_heats_url(event)).status_code == 200
