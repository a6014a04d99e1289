"""The page an email's "no more emails" link opens: anyone holding the link may use it."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from notices.unsubscribe import email_opt_in, email_opt_out, is_opted_out, unsubscribe_address


@never_cache
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows the address and a button (a mail scanner opening the link changes nothing);
    POST stops the emails, or starts them again with `action=resume`."""
    address = unsubscribe_address(token)
    if address is None:
        return render(request, "notices/unsubscribe_invalid.html", status=404)
    done = ""
    if request.method == "POST":
        if request.POST.get("action") == "resume":
            email_opt_in(address)
            done = "resumed"
        else:
            email_opt_out(address)
            done = "stopped"
    return render(
        request,
        "notices/unsubscribe.html",
        {"address": address, "opted_out": is_opted_out(address), "done": done},
    )
