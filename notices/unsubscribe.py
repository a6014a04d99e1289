"""The link at the foot of every notice email that stops them, without signing in.

The link carries the address, signed with the site's secret key (`django.core.signing`, a
salt of its own), so it can't be made up for someone else's address; it doesn't expire, as
an email read months later must still work. Following it shows a page with a button: mail
scanners that open links change nothing.
"""

from collections.abc import Iterable

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse

from notices.addresses import normalise_email
from notices.models import EmailOptOut

SALT = "notices.unsubscribe"
IN_QUERY = 500  # addresses looked up per query


def unsubscribe_token(address: str) -> str:
    return signing.dumps(normalise_email(address), salt=SALT)


def unsubscribe_address(token: str) -> str | None:
    """The address a token was made for, or None when it was not made here."""
    try:
        address = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    return address if isinstance(address, str) and address else None


def unsubscribe_url(address: str) -> str:
    path = reverse("notices:unsubscribe", args=[unsubscribe_token(address)])
    site = getattr(settings, "SITE_URL", "")
    return f"{site.rstrip('/')}{path}" if site else path


def opted_out_among(addresses: Iterable[str]) -> frozenset[str]:
    """The (normalised) addresses among these that asked for no more emails.

    One query while the opt-outs are few (read them all, a notice to 10,000 people costs no
    more); past IN_QUERY of them, the addresses are looked up IN_QUERY at a time.
    """
    wanted = sorted({normalise_email(a) for a in addresses if a})
    if not wanted:
        return frozenset()
    few = list(EmailOptOut.objects.values_list("address", flat=True)[: IN_QUERY + 1])
    if len(few) <= IN_QUERY:
        return frozenset(few).intersection(wanted)
    found: set[str] = set()
    for start in range(0, len(wanted), IN_QUERY):
        chunk = wanted[start : start + IN_QUERY]
        found.update(
            EmailOptOut.objects.filter(address__in=chunk).values_list("address", flat=True)
        )
    return frozenset(found)


def is_opted_out(address: str) -> bool:
    return EmailOptOut.objects.filter(address=normalise_email(address)).exists()


@transaction.atomic
def email_opt_out(address: str) -> EmailOptOut:
    """Stop notice emails to `address`; a second click finds the first row."""
    address = normalise_email(address)
    try:
        with transaction.atomic():
            return EmailOptOut.objects.create(address=address)
    except IntegrityError:
        return EmailOptOut.objects.get(address=address)


@transaction.atomic
def email_opt_in(address: str) -> bool:
    """Send notice emails to `address` again; False when it had not opted out."""
    deleted, _ = EmailOptOut.objects.filter(address=normalise_email(address)).delete()
    return bool(deleted)
