"""Registration and check-in: who is in the event, and who actually came."""

import zlib
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Max, Q
from django.utils import timezone

from inputs.bounds import text_clean
from league.seasons.models import Player
from tournaments.errors import TournamentError
from tournaments.models import Entry, Tournament

NAME_MAX = Player._meta.get_field("name").max_length
TEAM_NAME_MAX = Entry._meta.get_field("team_name").max_length


def _typed(text: str, **rules: Any) -> str:
    """`inputs.bounds.text_clean`, refusing as the tournament pages show refusals."""
    try:
        return text_clean(text, **rules)
    except ValidationError as exc:
        raise TournamentError(exc.messages[0]) from None


def _player_named(name: str) -> Player:
    """The player with this name (case-insensitive), or a new one: staff type names at the door."""
    name = _typed(
        name,
        label="the player's name",
        limit=NAME_MAX,
        empty="Enter the player's name.",
        collapse=True,
    )
    _lock_name(name)
    # A record merged into another is no longer picked: its person is the kept record.
    player = Player.objects.filter(name__iexact=name, merged_into=None).order_by("pk").first()
    return player or Player.objects.create(name=name)


def _lock_name(name: str) -> None:
    """Two doors typing one new name at once (two events, one person) must find one player.

    Names can't be unique (league players share them), so no constraint can guard this
    find-or-create: a transaction-scoped advisory lock on the name does, on PostgreSQL.
    SQLite runs one writer at a time already.
    """
    if connection.vendor == "postgresql":
        key = zlib.crc32(name.casefold().encode()) - 2**31  # a signed 32-bit key
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [0x45C4, key])


def _check_not_entered(
    tournament: Tournament, player: Player, *, exclude: int | None = None
) -> None:
    clash = Entry.objects.filter(tournament=tournament).filter(Q(player=player) | Q(partner=player))
    if exclude is not None:
        clash = clash.exclude(pk=exclude)
    if clash.exists():
        raise TournamentError(f"{player.name} is already entered in {tournament.name}.")


@transaction.atomic
def entry_register(
    *, tournament: Tournament, player_name: str, partner_name: str = "", team_name: str = ""
) -> Entry:
    """Enter a player (progressive) or a partnership (brackets, heats) before the start."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.SETUP:
        raise TournamentError(
            "The tournament has started: add a late arrival instead."
            if tournament.is_progressive
            else "The tournament has started: no new teams can join a bracket or heats."
        )
    return new_entry(
        tournament=tournament,
        player_name=player_name,
        partner_name=partner_name,
        team_name=team_name,
    )


def new_entry(
    *, tournament: Tournament, player_name: str, partner_name: str = "", team_name: str = ""
) -> Entry:
    """The entry row itself; callers check the tournament's status and lock it first."""
    team_name = _typed(team_name, label="the team name", limit=TEAM_NAME_MAX, collapse=True)
    player = _player_named(player_name)
    partner = None
    if tournament.team_event:
        if not partner_name.strip():
            raise TournamentError("This is a partners event: enter both players of the team.")
        partner = _player_named(partner_name)
        if partner.pk == player.pk:
            raise TournamentError("A team needs two different players.")
    elif partner_name.strip() or team_name.strip():
        raise TournamentError("Progressive euchre enters players one by one, without partners.")
    _check_not_entered(tournament, player)
    if partner is not None:
        _check_not_entered(tournament, partner)
    number = (tournament.entries.aggregate(n=Max("number"))["n"] or 0) + 1
    return Entry.objects.create(
        tournament=tournament,
        number=number,
        player=player,
        partner=partner,
        team_name=team_name,
    )


def _setup_only(entry: Entry, action: str) -> None:
    if entry.tournament.status != Tournament.Status.SETUP:
        raise TournamentError(f"You can only {action} before the tournament starts.")


@transaction.atomic
def entry_check_in(*, entry: Entry) -> Entry:
    _setup_only(entry, "check players in")
    if entry.status == Entry.Status.WITHDRAWN:
        raise TournamentError(f"{entry} has withdrawn; register them again to play.")
    entry.status = Entry.Status.CHECKED_IN
    entry.checked_in_at = timezone.now()
    entry.save(update_fields=["status", "checked_in_at"])
    return entry


@transaction.atomic
def entry_mark_no_show(*, entry: Entry) -> Entry:
    _setup_only(entry, "mark no-shows")
    entry.status = Entry.Status.NO_SHOW
    entry.checked_in_at = None
    entry.save(update_fields=["status", "checked_in_at"])
    return entry


@transaction.atomic
def entry_reset(*, entry: Entry) -> Entry:
    """Undo a check-in or a no-show before the start."""
    _setup_only(entry, "change check-in")
    entry.status = Entry.Status.REGISTERED
    entry.checked_in_at = None
    entry.save(update_fields=["status", "checked_in_at"])
    return entry


@transaction.atomic
def entry_set_seed(*, entry: Entry, seed: int | None) -> Entry:
    _setup_only(entry, "change seeds")
    if seed is not None and not 1 <= seed <= 999:
        raise TournamentError("A seed is a whole number from 1 to 999.")
    if (
        seed is not None
        and entry.tournament.entries.filter(seed=seed).exclude(pk=entry.pk).exists()
    ):
        raise TournamentError(f"Seed {seed} is already taken.")
    entry.seed = seed
    entry.save(update_fields=["seed"])
    return entry
