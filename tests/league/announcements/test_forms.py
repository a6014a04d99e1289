"""The manager's compose form: a subject is one line (it becomes an email header)."""

import pytest

from league.announcements.forms import ComposeForm
from tests.factories import LeagueFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("subject", ["Snow\r\nBcc: all@example.com", "Snow\nday", "Snow\x0bday"])
def test_a_subject_with_a_line_break_is_refused_where_it_is_typed(subject):
    league = LeagueFactory()
    form = ComposeForm({"league": league.pk, "announce": "on", "subject": subject, "body": "Hi"})
    assert not form.is_valid()
    assert form.errors["subject"][0] == (
        "Write the subject on one line: it can't contain line breaks."
    )


def test_a_one_line_subject_is_fine():
    league = LeagueFactory()
    form = ComposeForm({"league": league.pk, "announce": "on", "subject": "Snow day", "body": "Hi"})
    assert form.is_valid(), form.errors
