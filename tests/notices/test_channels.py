"""Which channels reach a person: their choice for the kind, or its default, and a fallback."""

import pytest

from notices.addresses import Recipient, addresses_for
from notices.channels import CHOICES, channels_for, choice_name, default_channels

EMAIL, TEXT, BOTH = CHOICES["email"], CHOICES["sms"], CHOICES["both"]
CARD = "card_awaiting_confirmation"


def test_a_card_to_confirm_goes_by_text_alone_to_those_who_take_texts_else_by_email():
    assert default_channels(CARD, can_text=True) == TEXT
    assert default_channels(CARD, can_text=False) == EMAIL


@pytest.mark.parametrize("kind", ["cancellation", "card_disputed", "general", ""])
def test_other_kinds_go_by_email_and_by_text_to_those_who_take_texts(kind):
    assert default_channels(kind, can_text=True) == BOTH
    assert default_channels(kind, can_text=False) == EMAIL


def test_a_choice_is_kept_within_what_reaches_the_person():
    assert channels_for("general", BOTH, can_email=True, can_text=False) == EMAIL
    assert channels_for("general", TEXT, can_email=True, can_text=True) == TEXT


def test_when_nothing_chosen_can_reach_them_the_other_channel_does():
    assert channels_for(CARD, TEXT, can_email=True, can_text=False) == EMAIL
    assert channels_for("general", EMAIL, can_email=False, can_text=True) == TEXT
    assert channels_for("general", EMAIL, can_email=False, can_text=False) == frozenset()


def test_choices_have_names_and_a_set_that_is_none_of_them_is_refused():
    assert [choice_name(c) for c in (EMAIL, TEXT, BOTH)] == ["email", "sms", "both"]
    with pytest.raises(ValueError):
        choice_name(frozenset())


def test_each_person_gets_the_channels_they_chose_for_the_kind():
    people = [
        Recipient("Ann", email="ann@example.com", phone="4165550101", sms_opt_in=True, player_id=1),
        Recipient("Bob", email="bob@example.com", phone="4165550102", sms_opt_in=True, player_id=2),
        Recipient("Cy", email="cy@example.com", phone="4165550103", sms_opt_in=False, player_id=3),
    ]
    rows = addresses_for(people, kind=CARD, preferences={2: BOTH, 3: TEXT})
    assert rows == [
        ("sms", "+14165550101", "Ann", 1),
        ("email", "bob@example.com", "Bob", 2),
        ("sms", "+14165550102", "Bob", 2),
        ("email", "cy@example.com", "Cy", 3),  # chose texts but took none: email instead
    ]


def test_a_person_reached_through_two_lists_is_one_person_with_both_lists_contacts():
    captain = Recipient("Ann", email="ann@example.com", player_id=1)
    subscriber = Recipient("Ann", email="", phone="4165550101", sms_opt_in=True, player_id=1)
    rows = addresses_for([captain, subscriber], kind="cancellation", preferences={1: TEXT})
    assert rows == [("sms", "+14165550101", "Ann", 1)]
