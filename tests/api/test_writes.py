"""A script with tokens: a captain submits a fixture's card, the other captain confirms it,
a scorekeeper enters a round table's card; through the pages' services, under an
Idempotency-Key, and every refusal a JSON 4xx that writes nothing."""

import datetime
import json
import uuid

import pytest
from django.test import Client

from activity.models import Activity, Verb
from api.tokens.services import token_create
from league.seasons.models import Fixture
from notices.models import Notice
from scoring.models import EntryReceipt, Scorecard, ScorecardVersion
from tests.factories import UserFactory, manager_user
from tests.league.night_factories import night
from tests.tournaments.factories import progressive, started
from tests.tournaments.test_services_scores import keeper_of, tables
from tournaments.models import Round

pytestmark = pytest.mark.django_db

GAMES = [{"number": n, "home": 10, "away": a} for n, a in ((1, 5), (2, 6), (3, 7))]


def token_of(user, scope="scores"):
    return token_create(user=user, name=f"Script {uuid.uuid4().hex[:6]}", scope=scope)[1]


def send(raw, path, body=None, key=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {raw}"}
    if key:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    data = json.dumps(body) if body is not None else ""
    return Client().post(path, data, content_type="application/json", **headers)


def card_url(fixture):
    return f"/api/v1/fixtures/{fixture.pk}/card"


def confirm_url(fixture):
    return f"/api/v1/fixtures/{fixture.pk}/confirm"


def written():
    """What a write leaves behind, to see that a refusal or a replay adds nothing."""
    return (
        ScorecardVersion.objects.count(),
        Activity.objects.count(),
        Notice.objects.count(),
        EntryReceipt.objects.count(),
    )


@pytest.fixture
def fixture_night():
    games = night()
    games.fixture.games = len(GAMES)
    games.fixture.save()
    return games


def test_a_script_submits_and_the_other_captain_confirms(
    fixture_night, django_capture_on_commit_callbacks
):
    n = fixture_night
    home, away = token_of(n.home_captain), token_of(n.away_captain)

    submitted = send(home, card_url(n.fixture), {"games": GAMES}, key="card-" + uuid.uuid4().hex)
    assert submitted.status_code == 200, submitted.content
    body = submitted.json()
    assert body["replayed"] is False
    assert [(c["number"], c["home"], c["away"], c["state"]) for c in body["cards"]] == [
        (1, 10, 5, "pending"),
        (2, 10, 6, "pending"),
        (3, 10, 7, "pending"),
    ]
    assert Activity.objects.filter(verb=Verb.CARD_SUBMITTED, actor=n.home_captain).count() == 3
    notice = Notice.objects.get(kind=Notice.Kind.CARD_AWAITING_CONFIRMATION)
    assert notice.created_by == n.home_captain

    with django_capture_on_commit_callbacks(execute=True):  # the page's news, after commit
        confirmed = send(away, confirm_url(n.fixture), key="confirm-" + uuid.uuid4().hex)
    assert confirmed.status_code == 200, confirmed.content
    assert {c["state"] for c in confirmed.json()["cards"]} == {"confirmed"}
    assert set(
        Scorecard.objects.filter(game__fixture_game__fixture=n.fixture).values_list(
            "status", flat=True
        )
    ) == {Scorecard.Status.CONFIRMED}
    assert Activity.objects.filter(verb=Verb.CARD_CONFIRMED, actor=n.away_captain).count() == 3
    n.fixture.refresh_from_db()
    assert n.fixture.status == Fixture.Status.PLAYED


def test_the_same_key_answers_with_the_first_card_and_writes_nothing(fixture_night):
    n = fixture_night
    home = token_of(n.home_captain)
    key = uuid.uuid4().hex
    first = send(home, card_url(n.fixture), {"games": GAMES}, key=key)
    before = written()
    again = send(home, card_url(n.fixture), {"games": GAMES}, key=key)
    assert again.status_code == 200
    assert again.json()["replayed"] is True
    assert again.json()["cards"] == first.json()["cards"]
    assert written() == before
    # Even once the card has moved on (confirmed), the key answers with the first result.
    send(token_of(n.away_captain), confirm_url(n.fixture))
    late = send(home, card_url(n.fixture), {"games": GAMES}, key=key)
    assert late.status_code == 200 and late.json()["replayed"] is True
    # Without a key, a confirmed card is refused.
    refused = send(home, card_url(n.fixture), {"games": GAMES})
    assert refused.status_code == 400
    assert "already confirmed" in refused.json()["detail"]


def test_a_confirmation_sent_twice_under_its_key_confirms_once(fixture_night):
    n = fixture_night
    send(token_of(n.home_captain), card_url(n.fixture), {"games": GAMES})
    away, key = token_of(n.away_captain), uuid.uuid4().hex
    first = send(away, confirm_url(n.fixture), key=key)
    confirms = EntryReceipt.objects.filter(user=n.away_captain)
    assert set(confirms.values_list("kind", flat=True)) == {EntryReceipt.Kind.CONFIRM}
    assert confirms.count() == len(GAMES) and all(r.version_id for r in confirms)
    before = written()
    again = send(away, confirm_url(n.fixture), key=key)
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert again.json()["cards"] == [dict(c) for c in first.json()["cards"]]
    assert written() == before
    unkeyed = send(away, confirm_url(n.fixture))
    assert unkeyed.status_code == 400
    assert "No card of this fixture is waiting" in unkeyed.json()["detail"]


def test_a_key_sent_for_another_card_is_refused(fixture_night):
    n = fixture_night
    home, key = token_of(n.home_captain), uuid.uuid4().hex
    send(home, card_url(n.fixture), {"games": GAMES[:1]}, key=key)
    before = written()
    reused = send(home, card_url(n.fixture), {"games": GAMES}, key=key)
    assert reused.status_code == 400
    assert "already used" in reused.json()["detail"]
    assert written() == before


def test_the_submitter_may_not_confirm_their_own_card(fixture_night):
    n = fixture_night
    home = token_of(n.home_captain)
    send(home, card_url(n.fixture), {"games": GAMES})
    before = written()
    response = send(home, confirm_url(n.fixture))
    assert response.status_code == 400
    assert written() == before


def test_another_leagues_manager_is_refused(fixture_night):
    n = fixture_night
    stranger = manager_user(league=night().season.league)
    before = written()
    for url, body in ((card_url(n.fixture), {"games": GAMES}), (confirm_url(n.fixture), None)):
        response = send(token_of(stranger), url, body, key=uuid.uuid4().hex)
        assert response.status_code == 403
        assert "captain" in response.json()["detail"]
    assert written() == before


def test_this_leagues_manager_may_submit(fixture_night):
    n = fixture_night
    response = send(
        token_of(manager_user(league=n.season.league)), card_url(n.fixture), {"games": GAMES}
    )
    assert response.status_code == 200


def test_the_card_gate_refuses_a_night_still_to_come():
    n = night(date=datetime.date.today() + datetime.timedelta(days=14))
    before = written()
    response = send(token_of(n.home_captain), card_url(n.fixture), {"games": GAMES})
    assert response.status_code == 400
    assert "Cards can be entered from the night of the fixture" in response.json()["detail"]
    assert written() == before


def test_impossible_scores_are_refused_game_by_game(fixture_night):
    n = fixture_night
    before = written()
    games = [{"number": 1, "home": 10, "away": 10}, {"number": 2, "home": 10, "away": 5}]
    response = send(token_of(n.home_captain), card_url(n.fixture), {"games": games})
    assert response.status_code == 400
    assert response.json()["detail"].startswith("Nothing was saved. Game 1:")
    assert written() == before


@pytest.mark.parametrize(
    "body",
    [
        {"games": GAMES, "extra": 1},
        {"games": [{**GAMES[0], "winner": "home"}]},
        {"games": [{**GAMES[0], "home": "10"}]},
        {"games": [{**GAMES[0], "home": 10**12}]},
        {"games": [{**GAMES[0], "number": 0}]},
        {"games": [{**GAMES[0], "timed_out": "yes"}]},
        {"games": []},
        {"games": [GAMES[0]] * 200},
        {"games": [GAMES[0], GAMES[0]]},
        {},
        [],
        "not json",
    ],
)
def test_a_bad_body_is_a_422_that_writes_nothing(fixture_night, body):
    n = fixture_night
    before = written()
    response = send(token_of(n.home_captain), card_url(n.fixture), body)
    assert response.status_code in (400, 422), response.content
    assert response["Content-Type"].startswith("application/json")
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]
    assert written() == before


