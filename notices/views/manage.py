"""The manager's outbox: notices with delivery counts, failures and resends."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.permissions import can_read_outbox, require
from inputs.paging import table_configure
from notices import delivery, selectors, services
from notices.filters import MessageFilter, NoticeFilter
from notices.models import OutboxMessage
from notices.tables import MessageTable, NoticeTable

FAILURES_SHOWN = 20
outbox_reader_required = require(can_read_outbox)


def _report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


@outbox_reader_required
def outbox(request: HttpRequest) -> HttpResponse:
    notice_filter = NoticeFilter(request.GET, queryset=selectors.notices_visible_to(request.user))
    table = NoticeTable(notice_filter.qs)
    table_configure(request, table, per_page=25)
    context = {"filter": notice_filter, "table": table}
    if request.htmx and not request.htmx.boosted:
        return render(request, "notices/_outbox_table.html", context)
    return render(request, "notices/outbox.html", context)


@outbox_reader_required
def notice_detail(request: HttpRequest, pk: int) -> HttpResponse:
    notice = get_object_or_404(selectors.notices_visible_to(request.user), pk=pk)
    message_filter = MessageFilter(request.GET, queryset=notice.messages.all())
    table = MessageTable(message_filter.qs)
    table_configure(request, table, per_page=50)
    context = {
        "notice": notice,
        "filter": message_filter,
        "table": table,
        "failed_count": notice.email_failed + notice.sms_failed,
        "failures": list(selectors.failed_messages(notice)[:FAILURES_SHOWN]),
        "max_attempts": delivery.MAX_ATTEMPTS,
        "announcement": getattr(notice, "announcement", None),
    }
    if request.htmx and not request.htmx.boosted:
        return render(request, "notices/_messages_table.html", context)
    return render(request, "notices/notice_detail.html", context)


@require_POST
@outbox_reader_required
def message_resend(request: HttpRequest, pk: int) -> HttpResponse:
    message = get_object_or_404(
        OutboxMessage, pk=pk, notice__in=selectors.notices_visible_to(request.user)
    )
    try:
        services.message_resend(message=message, by=request.user)
    except ValidationError as exc:
        _report(request, exc)
    else:
        messages.success(request, f"Sending again to {message.address}.")
    return redirect("notices:notice_detail", pk=message.notice_id)


@require_POST
@outbox_reader_required
def notice_resend_failed(request: HttpRequest, pk: int) -> HttpResponse:
    notice = get_object_or_404(selectors.notices_visible_to(request.user), pk=pk)
    count = services.notice_resend_failed(notice=notice, by=request.user)
    if count:
        messages.success(request, f"Sending {count} failed message{'s' * (count != 1)} again.")
    else:
        messages.info(request, "Nothing failed; nothing to send again.")
    return redirect("notices:notice_detail", pk=notice.pk)
