"""Rule set pages, copying and editing per role, and the dispute queue."""

import pytest
from django.urls import reverse

from scoring.models import RuleSet
from scoring.services import ruleset_copy, scorecard_dispute, scorecard_submit
from tests.factories import captain_user, director_user, manager_user, player_user
from tests.scoring.factories import NS_WINS_10_2, team_game

pytestmark = pytest.mark.django_db

ROLES = {
    "player": lambda: player_user()[0],
    "captain": lambda: captain_user()[0],
    "director": director_user,
    "manager": manager_user,
}


def _login(client, role):
    if role != "anonymous":
        client.force_login(ROLES[role]())


def test_the_list_shows_presets_and_copies(client):
    ruleset_copy(source=RuleSet.objects.get(slug="cold-butt"), user=manager_user(), name="Ice")
    page = client.get(reverse("scoring:ruleset_list")).content.decode()
    for name in ("CCA League", "Classic Tens", "Progressive (5/4/3)", "Cold Butt", "Black Bull"):
        assert name in page
    assert "Copy of Cold Butt" in page and "first to 10" in page and "8 hands" in page


def test_a_preset_page_shows_points_and_play_notes_to_anyone(client):
    page = client.get(reverse("scoring:ruleset_detail", args=["black-bull"])).content.decode()
    assert "Stick the dealer" in page and "Play notes" in page
    assert "no ace, no face" in page.lower()
    assert "Copy" not in page.split("Play notes")[1]  # no copy form for visitors


@pytest.mark.parametrize(
    ("role", "may_copy"),
    [("player", False), ("captain", False), ("director", True), ("manager", True)],
)
def test_only_managers_and_directors_see_the_copy_form(client, role, may_copy):
    _login(client, role)
    page = client.get(reverse("scoring:ruleset_detail", args=["cca-league"])).content.decode()
    assert ("Name of the copy" in page) is may_copy


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("player", 403), ("captain", 403), ("director", 302), ("manager", 302)],
)
def test_copying_by_role(client, role, status):
    _login(client, role)
    url = reverse("scoring:ruleset_copy", args=["cca-league"])
    response = client.post(url, {"name": "League nights"})
    assert response.status_code == status
    copied = RuleSet.objects.filter(name="League nights").exists()
    assert copied is (role in ("director", "manager"))
    if copied:
        assert response.url == reverse("scoring:ruleset_edit", args=["league-nights"])


def test_a_copy_with_a_taken_name_is_refused_with_a_message(client):
    client.force_login(manager_user())
    url = reverse("scoring:ruleset_copy", args=["cca-league"])
    response = client.post(url, {"name": "Classic Tens"}, follow=True)
    assert "already a rule set called" in response.content.decode()
    response = client.post(url, {"name": ""}, follow=True)
    assert "Give the copy a name" in response.content.decode()
    assert RuleSet.objects.count() == 5


@pytest.fixture
def copy():
    source = RuleSet.objects.get(slug="cca-league")
    return ruleset_copy(source=source, user=manager_user(), name="Tuesday")


def _form_data(rule_set, **changes):
    data = {}
    for name in ("name", "description", "play_notes", "renege_mode", "timed_out_tie_rule"):
        data[name] = getattr(rule_set, name)
    data["scoring_mode"] = rule_set.scoring_mode
    for name in (
        "target_points", "hands_per_game", "make_points", "march_points", "euchre_points",
        "lone_make_points", "lone_march_points", "lone_euchre_points", "loner_partner_points",
        "renege_points", "lone_renege_points", "time_limit_minutes", "false_renege_claim_penalty",
    ):  # fmt: skip
        value = getattr(rule_set, name)
        data[name] = "" if value is None else value
    for name in ("count_overage", "stick_the_dealer"):
        if getattr(rule_set, name):
            data[name] = "on"
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("role", "status"), [("player", 403), ("captain", 403), ("anonymous", 302)]
)
def test_editing_is_refused_to_others(client, copy, role, status):
    _login(client, role)
    url = reverse("scoring:ruleset_edit", args=[copy.slug])
    assert client.get(url).status_code == status
    assert client.post(url, _form_data(copy, march_points=3)).status_code == status
    copy.refresh_from_db()
    assert copy.march_points == 2


