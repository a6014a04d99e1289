import pytest

from notices.addresses import (
    Recipient,
    addresses_for,
    email_body,
    normalise_email,
    normalise_phone,
    retry_delay,
    sms_body,
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("(416) 555-0123", "+14165550123"),
        ("416.555.0123", "+14165550123"),
        ("1 416 555 0123", "+14165550123"),
        ("+44 20 7946 0958", "+442079460958"),
        ("555-0123", ""),
        ("call me", ""),
        ("", ""),
        ("+0123456789", ""),
    ],
)
def test_phone_numbers_become_e164_or_nothing(raw, expected):
    assert normalise_phone(raw) == expected


def test_email_addresses_compare_without_case_or_spaces():
    assert normalise_email("  Casey@Example.COM ") == "casey@example.com"


def test_everyone_with_an_address_gets_email_and_only_the_opted_in_get_texts():
    rows = addresses_for(
        [
            Recipient("Ann", email="ann@example.com", phone="4165550001", sms_opt_in=True),
            Recipient("Bob", email="bob@example.com", phone="4165550002", sms_opt_in=False),
            Recipient("Cy", email="", phone="4165550003", sms_opt_in=True, player_id=7),
        ]
    )
    assert rows == [
        ("email", "ann@example.com", "Ann", None),
        ("sms", "+14165550001", "Ann", None),
        ("email", "bob@example.com", "Bob", None),
        ("sms", "+14165550003", "Cy", 7),
    ]


def test_the_same_address_is_written_once_per_channel_and_the_first_name_wins():
    rows = addresses_for(
        [
            Recipient("Ann", email="ann@example.com"),
            Recipient("Ann again", email="ANN@example.com ", phone="416 555 0001", sms_opt_in=True),
            Recipient("Ann's phone", phone="(416) 555-0001", sms_opt_in=True),
        ]
    )
    assert rows == [
        ("email", "ann@example.com", "Ann", None),
        ("sms", "+14165550001", "Ann again", None),
    ]


def test_a_phone_that_cannot_take_a_text_gets_none():
    assert addresses_for([Recipient("Dee", phone="555-0123", sms_opt_in=True)]) == []


def test_retries_back_off_exponentially_up_to_an_hour():
    assert [retry_delay(n) for n in range(1, 6)] == [30, 60, 120, 240, 480]
    assert retry_delay(30) == 3600


def test_message_bodies_carry_the_link():
    assert (
        sms_body("Cancelled tonight.", "https://x.test/a") == "Cancelled tonight. https://x.test/a"
    )
    assert sms_body("Cancelled tonight.", "") == "Cancelled tonight."
    text = email_body(name="Ann", body="Snow.", link="https://x.test/a", reason="Why.")
    assert text.startswith("Hello Ann,\n\nSnow.")
    assert "More: https://x.test/a" in text
    assert text.rstrip().endswith("Why.")