def test_a_422_says_in_a_sentence_what_was_wrong_and_keeps_each_problem(fixture_night):
    n = fixture_night
    body = {"games": [{**GAMES[0], "home": 10**6}, {**GAMES[1], "away": "6"}]}
    response = send(token_of(n.home_captain), card_url(n.fixture), body)
    assert response.status_code == 422
    answer = response.json()
    assert answer["detail"] == (
        "body.games.0.home: Input should be less than or equal to 999; "
        "body.games.1.away: Input should be a valid integer"
    )
    assert [e["loc"] for e in answer["errors"]] == [
        ["body", "body", "games", 0, "home"],
        ["body", "body", "games", 1, "away"],
    ]
    assert {"msg", "type"} <= set(answer["errors"][0])


def test_a_malformed_key_is_refused(fixture_night):
    n = fixture_night
    for key in ("short", "x" * 57, "has spaces in it"):
        response = send(token_of(n.home_captain), card_url(n.fixture), {"games": GAMES}, key=key)
        assert response.status_code == 400
        assert "Idempotency-Key" in response.json()["detail"]
    assert not ScorecardVersion.objects.exists()


def test_an_unknown_fixture_is_a_404():
    response = send(token_of(UserFactory()), "/api/v1/fixtures/999999/card", {"games": GAMES})
    assert response.status_code == 404
    assert "no fixture" in response.json()["detail"]


