"""Players told: their seat when each round opens, and the final standings at the end.

Only entries that opted in (`Entry.notify`, a checkbox at registration or at self check-in)
and have an email or phone (given at the door, else the player's on file) are told. Each
person's message is their own ("Round 3: table 5, with Dana, against Lee and Sam"), so each
is one notice through `notices.services.notice_send`, written in the transaction that opens
the round or finishes the event, with a key so it is written once.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from notices.models import Notice
from notices.services import SMS_MAX, Audience, Recipient, notice_send, notices_audience
from tournaments.models import Entry, Tournament
from tournaments.selectors import progressive_leaderboard, rounds_view
from wording.when import day

SUBJECT_MAX = 200


def _recipients(entry: Entry) -> list[Recipient]:
    """Everyone of the entry who can be reached: the player (the contact given at the door,
    else theirs on file) and, for a team, the partner (theirs on file). An address or
    number already used for one of them is not used again."""
    members = [(entry.player, entry.email or entry.player.email, entry.phone or entry.player.phone)]
    if entry.partner_id:
        members.append((entry.partner, entry.partner.email, entry.partner.phone))
    recipients: list[Recipient] = []
    used: set[str] = set()
    for player, email, phone in members:
        email = "" if email.lower() in used else email
        phone = "" if phone in used else phone
        if not (email or phone):
            continue
        used |= {email.lower(), phone} - {""}
        # Ticking the box at the door is the consent to be texted about this event.
        recipients.append(
            Recipient(
                name=player.name,
                email=email,
                phone=phone,
                sms_opt_in=bool(phone),
                player_id=player.pk,
            )
        )
    return recipients


def _names(entries: list[Entry | None]) -> str:
    names = [e.player.name for e in entries if e is not None]
    return " and ".join(names)


def seat_sentence(number: int, table: int | None, partner: Any, opponents: list[Any]) -> str:
    """ "Round 3: table 5, with Dana, against Lee and Sam." (or alone, or sitting out)."""
    if table is None:
        return f"Round {number}: you sit out this round."
    against = _names(opponents)
    if partner is None:
        return f"Round {number}: table {table}, alone against {against}."
    alone = " (alone)" if len(opponents) == 1 else ""
    return f"Round {number}: table {table}, with {partner.player.name}, against {against}{alone}."


def _send(
    *, tournament: Tournament, kind: str, entry: Entry, text: str, link: str, key: str, by: Any
) -> Notice | None:
    recipients = _recipients(entry)
    if not recipients:
        return None
    subject = f"{tournament.name} · {text}"
    return notice_send(
        kind=kind,
        subject=" ".join(subject.split())[:SUBJECT_MAX],
        body=f"{text}\n\n{tournament.name}, {day(tournament.date)}.",
        sms_text=f"{tournament.name}: {text}"[:SMS_MAX],
        recipients=recipients,
        created_by=by,
        link=link,
        source={"tournament": tournament.pk, "entry": entry.pk},
        key=key,
    )


PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _told(kind: str, entries: list[Entry]) -> Audience:
    """How many emails and texts the entries' notices (one each) make."""
    return notices_audience(kind=kind, each=[_recipients(entry) for entry in entries])


def start_audience(tournament: Tournament) -> Audience | None:
    """Who starting the tournament tells (progressive: every checked-in player who opted in
    hears their first seat); None when starting tells nobody."""
    if not tournament.is_progressive:
        return None
    entries = tournament.entries.filter(status=Entry.Status.CHECKED_IN, notify=True)
    return _told(Notice.Kind.TOURNAMENT_SEAT, list(entries.select_related("player", "partner")))


def round_seats_audience(tournament: Tournament, number: int) -> Audience:
    """Who opening round `number` tells: as `round_seats_notify` will."""
    entries = [place[0] for place in _places(tournament, number) if place[0].notify]
    return _told(Notice.Kind.TOURNAMENT_SEAT, entries)


def _places(tournament: Tournament, number: int) -> list[tuple[Entry, int | None, Any, list[Any]]]:
    """Each entry of round `number`: its table, partner and opponents (None: sitting out)."""
    views = rounds_view(tournament, [number])
    if not views:
        return []
    view = views[0]
    places: list[tuple[Entry, int | None, Any, list[Any]]] = []
    for table in view.tables:
        for seat, entry in table.seats.items():
            others = ("E", "W") if seat in "NS" else ("N", "S")
            opponents = [table.seats[o] for o in others if o in table.seats]
            places.append((entry, table.number, table.seats.get(PARTNER[seat]), opponents))
    places += [(entry, None, None, []) for entry in view.sitting_out]
    return places


def round_seats_notify(*, tournament: Tournament, number: int, by: Any) -> int:
    """Tell every opted-in player of round `number` where they sit; returns how many."""
    if not tournament.entries.filter(notify=True).exists():
        return 0
    sent = 0
    for entry, table, partner, opponents in _places(tournament, number):
        if not entry.notify:
            continue
        notice = _send(
            tournament=tournament,
            kind=Notice.Kind.TOURNAMENT_SEAT,
            entry=entry,
            text=seat_sentence(number, table, partner, opponents),
            link=reverse("tournaments:seat_card", args=[tournament.slug, entry.number]),
            key=f"tournament-{tournament.pk}-round-{number}-entry-{entry.pk}",
            by=by,
        )
        sent += notice is not None
    return sent


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _result_texts(tournament: Tournament) -> dict[int, str]:
    """Entry id -> what the final standings say to them."""
    if tournament.is_progressive:
        board = progressive_leaderboard(tournament)
        size = len(board.rows)
        texts = {}
        for row in board.rows:
            tied = " (tied)" if row.standing.tied else ""
            place = f"{_ordinal(row.standing.place)}{tied} of {size}"
            texts[row.entry.pk] = (
                f"Final standings: you finished {place} with {row.standing.points} points."
            )
        return texts
    champion = tournament.entries.select_related("player", "partner").filter(
        pk=tournament.champion_id
    )
    winner = champion.first()
    line = f"Final: {winner.display_name} won." if winner else "The event is finished."
    return dict.fromkeys(tournament.entries.values_list("pk", flat=True), line)


def _results_told(tournament: Tournament) -> tuple[list[Entry], dict[int, str]]:
    """The opted-in entries told the final standings (not those who never played), and
    what each is told."""
    entries = list(tournament.entries.filter(notify=True).select_related("player", "partner"))
    if not entries:
        return [], {}
    texts = _result_texts(tournament)
    return [entry for entry in entries if entry.pk in texts], texts


def results_audience(tournament: Tournament) -> Audience:
    """Who finishing the tournament tells: as `results_notify` will."""
    return _told(Notice.Kind.TOURNAMENT_RESULTS, _results_told(tournament)[0])


def results_notify(*, tournament: Tournament, by: Any) -> int:
    """Tell every opted-in player the final standings once the event finishes."""
    entries, texts = _results_told(tournament)
    sent = 0
    for entry in entries:
        notice = _send(
            tournament=tournament,
            kind=Notice.Kind.TOURNAMENT_RESULTS,
            entry=entry,
            text=texts[entry.pk],
            link=reverse("tournaments:detail", args=[tournament.slug]),
            key=f"tournament-{tournament.pk}-results-entry-{entry.pk}",
            by=by,
        )
        sent += notice is not None
    return sent
