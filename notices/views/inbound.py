"""Texts coming in: Twilio posts each reply here (its Messaging webhook), and we answer in TwiML.

Only requests signed with TWILIO_AUTH_TOKEN are read (403 otherwise, and always while the
token is unset). Twilio posts without a CSRF token, so this one view is exempt; the
signature stands in for it.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseForbidden
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from twilio.request_validator import RequestValidator
from twilio.twiml.messaging_response import MessagingResponse

from notices.replies import text_reply_receive


def _signed_by_twilio(request: HttpRequest) -> bool:
    token = getattr(settings, "TWILIO_AUTH_TOKEN", "")
    signature = request.headers.get("X-Twilio-Signature", "")
    if not token or not signature:
        return False
    validator = RequestValidator(token)
    # Twilio signs the address it was told to call: as this request arrived, or SITE_URL's.
    urls = {request.build_absolute_uri()}
    site = getattr(settings, "SITE_URL", "")
    if site.startswith(("https://", "http://")):
        urls.add(site.rstrip("/") + request.get_full_path())
    return any(validator.validate(url, request.POST, signature) for url in urls)


def _twiml(text: str) -> HttpResponse:
    response = MessagingResponse()
    if text:
        response.message(text)
    return HttpResponse(str(response), content_type="text/xml; charset=utf-8")


@csrf_exempt
@require_POST
def sms_inbound(request: HttpRequest) -> HttpResponse:
    if not _signed_by_twilio(request):
        return HttpResponseForbidden("Not signed by Twilio.")
    try:
        text = text_reply_receive(
            message_sid=request.POST.get("MessageSid", ""),
            phone=request.POST.get("From", ""),
            body=request.POST.get("Body", ""),
        )
    except ValidationError as exc:
        return HttpResponseBadRequest(" ".join(exc.messages))
    return _twiml(text or "")
