"""Invitations go out through the outbox: accounts asks, notices writes (see
`accounts.invitations.register_invitation_sender`, registered in `NoticesConfig.ready`)."""

from typing import Any

from accounts.models import Invitation
from notices.addresses import Recipient
from notices.models import Notice
from notices.services import notice_send


def invitation_deliver(
    *,
    invitation: Invitation,
    link: str,
    subject: str,
    body: str,
    sms_text: str,
    by: Any,
    options: dict,
) -> Notice:
    """One notice per send: email when the invitation has an address, a text when a number."""
    recipient = Recipient(
        name=invitation.name,
        email=invitation.email,
        phone=invitation.phone,
        sms_opt_in=bool(invitation.phone),
        player_id=invitation.player_id,
    )
    return notice_send(
        kind=Notice.Kind.INVITATION,
        subject=subject,
        body=body,
        sms_text=sms_text,
        recipients=[recipient],
        created_by=by,
        link=link,
        season=options.get("season"),
        source={"invitation": invitation.pk, "send": invitation.send_count},
    )
