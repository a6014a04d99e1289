"""Replies to texts: the codes a notice's texts carry, and answering what comes back.

`reply_codes_issue` runs inside `notice_send` when the caller offers replies: every text
of the notice gets its own code, unique for the number it goes to. `text_reply_receive`
answers one inbound text (the webhook in `notices.views.inbound` calls it once Twilio's
signature checks out). Each provider message id is recorded once (a unique constraint), so
a replayed request does nothing; the code's row is locked while the reply is acted on, so
two replies at once act once. What a reply does is the app's that offered it (a handler
registered in `notices.registry`), through its own services and their permission checks.
"""

import secrets

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from inputs.bounds import without_nul
from notices import registry
from notices.addresses import ReplyOffer, normalise_phone
from notices.models import InboundText, Notice, OutboxMessage, ReplyCode
from notices.reply_words import reply_parse

Outcome = InboundText.Outcome
BODY_MAX = 1600  # a long text, as the carriers join it
ISSUE_TRIES = 5

NO_CODE = "Add the code from our text after the word, e.g. YES 4821."
UNKNOWN_CODE = "We don't know the code {code}: check the code in our text and reply again."
WRONG_PHONE = "The code {code} wasn't sent to this number: reply from the phone that got the text."
ANSWERED = "You already answered this text ({answer}): there is nothing more to do."
NOT_TAKEN = "Replies to this text aren't taken any more: open the link in the text instead."


def _fresh_code(phone: str, taken: set[tuple[str, str]]) -> str:
    """Four digits, or six once a number has used up a good part of the four-digit ones."""
    used = sum(1 for number, _ in taken if number == phone)
    low, span = (1000, 9000) if used < 2000 else (100000, 900000)
    while True:
        code = str(low + secrets.randbelow(span))
        if (phone, code) not in taken:
            taken.add((phone, code))
            return code


def reply_codes_issue(*, notice: Notice, offer: ReplyOffer) -> int:
    """A code for each of the notice's texts; returns how many. Call inside notice_send."""
    texts = OutboxMessage.objects.filter(notice=notice, channel=OutboxMessage.Channel.SMS)
    if offer.players is not None:
        texts = texts.filter(player_id__in=offer.players)
    texts = list(texts.order_by("pk").values_list("pk", "address", "player_id"))
    if not texts:
        return 0
    phones = {address for _, address, _ in texts}
    for _ in range(ISSUE_TRIES):
        taken = set(ReplyCode.objects.filter(phone__in=phones).values_list("phone", "code"))
        rows = [
            ReplyCode(
                message_id=pk,
                phone=address,
                code=_fresh_code(address, taken),
                player_id=player_id,
                handler=offer.handler,
                target=offer.target,
                created_at=notice.created_at,
            )
            for pk, address, player_id in texts
        ]
        try:
            with transaction.atomic():
                ReplyCode.objects.bulk_create(rows)
            return len(rows)
        except IntegrityError:
            continue  # another notice drew the same code for the same number meanwhile
    raise RuntimeError("Could not draw unused reply codes; try again.")


def reply_prompt(*, handler: str | None, code: str | None) -> str:
    """How to answer a text carrying `code` ("Reply YES 4821 to confirm …"), "" when the text
    takes no reply (no code, or a handler no app registers any more)."""
    if not code or not handler:
        return ""
    registered = registry.reply_handler(handler)
    return registered.prompt.format(code=code) if registered else ""


def _refusal(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return " ".join(exc.messages)
    return str(exc) or "You may not answer this text."


def _answer(phone: str, body: str) -> tuple[str, str, ReplyCode | None]:
    """(outcome, what to text back, the code) for one reply."""
    reply = reply_parse(body)
    if reply is None:
        return Outcome.IGNORED, "", None
    if not reply.code:
        return Outcome.REFUSED, NO_CODE, None
    number = normalise_phone(phone)
    code = (
        ReplyCode.objects.select_for_update().filter(phone=number, code=reply.code).first()
        if number
        else None
    )
    if code is None:
        known = ReplyCode.objects.filter(code=reply.code).exists()
        return (
            Outcome.REFUSED,
            (WRONG_PHONE if known else UNKNOWN_CODE).format(code=reply.code),
            None,
        )
    if code.answered_at is not None:
        return Outcome.REFUSED, ANSWERED.format(answer=code.answer), code
    handler = registry.reply_handler(code.handler)
    if handler is None:
        return Outcome.REFUSED, NOT_TAKEN, code
    if reply.word not in handler.words:
        return Outcome.REFUSED, handler.prompt.format(code=code.code), code
    try:
        with transaction.atomic():
            text = handler.answer(
                target=code.target, player_id=code.player_id, word=reply.word, text=reply.text
            )
    except (ValidationError, PermissionDenied) as exc:
        return Outcome.REFUSED, _refusal(exc), code
    code.answered_at, code.answer = timezone.now(), reply.word
    code.save(update_fields=["answered_at", "answer"])
    return Outcome.DONE, text, code


@transaction.atomic
def text_reply_receive(*, message_sid: str, phone: str, body: str) -> str | None:
    """Act on one inbound text and return what to text back ("" for nothing).

    Returns None when this provider message was received before: a replay does nothing.
    """
    sid = (message_sid or "").strip()
    if not sid or len(sid) > 64 or not (sid.isascii() and sid.isalnum()):
        raise ValidationError("A reply needs the provider's message id.")
    try:
        with transaction.atomic():
            inbound = InboundText.objects.create(
                message_sid=sid,
                phone=without_nul(phone)[:32],
                body=without_nul(body)[:BODY_MAX],
            )
    except IntegrityError:
        return None
    outcome, text, code = _answer(inbound.phone, inbound.body)
    inbound.outcome, inbound.reply, inbound.reply_code = outcome, text, code
    inbound.save(update_fields=["outcome", "reply", "reply_code"])
    return text
