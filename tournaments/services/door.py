"""Registering a pasted list at the door: a preview of who is new, found or a duplicate,
then one confirm that registers them all, or nothing when any line is wrong.

Before the start the people are registered (and checked in when the director says they are
here); once a progressive event is under way they are late arrivals, seated from the next
round, and the rounds not yet started are drawn again once for all of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Max, Q
from django.db.models.functions import Lower
from django.utils import timezone

from accounts.permissions import can_run_tournament, deny_unless
from accounts.phones import phone_clean
from activity.models import Verb
from league.seasons.models import Player
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament
from tournaments.paste import LineError, PastedLine, paste_read
from tournaments.services.entries import NAME_MAX, _lock_name, _typed
from tournaments.services.log import tournament_activity
from tournaments.services.progressive import progressive_regenerate
from tournaments.versions import tournament_results_changed
from wording.words import plural

NOT_YOURS = "Only this tournament's director can register its players."
EMAIL_MAX = Entry._meta.get_field("email").max_length

NEW, FOUND, DUPLICATE = "new", "found", "duplicate"


@dataclass(frozen=True)
class PreviewLine:
    line: PastedLine
    status: str  # NEW, FOUND or DUPLICATE
    player: Player | None = None  # the existing player a FOUND line is
    note: str = ""


@dataclass
class PastePreview:
    lines: list[PreviewLine] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for line in self.lines if line.status == status)

    @property
    def new_count(self) -> int:
        return self.count(NEW)

    @property
    def found_count(self) -> int:
        return self.count(FOUND)

    @property
    def duplicate_count(self) -> int:
        return self.count(DUPLICATE)

    @property
    def to_register(self) -> list[PreviewLine]:
        return [line for line in self.lines if line.status != DUPLICATE]


class PasteRefused(TournamentError):
    """Some lines are wrong: nothing was registered."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = errors
        super().__init__(" ".join(str(e) for e in errors))


def _clean(line: PastedLine) -> PastedLine | LineError:
    """The line's values checked by the rules every form uses (`inputs`, `accounts.phones`)."""
    try:
        name = _typed(line.name, label="the player's name", limit=NAME_MAX, collapse=True)
        email = line.email.strip().lower()
        if email:
            if len(email) > EMAIL_MAX:
                raise TournamentError(f"keep the email address to {EMAIL_MAX} characters.")
            validate_email(email)
        phone = phone_clean(line.phone)
    except ValidationError as exc:
        message = exc.messages[0]
        if exc.code == "invalid":
            message = f"“{line.email[:60]}” is not an email address."
        return LineError(line.number, message)
    except TournamentError as exc:
        return LineError(line.number, str(exc))
    return PastedLine(line.number, name, email, phone)


@dataclass
class KnownPlayers:
    """The league players the pasted names and addresses may be: two queries for the list."""

    by_email: dict[str, Player]
    by_name: dict[str, Player]  # the first (lowest id) player of each name, case ignored

    @classmethod
    def load(cls, lines: list[PastedLine]) -> KnownPlayers:
        emails = {line.email for line in lines if line.email}
        names = {line.name.casefold() for line in lines}
        by_email = {
            p.email.lower(): p
            for p in Player.objects.annotate(key=Lower("email")).filter(key__in=emails)
        }
        by_name: dict[str, Player] = {}
        live = Player.objects.filter(merged_into=None)  # merged-away records are not picked
        for p in live.annotate(key=Lower("name")).filter(key__in=names).order_by("pk"):
            by_name.setdefault(p.name.casefold(), p)
        return cls(by_email, by_name)

    def player_for(self, line: PastedLine) -> Player | None:
        """By email first, else by name (as at the door); the same name with another
        address is someone else."""
        if line.email and line.email in self.by_email:
            return self.by_email[line.email]
        by_name = self.by_name.get(line.name.casefold())
        if by_name is not None and line.email and by_name.email:
            return None
        return by_name


def _earlier(
    line: PastedLine,
    player: Player | None,
    seen_players: dict[int, int],
    seen_names: dict[str, tuple[int, str]],
    seen_emails: dict[str, int],
) -> int | None:
    """The earlier line naming the same person, if any: the same player, the same email,
    or the same new name (unless both lines give different addresses)."""
    if player is not None and player.pk in seen_players:
        return seen_players[player.pk]
    if line.email and line.email in seen_emails:
        return seen_emails[line.email]
    if player is None and line.name.casefold() in seen_names:
        number, email = seen_names[line.name.casefold()]
        if not (email and line.email and email != line.email):
            return number
    return None


