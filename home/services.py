"""The account page's write: a person's own name, email, phone and texts.

Name and email live on the user and, for someone who plays, on their league player record
too (notices go to the player's address, reset links to the user's): both change together.
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower

from accounts.forms import ACCOUNT_EMAIL_TAKEN
from accounts.sign_in_links import account_phone_of, account_phone_set
from accounts.tasks import send_email_changed_notice
from league.seasons.models import Player
from notices.models import Subscription

EMAIL_TAKEN = (
    "A player record in the league already uses that email address. If it is yours, ask "
    "your league manager to link it to your account."
)


def _split_name(name: str) -> tuple[str, str]:
    first, _, last = name.partition(" ")
    return first[:150], last[:150]


@transaction.atomic
def account_update(
    *,
    user: Any,
    name: str,
    email: str,
    phone: str | None = None,
    sms_opt_in: bool | None = None,
) -> list[str]:
    """Save the person's own details; returns what changed ("name", "email", …).

    `phone` and `sms_opt_in` apply to a player record (None: leave as they are); someone
    without one keeps `phone` on the account only (where resets may be texted). Dropping
    the email or phone a league subscription uses is refused with a message.
    """
    player = Player.objects.select_for_update().filter(user=user).first()
    if player is not None:
        _player_check(player, email, player.phone if phone is None else phone)
    old_email = user.email
    changed = []
    first, last = _split_name(name)
    if (first, last) != (user.first_name, user.last_name) or (player and player.name != name):
        changed.append("name")
    if email.casefold() != (old_email or "").casefold():
        changed.append("email")
    user.first_name, user.last_name, user.email = first, last, email
    try:
        with transaction.atomic():
            user.save(update_fields=["first_name", "last_name", "email"])
    except IntegrityError:  # another account took the address at the same moment
        raise ValidationError({"email": ACCOUNT_EMAIL_TAKEN}) from None
    if player is not None:
        changed += _player_update(player, name, email, phone, sms_opt_in)
        if phone is not None and "phone" in changed:  # their own number: resets by text too
            account_phone_set(user=user, phone=phone)
    elif phone is not None and phone != account_phone_of(user):  # the account's number only
        account_phone_set(user=user, phone=phone)
        changed.append("phone")
    if "email" in changed and old_email:
        send_email_changed_notice.delay_on_commit(user.pk, old_email)
    return changed


def _player_check(player: Player, email: str, phone: str) -> None:
    subscriptions = Subscription.objects.filter(player=player).select_related("league")
    errors: dict[str, str] = {}
    if not email and (by_email := [s.league.name for s in subscriptions if s.by_email]):
        errors["email"] = f"{', '.join(by_email)} notices come to your email: keep an address."
    if not phone and (by_sms := [s.league.name for s in subscriptions if s.by_sms]):
        errors["phone"] = f"{', '.join(by_sms)} notices come by text: keep a number."
    taken = (
        email
        and Player.objects.annotate(address=Lower("email"))
        .filter(address=email.lower())
        .exclude(pk=player.pk)
        .exists()
    )
    if taken:
        errors["email"] = EMAIL_TAKEN
    if errors:
        raise ValidationError(errors)


def _player_update(
    player: Player, name: str, email: str, phone: str | None, sms_opt_in: bool | None
) -> list[str]:
    phone = player.phone if phone is None else phone
    sms_opt_in = player.sms_opt_in if sms_opt_in is None else sms_opt_in
    changed = []
    if phone != player.phone:
        changed.append("phone")
    if sms_opt_in != player.sms_opt_in:
        changed.append("texts")
    player.name, player.email, player.phone, player.sms_opt_in = name, email, phone, sms_opt_in
    try:
        with transaction.atomic():
            player.save(update_fields=["name", "email", "phone", "sms_opt_in"])
    except IntegrityError:  # the same address taken at the same moment
        raise ValidationError({"email": EMAIL_TAKEN}) from None
    return changed
