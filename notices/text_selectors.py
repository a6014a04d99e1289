"""Reads of the texts the database backend kept (`notices.text_backends`): whether it is
the backend in use, and which texts a person may read.

A person reads the texts sent to their own numbers: the one on their account (only they
set it, and sign-in links go there) and those on their player record and on the records
merged into it. A number on a player record that another account keeps as its own counts
for that account only: a captain or a manager may type a player's number, and must not
be able to lead that account's sign-in links to someone else's page.
"""

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.module_loading import import_string

from accounts import permissions
from accounts.models import AccountPhone
from notices.addresses import normalise_phone
from notices.models import SentText
from notices.text_backends import DatabaseSmsBackend


def database_texts_in_use() -> bool:
    """Whether texts go to the database (SMS_BACKEND), so the texts page has something."""
    try:
        backend = import_string(settings.SMS_BACKEND)
    except ImportError:
        return False
    return isinstance(backend, type) and issubclass(backend, DatabaseSmsBackend)


def phones_of(user: Any) -> frozenset[str]:
    """The E.164 numbers whose texts `user` may read (see the module), in two queries."""
    if not user.is_authenticated:
        return frozenset()
    rows = (
        get_user_model()
        .objects.filter(pk=user.pk)
        .values_list("account_phone__number", "player__phone", "player__merged_records__phone")
    )
    own = {normalise_phone(number) for number, _, _ in rows} - {""}
    played = {normalise_phone(phone) for _, *phones in rows for phone in phones} - {""} - own
    if played:
        played -= set(
            AccountPhone.objects.filter(number__in=played)
            .exclude(user=user)
            .values_list("number", flat=True)
        )
    return frozenset(own | played)


@dataclass(frozen=True)
class VisibleTexts:
    texts: QuerySet[SentText]  # newest first
    everyone: bool  # a site administrator's: every text
    phones: frozenset[str]  # otherwise, the numbers they went to


def texts_visible_to(user: Any) -> VisibleTexts:
    """A site administrator reads every text; anyone else the texts to their numbers."""
    texts = SentText.objects.order_by("-sent_at", "-pk")
    if permissions.is_site_admin(user):
        return VisibleTexts(texts=texts, everyone=True, phones=frozenset())
    phones = phones_of(user)
    mine = texts.filter(recipient__in=phones) if phones else texts.none()
    return VisibleTexts(texts=mine, everyone=False, phones=phones)