def _open_for_paste(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.SETUP:
        return
    if tournament.status == Tournament.Status.RUNNING and tournament.is_progressive:
        if tournament.current_round >= tournament.rounds:
            raise TournamentError("The last round is under way: there is no round left to join.")
        return
    raise TournamentError("The tournament has started: no new entries can join.")


def entries_paste_preview(*, tournament: Tournament, text: str) -> PastePreview:
    """Read the pasted list: each line new, found (an existing player) or a duplicate
    (entered already, or named twice in the list); no writes."""
    if tournament.team_event:
        return PastePreview(
            errors=[LineError(0, "Partners events enter teams: register each team by name.")]
        )
    try:
        _open_for_paste(tournament)
    except TournamentError as exc:
        return PastePreview(errors=[LineError(0, str(exc))])
    people, errors = paste_read(text)
    preview = PastePreview(errors=errors)
    entered = {
        pk
        for pair in Entry.objects.filter(tournament=tournament).values_list("player", "partner")
        for pk in pair
        if pk is not None
    }
    seen_players: dict[int, int] = {}  # player -> the line that named them
    seen_names: dict[str, tuple[int, str]] = {}  # a new name -> (line, its email)
    seen_emails: dict[str, int] = {}
    cleaned = [_clean(raw) for raw in people]
    preview.errors += [line for line in cleaned if isinstance(line, LineError)]
    lines = [line for line in cleaned if isinstance(line, PastedLine)]
    known = KnownPlayers.load(lines)
    for line in lines:
        player = known.player_for(line)
        earlier = _earlier(line, player, seen_players, seen_names, seen_emails)
        if player is not None and player.pk in entered:
            preview.lines.append(PreviewLine(line, DUPLICATE, player, "already entered"))
        elif earlier:
            preview.lines.append(PreviewLine(line, DUPLICATE, player, f"same as line {earlier}"))
        else:
            note = f"as {player.name}" if player and player.name != line.name else ""
            preview.lines.append(PreviewLine(line, FOUND if player else NEW, player, note))
            if player is not None:
                seen_players[player.pk] = line.number
            else:
                seen_names.setdefault(line.name.casefold(), (line.number, line.email))
            if line.email:
                seen_emails[line.email] = line.number
    preview.errors.sort(key=lambda e: e.number)
    return preview


def _new_player(line: PastedLine) -> Player:
    """A new league player; two doors pasting the same new person at once make one."""
    _lock_name(line.name)
    if line.email:
        _lock_name(line.email)
    player = KnownPlayers.load([line]).player_for(line)
    if player is not None:
        return player
    email_free = line.email and not Player.objects.filter(email__iexact=line.email).exists()
    return Player.objects.create(
        name=line.name, email=line.email if email_free else "", phone=line.phone
    )


@transaction.atomic
def entries_paste_register(
    *, tournament: Tournament, text: str, check_in: bool, notify: bool, by: Any
) -> list[Entry]:
    """Register every new and found line of the pasted list in one go (duplicates are left
    out); any wrong line refuses the whole list. Under way, they are late arrivals."""
    deny_unless(can_run_tournament(by, tournament), NOT_YOURS)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    _open_for_paste(tournament)
    preview = entries_paste_preview(tournament=tournament, text=text)
    if preview.errors:
        raise PasteRefused(preview.errors)
    if not preview.to_register:
        raise TournamentError("Everyone on the list is entered already: nothing to register.")
    running = tournament.status == Tournament.Status.RUNNING
    now = timezone.now()
    here = running or check_in
    number = tournament.entries.aggregate(n=Max("number"))["n"] or 0
    entries = []
    for item in preview.to_register:
        line = item.line
        player = item.player or _new_player(line)
        if (
            Entry.objects.filter(tournament=tournament)
            .filter(Q(player=player) | Q(partner=player))
            .exists()
        ):
            continue  # the same person twice under two spellings of one address
        number += 1
        entries.append(
            Entry.objects.create(
                tournament=tournament,
                number=number,
                player=player,
                email=line.email,
                phone=line.phone,
                notify=notify and bool(line.email or line.phone or player.email or player.phone),
                status=Entry.Status.CHECKED_IN if here else Entry.Status.REGISTERED,
                checked_in_at=now if here else None,
                late=running,
                first_round=tournament.current_round + 1 if running else None,
            )
        )
    if running and entries:
        progressive_regenerate(tournament=tournament)
    if entries:
        if running:
            how = f"late arrivals, seated from round {tournament.current_round + 1}"
        else:
            how = "checked in" if check_in else "registered"
        tournament_activity(
            tournament=tournament,
            actor=by,
            verb=Verb.ENTRIES_REGISTERED,
            detail=f"{plural(len(entries), 'player')} from a pasted list · {how}",
        )
        if running:
            tournament_results_changed(tournament)
    return entries