@pytest.mark.parametrize("staff", [manager_user, director_user])
def test_staff_edit_the_copy_they_made(client, staff):
    user = staff()
    copy = ruleset_copy(source=RuleSet.objects.get(slug="cca-league"), user=user, name="Mine")
    client.force_login(user)
    url = reverse("scoring:ruleset_edit", args=[copy.slug])
    assert client.get(url).status_code == 200
    response = client.post(url, _form_data(copy, march_points=3, lone_march_points=5))
    assert response.status_code == 302
    copy.refresh_from_db()
    assert (copy.march_points, copy.lone_march_points) == (3, 5)


def test_an_inconsistent_edit_shows_the_engines_messages_and_changes_nothing(client, copy):
    client.force_login(copy.created_by)
    url = reverse("scoring:ruleset_edit", args=[copy.slug])
    response = client.post(url, _form_data(copy, march_points=0, target_points=""))
    page = response.content.decode()
    assert response.status_code == 200 and "Nothing was saved" in page
    assert "A march (0) can&#x27;t be worth less than making trump (1)." in page
    assert "Set a target score" in page
    copy.refresh_from_db()
    assert (copy.march_points, copy.target_points) == (2, 10)


def test_the_manager_of_another_league_may_not_change_the_copy_a_league_plays_under(client):
    from tests.factories import SeasonFactory

    season, other = SeasonFactory(), SeasonFactory()
    own, stranger = manager_user(league=season.league), manager_user(league=other.league)
    copy = ruleset_copy(source=RuleSet.objects.get(slug="cca-league"), user=own, name="Ours")
    season.league.seasons.update(rule_set=copy)
    detail = reverse("scoring:ruleset_detail", args=[copy.slug])
    url = reverse("scoring:ruleset_edit", args=[copy.slug])
    client.force_login(stranger)
    assert url not in client.get(detail).content.decode()
    assert client.get(url).status_code == 403
    response = client.post(url, _form_data(copy, name="Theirs", play_notes="Ha", march_points=3))
    assert response.status_code == 403
    copy.refresh_from_db()
    assert (copy.name, copy.play_notes[:9], copy.march_points) == ("Ours", "The first", 2)
    client.force_login(own)
    assert url in client.get(detail).content.decode()
    assert client.post(url, _form_data(copy, name="Still ours")).status_code == 302


def test_a_preset_cannot_be_edited_even_by_url(client):
    client.force_login(manager_user())
    url = reverse("scoring:ruleset_edit", args=["cca-league"])
    response = client.post(url, _form_data(RuleSet.objects.get(slug="cca-league"), march_points=3))
    assert response.status_code == 302
    assert RuleSet.objects.get(slug="cca-league").march_points == 2


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("player", 403), ("captain", 403), ("director", 200), ("manager", 200)],
)
def test_the_dispute_queue_is_for_managers_and_directors(client, role, status):
    _login(client, role)
    assert client.get(reverse("scoring:dispute_queue")).status_code == status


def test_the_dispute_queue_lists_disputes_with_their_reason(client, django_assert_max_num_queries):
    for _ in range(3):
        tg = team_game()
        version = scorecard_submit(game=tg.game, user=tg.ns_captain, side="NS", hands=NS_WINS_10_2)
        scorecard_dispute(version=version, user=tg.ew_captain, reason="Hand 3 was a renege")
    client.force_login(manager_user())
    # Whose staff answers for each game is one lookup per dispute (disputes are few).
    with django_assert_max_num_queries(12):
        page = client.get(reverse("scoring:dispute_queue")).content.decode()
    assert page.count("Hand 3 was a renege") == 3
    assert reverse("scoring:game_detail", args=[tg.game.pk]) in page