# --- a round table's scores ---


@pytest.fixture
def event():
    return started(progressive(players=8, rounds=2, director=UserFactory()))


def scores_url(tournament, table):
    return f"/api/v1/tournaments/{tournament.slug}/tables/{table.pk}/scores"


GOOD = {"N": 6, "S": 6, "E": 2, "W": 2}


def test_a_scorekeeper_enters_a_table_once_under_its_key(event):
    table = tables(event)[0]
    keeper, key = token_of(keeper_of(event)), uuid.uuid4().hex
    first = send(keeper, scores_url(event, table), {"scores": GOOD}, key=key)
    assert first.status_code == 200, first.content
    body = first.json()
    assert (body["table"], body["round"], body["outcome"], body["replayed"]) == (
        table.number,
        1,
        "entered",
        False,
    )
    assert body["card"]["state"] == "confirmed"
    assert body["card"]["seat_totals"] == GOOD
    assert Activity.objects.filter(verb=Verb.CARD_CONFIRMED).count() == 1
    before = written()
    again = send(keeper, scores_url(event, table), {"scores": GOOD}, key=key)
    assert again.json()["replayed"] is True and again.json()["card"] == body["card"]
    assert written() == before


def test_a_table_typed_again_without_a_key_changes_nothing(event):
    table = tables(event)[0]
    keeper = token_of(keeper_of(event))
    send(keeper, scores_url(event, table), {"scores": GOOD})
    before = written()
    again = send(keeper, scores_url(event, table), {"scores": GOOD})
    assert again.json()["outcome"] == "unchanged"
    assert written() == before


def test_another_events_director_is_refused(event):
    table = tables(event)[0]
    other = started(progressive(players=8, rounds=2, director=UserFactory()))
    response = send(token_of(keeper_of(other)), scores_url(event, table), {"scores": GOOD})
    assert response.status_code == 403
    assert not ScorecardVersion.objects.exists()


def test_a_table_of_another_event_is_not_found(event):
    other = started(progressive(players=8, rounds=2, director=UserFactory()))
    response = send(
        token_of(keeper_of(event)), scores_url(event, tables(other)[0]), {"scores": GOOD}
    )
    assert response.status_code == 404


def test_an_impossible_card_is_refused_with_the_tables_problem(event):
    table = tables(event)[0]
    response = send(
        token_of(keeper_of(event)),
        scores_url(event, table),
        {"scores": {"N": 6, "S": 2, "E": 2, "W": 2}},
    )
    assert response.status_code == 400
    assert response.json()["detail"].startswith(f"Nothing was saved. Table {table.number}:")
    assert not ScorecardVersion.objects.exists()


def test_a_table_of_a_round_not_started_is_refused(event):
    later = Round.objects.get(tournament=event, number=2)
    table = later.tables.first()
    assert table is not None  # a progressive's rotation lays out every round at the start
    response = send(token_of(keeper_of(event)), scores_url(event, table), {"scores": GOOD})
    assert response.status_code == 400


@pytest.mark.parametrize(
    "body",
    [
        {"scores": {"NS": 10}},
        {"scores": {"X": 1, "Y": 2}},
        {"scores": GOOD, "extra": True},
        {"scores": {"NS": "ten", "EW": 5}},
        {"scores": GOOD, "reason": "x" * 1001},
    ],
)
def test_a_bad_table_body_is_a_422(event, body):
    response = send(token_of(keeper_of(event)), scores_url(event, tables(event)[0]), body)
    assert response.status_code == 422
    assert response.json()["detail"].startswith("body.")
    assert response.json()["errors"]
    assert not ScorecardVersion.objects.exists()


def test_a_slug_no_event_could_have_is_a_422_not_a_query(event):
    table = tables(event)[0]
    for slug in ("%00", "no%20such", "x" * 101):
        path = f"/api/v1/tournaments/{slug}/tables/{table.pk}/scores"
        response = send(token_of(keeper_of(event)), path, {"scores": GOOD})
        assert response.status_code == 422, response.content
        assert response.json()["detail"].startswith("path.slug: String should")
    assert not ScorecardVersion.objects.exists()
