"""League forms keep typed dates to the window and typed text free of control characters."""

import datetime

import pytest

from inputs.bounds import latest, window_message
from league.seasons import forms
from tests.factories import LeagueFactory
from tests.league.factories import make_season

pytestmark = pytest.mark.django_db

FAR = "9999-12-31"


def _errors(form) -> dict:
    assert not form.is_valid()
    return form.errors


def test_season_dates_keep_to_the_window():
    league = LeagueFactory()
    data = {"name": "Far", "starts_on": "9999-12-28", "start_time": "19:00", "weeks": 10}
    assert _errors(forms.SeasonCreateForm(data, league=league))["starts_on"] == [window_message()]
    season = make_season(teams_per_level=(2,))
    settings = forms.SeasonSettingsForm({"starts_on": "1999-12-28"}, instance=season)
    assert _errors(settings)["starts_on"] == [window_message()]


@pytest.mark.parametrize(
    ("form_class", "data", "field"),
    [
        (forms.SeasonDateForm, {"date": FAR, "kind": "makeup"}, "date"),
        (forms.PaperWaiverForm, {"signed_on": "1999-12-31"}, "signed_on"),
        (forms.RescheduleForm, {"proposed_date": FAR, "reason": "Away"}, "proposed_date"),
    ],
)
def test_a_typed_date_outside_the_window_is_refused(form_class, data, field):
    assert _errors(form_class(data))[field] == [window_message()]


def test_a_fixture_moved_to_the_last_night_of_9999_is_refused_by_the_form():
    season = make_season(teams_per_level=(2,))
    home, away = season.teams.all()
    data = {"date": FAR, "start_time": "23:30", "home": home.pk, "away": away.pk}
    form = forms.FixtureEditForm({**data, "status": "scheduled"}, season=season)
    assert _errors(form)["date"] == [window_message()]


def test_the_date_pickers_offer_the_window():
    first, last = (day.isoformat() for day in (datetime.date(2000, 1, 1), latest()))
    html = str(forms.SeasonDateForm()["date"])
    assert f'min="{first}"' in html and f'max="{last}"' in html


@pytest.mark.parametrize(
    ("form_class", "data", "field"),
    [
        (forms.SkillLevelForm, {"name": "A\x1b"}, "name"),
        (forms.VenueForm, {"name": "Pub\x07", "tables": 2}, "name"),
        (forms.TeamRenameForm, {"name": "Left\x1b[31mBowers"}, "name"),
        (forms.RosterAddForm, {"name": "Ann", "phone": "555\x07", "role": "player"}, "phone"),
        (forms.RosterAddForm, {"name": "Ann\u202e", "role": "player"}, "name"),
        (forms.RescheduleForm, {"proposed_date": "2030-09-10", "reason": "a\x1bb"}, "reason"),
    ],
)
def test_control_characters_are_refused_where_they_are_typed(form_class, data, field):
    assert "can't be shown" in _errors(form_class(data))[field][0]


def test_an_email_longer_than_the_database_holds_is_refused_by_the_form():
    data = {"name": "Ann", "email": "a" * 250 + "@example.com", "role": "player"}
    assert "email" in _errors(forms.RosterAddForm(data))


def test_line_breaks_are_fine_in_a_reason():
    form = forms.RescheduleForm(
        {"proposed_date": "2030-09-10", "reason": "Away that week.\r\nBack the next."}
    )
    assert form.is_valid(), form.errors
