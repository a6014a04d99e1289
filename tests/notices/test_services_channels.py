"""notice_send writes each person's channels: their choice for the kind, or its default."""

import pytest
from django.db import IntegrityError, transaction

from notices.addresses import Recipient
from notices.models import Notice, NoticePreference
from notices.services import notice_addresses
from tests.factories import PlayerFactory
from tests.notices.factories import send_notice

pytestmark = pytest.mark.django_db

CARD = Notice.Kind.CARD_AWAITING_CONFIRMATION


def _person(player, *, texts=True):
    return Recipient(
        player.name, email=player.email, phone=player.phone, sms_opt_in=texts, player_id=player.pk
    )


def _rows(notice):
    return set(notice.messages.values_list("player_id", "channel"))


def test_a_card_to_confirm_goes_by_text_to_captains_who_take_texts_and_by_email_to_the_rest():
    texts, mails = PlayerFactory(phone="4165550101"), PlayerFactory(phone="4165550102")
    notice = send_notice(kind=CARD, recipients=[_person(texts), _person(mails, texts=False)])
    assert _rows(notice) == {(texts.pk, "sms"), (mails.pk, "email")}


def test_a_stored_choice_for_the_kind_decides_and_other_kinds_keep_their_default():
    ann = PlayerFactory(phone="4165550101")
    NoticePreference.objects.create(player=ann, kind=CARD, by_email=True, by_sms=True)
    NoticePreference.objects.create(
        player=ann, kind=Notice.Kind.CANCELLATION, by_email=False, by_sms=True
    )
    card = send_notice(kind=CARD, recipients=[_person(ann)])
    cancelled = send_notice(kind=Notice.Kind.CANCELLATION, recipients=[_person(ann)])
    general = send_notice(kind=Notice.Kind.GENERAL, recipients=[_person(ann)])
    assert _rows(card) == {(ann.pk, "email"), (ann.pk, "sms")}
    assert _rows(cancelled) == {(ann.pk, "sms")}
    assert _rows(general) == {(ann.pk, "email"), (ann.pk, "sms")}


def test_someone_who_chose_texts_but_no_longer_takes_them_gets_email():
    ann = PlayerFactory(phone="4165550101")
    NoticePreference.objects.create(player=ann, kind=CARD, by_email=False, by_sms=True)
    notice = send_notice(kind=CARD, recipients=[_person(ann, texts=False)])
    assert _rows(notice) == {(ann.pk, "email")}


def test_the_preview_counts_what_the_notice_will_write():
    ann = PlayerFactory(phone="4165550101")
    NoticePreference.objects.create(player=ann, kind=CARD, by_email=True, by_sms=True)
    addresses = notice_addresses(kind=CARD, recipients=[_person(ann)])
    notice = send_notice(kind=CARD, recipients=[_person(ann)])
    assert {(c, a) for c, a, *_ in addresses} == set(
        notice.messages.values_list("channel", "address")
    )


def test_a_preference_names_at_least_one_channel_and_is_stored_once_per_kind():
    ann = PlayerFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        NoticePreference.objects.create(player=ann, kind=CARD, by_email=False, by_sms=False)
    NoticePreference.objects.create(player=ann, kind=CARD)
    with pytest.raises(IntegrityError), transaction.atomic():
        NoticePreference.objects.create(player=ann, kind=CARD)
