"""The setup pages per format: the fields fetched when the format changes, and the
stage builder's reloads (tournaments.views.setup, director.tournament_create / _edit)."""

import re

import pytest
from django.urls import reverse

from scoring.models import RuleSet
from tests.factories import TournamentFactory, director_user, player_user
from tests.tournaments.factories import heats_event
from tests.tournaments.factories import progressive as progressive_event
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_format_select_fetches_its_fields_from_the_server(client):
    client.force_login(director_user())

    page = client.get(reverse("tournaments:create")).content.decode()

    assert f'data-hx-get="{reverse("tournaments:create_fields")}"' in page
    assert 'data-hx-target="#format-fields"' in page
    assert "<script" not in page.split("<footer")[0].split("<main")[1]


@pytest.mark.parametrize(
    ("fmt", "present", "absent"),
    [
        (
            "heats",
            ['name="stages-TOTAL_FORMS"', "Add a stage"],
            ['name="rounds"', 'name="best_of"'],
        ),
        (
            "double_elimination",
            ['name="bracket_reset"', 'name="best_of"'],
            ["stages-", 'name="consolation"'],
        ),
        ("progressive", ['name="rounds"', 'name="tiebreak_1"'], ["stages-", 'name="best_of"']),
    ],
)
def test_the_fields_of_one_format_come_back_alone(client, fmt, present, absent):
    client.force_login(director_user())

    response = client.get(reverse("tournaments:create_fields"), {"format": fmt})

    html = response.content.decode()
    assert response.status_code == 200
    assert all(text in html for text in present)
    assert not any(text in html for text in absent)
    assert 'name="name"' not in html  # only the format's part of the form


def test_an_unknown_format_falls_back_to_progressive_fields(client):
    client.force_login(director_user())

    response = client.get(reverse("tournaments:create_fields"), {"format": "<script>"})

    assert response.status_code == 200
    assert b'name="rounds"' in response.content


def test_the_fields_are_for_directors_only(client):
    client.force_login(player_user()[0])

    assert client.get(reverse("tournaments:create_fields")).status_code == 403


def test_an_events_settings_fields_show_its_own_stages_to_its_director_only(client):
    tournament = heats_event(
        4, stages=[{"kind": "match_winners", "heat_size": 6}, {"kind": "final"}]
    )
    url = reverse("tournaments:edit_fields", args=[tournament.slug])

    client.force_login(tournament.director)
    html = client.get(url, {"format": "heats"}).content.decode()
    assert 'name="stages-0-heat_size" value="6"' in html
    assert 'name="stages-TOTAL_FORMS" value="3"' in html

    client.force_login(director_user(tournament=TournamentFactory()))
    assert client.get(url, {"format": "heats"}).status_code == 403


def _heats_post(**extra):
    return {
        "name": "Cold Butt Open",
        "date": "2026-02-07",
        "format": "heats",
        "rule_set": RuleSet.objects.get(slug="cold-butt").pk,
        "stages-TOTAL_FORMS": 2,
        "stages-INITIAL_FORMS": 0,
        "stages-0-kind": "top_by_differential",
        "stages-0-advance_count": 4,
        "stages-0-target": 10,
        "stages-1-target": 10,
        **extra,
    }


def test_add_a_stage_shows_the_form_again_with_a_new_row_and_saves_nothing(client):
    client.force_login(director_user())

    response = client.post(reverse("tournaments:create"), _heats_post(reload="add_stage"))

    html = response.content.decode()
    assert response.status_code == 200
    assert not Tournament.objects.exists()
    assert 'name="stages-TOTAL_FORMS" value="3"' in html
    assert 'value="Cold Butt Open"' in html
    assert "message-error" not in html  # nothing is checked on the way


def test_show_this_formats_settings_renders_the_new_format_without_saving(client):
    client.force_login(director_user())
    data = _heats_post(reload="format", format="double_elimination")

    html = client.post(reverse("tournaments:create"), data).content.decode()

    assert not Tournament.objects.exists()
    assert 'name="bracket_reset"' in html and "stages-TOTAL_FORMS" not in html


def test_a_bad_stage_shows_the_builder_again_with_its_message(client):
    client.force_login(director_user())
    data = _heats_post()
    data["stages-0-advance_count"] = ""

    response = client.post(reverse("tournaments:create"), data)

    assert response.status_code == 200
    assert not Tournament.objects.exists()
    assert b"Say how many teams go through." in response.content
    assert b"Check the stages below." in response.content


def test_a_director_sets_up_heats_with_the_builder(client):
    client.force_login(director_user())
    data = _heats_post(**{"stages-1-kind": "final"})

    response = client.post(reverse("tournaments:create"), data)

    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert [(s["kind"], s["advance_count"]) for s in tournament.stages] == [
        ("top_by_differential", 4),
        ("final", None),
    ]


def test_a_director_sets_up_a_double_elimination_without_a_reset(client):
    client.force_login(director_user())
    data = {
        "name": "Tens Double",
        "date": "2026-03-14",
        "format": "double_elimination",
        "rule_set": RuleSet.objects.get(slug="classic-tens").pk,
        "best_of": 3,
    }

    assert client.post(reverse("tournaments:create"), data).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.is_double_elimination and tournament.is_bracket
    assert (tournament.best_of, tournament.bracket_reset) == (3, False)


def test_saving_before_the_new_formats_settings_arrived_shows_them_first(client):
    client.force_login(director_user())
    data = {
        "name": "Tens Cup",
        "date": "2026-03-14",
        "format": "double_elimination",
        "rule_set": RuleSet.objects.get(slug="classic-tens").pk,
        "fields_for": "progressive",  # the progressive settings were still on the page
        "rounds": 8,
    }

    html = client.post(reverse("tournaments:create"), data).content.decode()

    assert not Tournament.objects.exists()
    assert "Check this format&#x27;s settings, then save." in html
    reset_box = re.search(r'<input[^>]*name="bracket_reset"[^>]*>', html).group(0)
    assert "checked" in reset_box  # its default, not "unchecked" from a box never shown
    data["fields_for"] = "double_elimination"
    data["best_of"] = 1
    data["bracket_reset"] = "on"
    assert client.post(reverse("tournaments:create"), data).status_code == 302
    assert Tournament.objects.get().bracket_reset


def test_a_director_clears_every_tiebreak_and_they_stay_cleared(client):
    tournament = progressive_event(4, rounds=2, tiebreaks=["games_won", "best_round"])
    client.force_login(tournament.director)
    url = reverse("tournaments:edit", args=[tournament.slug])
    data = {
        "name": tournament.name,
        "date": "2026-05-01",
        "format": "progressive",
        "rule_set": tournament.rule_set_id,
        "rounds": 2,
        "hands_per_round": 8,
        "seed": 0,
        "sit_out_rule": "sit_out",
        "best_of": 1,
        "tiebreak_1": "",
        "tiebreak_2": "",
        "tiebreak_3": "",
    }

    response = client.post(url, data, follow=True)

    assert b"Saved." in response.content
    tournament.refresh_from_db()
    assert tournament.tiebreaks == []
    page = client.get(url).content.decode()
    chosen = re.findall(r'<select name="tiebreak_\d"[^>]*>.*?</select>', page, re.S)
    assert len(chosen) == 3
    assert all(re.findall(r'<option value="([^"]*)" selected', s) == [""] for s in chosen)
    board = client.get(reverse("tournaments:leaderboard", args=[tournament.slug]))
    assert b"No tiebreaks: players level on points share the place" in board.content
