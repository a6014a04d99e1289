"""Small helpers the league views share (CSV goes out through the one shared writer)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from activity.exports import csv_response


def report(request: HttpRequest, exc: ValidationError) -> None:
    for message in exc.messages:
        messages.error(request, message)


def roster_csv(filename: str, rows: list) -> HttpResponse:
    """The final roster: every regular and sub with their waiver."""
    return csv_response(
        filename,
        [
            "team",
            "skill_level",
            "player_name",
            "email",
            "phone",
            "role",
            "waiver",
            "signed_at",
            "method",
            "version",
        ],
        [
            [
                row.entry.team.name,
                row.entry.team.skill_level.name if row.entry.team.skill_level else "",
                row.entry.player.name,
                row.entry.player.email,
                row.entry.player.phone,
                row.entry.role,
                "signed" if row.signed else "missing",
                row.waiver.signed_at.isoformat() if row.waiver else "",
                row.waiver.method if row.waiver else "",
                row.waiver.version if row.waiver else "",
            ]
            for row in rows
        ],
    )
