"""Phone numbers: validated with libphonenumber and stored in E.164."""

import pytest
from django.core.exceptions import ValidationError

from accounts.phones import normalise_phone, phone_clean


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("(202) 555-0143", "+12025550143"),
        ("202.555.0143", "+12025550143"),
        ("1 202 555 0143", "+12025550143"),
        ("+1 613 555 0142", "+16135550142"),
        ("+44 20 7946 0958", "+442079460958"),
        ("  2025550143  ", "+12025550143"),
    ],
)
def test_numbers_written_any_usual_way_are_stored_in_e164(typed, stored):
    assert phone_clean(typed) == stored


def test_a_blank_field_stays_blank():
    assert phone_clean("") == ""
    assert phone_clean("   ") == ""


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("call me", "doesn't look like a phone number"),
        ("12", "too few or too many digits"),
        ("202555014399999", "too few or too many digits"),
        ("555 555 0142", "check the area code"),
        ("1" * 41, "at most 40 characters"),
    ],
)
def test_a_bad_number_is_refused_with_the_reason(typed, reason):
    with pytest.raises(ValidationError) as caught:
        phone_clean(typed)
    assert reason in " ".join(caught.value.messages)


def test_a_local_number_is_read_in_the_configured_region(settings):
    settings.PHONE_REGION = "GB"
    assert phone_clean("020 7946 0958") == "+442079460958"


def test_the_region_can_be_given_for_one_call():
    assert phone_clean("020 7946 0958", region="GB") == "+442079460958"
    with pytest.raises(ValidationError):
        phone_clean("020 7946 0958", region="US")


def test_the_quiet_reader_answers_blank_for_a_bad_number():
    assert normalise_phone("(202) 555-0143") == "+12025550143"
    assert normalise_phone("not a phone") == ""
    assert normalise_phone("") == ""
