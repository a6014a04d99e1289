"""Reads for merging duplicates: pairs that look like one person, past merges, typed names.

Candidates come from a fixed number of queries whatever the number of players: every
player a user is staff for with their account's email and phone, and the contact details
given on their event entries, then pairs are found in memory.
"""

import re
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from django.db.models import Q, QuerySet

from accounts.permissions import directed_tournament_ids, is_site_admin, managed_league_ids
from accounts.phones import normalise_phone
from league.models import Player, RosterEntry
from people.access import staff_player_ids_query, staff_players
from people.models import PlayerMerge
from tournaments.models import Entry, Tournament

# A name shared by more records than this is common, not a sign (and pairs grow as n²).
NAME_GROUP_MAX = 6
HOPS_MAX = 20


def live_player_id(player_id: int) -> int:
    """The record a player id stands for now: a merged-away one's kept record, followed
    to the end (a profile page redirects there)."""
    current, seen = player_id, set()
    while current not in seen and len(seen) < HOPS_MAX:
        seen.add(current)
        nxt = Player.objects.filter(pk=current).values_list("merged_into_id", flat=True).first()
        if nxt is None:
            return current
        current = nxt
    return current


def name_key(name: str) -> str:
    """Names compared without case, punctuation or extra spaces ("Pat  O'Neil." ~ "pat oneil")."""
    return " ".join(re.sub(r"[^\w\s]", "", name.casefold()).split())


@dataclass
class Candidate:
    first: Player
    second: Player
    reasons: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return pair_key(self.first.pk, self.second.pk)

    @property
    def both_have_accounts(self) -> bool:
        return bool(self.first.user_id and self.second.user_id)


@dataclass
class Candidates:
    strong: list[Candidate]  # the same email or phone
    by_name: list[Candidate]  # only the same name: a weaker sign


def pair_key(a: int, b: int) -> str:
    low, high = sorted((a, b))
    return f"{low}-{high}"


def _identities(players: list[Player]) -> dict[tuple[str, str], set[int]]:
    """(kind, value) → the players it was recorded for: emails and phones of the player,
    of their account, and given on their event entries."""
    found: dict[tuple[str, str], set[int]] = defaultdict(set)

    def note(kind: str, value: str, player_id: int) -> None:
        value = value.strip().lower() if kind == "email" else normalise_phone(value)
        if value:
            found[(kind, value)].add(player_id)

    for p in players:
        note("email", p.email, p.pk)
        note("phone", p.phone, p.pk)
        if p.user_id:
            note("email", p.user.email, p.pk)
            phone = getattr(p.user, "account_phone", None)
            if phone is not None:
                note("phone", phone.number, p.pk)
    entries = (
        Entry.objects.filter(player__in=[p.pk for p in players])
        .filter(~Q(email="") | ~Q(phone=""))
        .values_list("player_id", "email", "phone")
    )
    for player_id, email, phone in entries:
        note("email", email, player_id)
        note("phone", phone, player_id)
    return found


WHY = {"email": "same email {value}", "phone": "same phone {value}"}


def merge_candidates(user: Any, *, dismissed: frozenset[str] = frozenset()) -> Candidates:
    """Pairs of live records this user is staff for (both) that look like one person."""
    query = staff_player_ids_query(user)
    if query is None:
        return Candidates([], [])
    players = list(
        Player.objects.filter(query, merged_into=None)
        .select_related("user__account_phone")
        .order_by("pk")
    )
    by_id = {p.pk: p for p in players}
    pairs: dict[tuple[int, int], Candidate] = {}
    for (kind, value), ids in sorted(_identities(players).items()):
        for a, b in combinations(sorted(ids), 2):
            candidate = pairs.setdefault((a, b), Candidate(by_id[a], by_id[b]))
            candidate.reasons.append(WHY[kind].format(value=value))
    names: dict[str, list[int]] = defaultdict(list)
    for p in players:
        if name_key(p.name):
            names[name_key(p.name)].append(p.pk)
    by_name = [
        Candidate(by_id[a], by_id[b], ["same name"])
        for ids in names.values()
        if len(ids) <= NAME_GROUP_MAX
        for a, b in combinations(ids, 2)
        if (a, b) not in pairs
    ]
    strong = [c for c in pairs.values() if c.key not in dismissed]
    return Candidates(strong, [c for c in by_name if c.key not in dismissed])


def past_merges(user: Any, *, limit: int = 50) -> QuerySet[PlayerMerge]:
    """Merges of records this user is staff for (or made), newest first."""
    rows = PlayerMerge.objects.select_related("kept", "merged", "merged_by", "undone_by")
    if is_site_admin(user):
        return rows[:limit]
    query = staff_player_ids_query(user)
    if query is None:
        return rows.none()
    staff = Player.objects.filter(query).values("pk")
    return rows.filter(Q(kept__in=staff) | Q(merged__in=staff) | Q(merged_by=user))[:limit]


def _moved_rosters(merge: PlayerMerge) -> list[int]:
    return merge.moved.get("league.RosterEntry.player", [])


def _moved_entries(merge: PlayerMerge) -> list[int]:
    moved = merge.moved
    return [*moved.get("tournaments.Entry.player", []), *moved.get("tournaments.Entry.partner", [])]


def undoable_merge_ids(actor: Any, merges: list[PlayerMerge]) -> set[int]:
    """The live merges this user may undo: a site admin, or staff of the kept record who
    were staff of the duplicate — the one who merged, or staff of a league or event whose
    rows the merge moved. Three queries however many merges."""
    live = [merge for merge in merges if merge.is_live]
    if is_site_admin(actor):
        return {merge.pk for merge in live}
    query = staff_player_ids_query(actor)
    if query is None or not live:
        return set()
    staff_kept = set(
        Player.objects.filter(query, pk__in=[m.kept_id for m in live]).values_list("pk", flat=True)
    )
    rosters = set(
        RosterEntry.objects.filter(
            pk__in=[pk for m in live for pk in _moved_rosters(m)],
            season__league_id__in=managed_league_ids(actor),
        ).values_list("pk", flat=True)
    )
    entries = set(
        Entry.objects.filter(
            pk__in=[pk for m in live for pk in _moved_entries(m)],
            tournament_id__in=directed_tournament_ids(actor),
        ).values_list("pk", flat=True)
    )
    return {
        merge.pk
        for merge in live
        if merge.kept_id in staff_kept
        and (
            merge.merged_by_id == getattr(actor, "pk", None)
            or rosters.intersection(_moved_rosters(merge))
            or entries.intersection(_moved_entries(merge))
        )
    }


def merge_undo_allowed(actor: Any, merge: PlayerMerge) -> bool:
    return merge.pk in undoable_merge_ids(actor, [merge])


# --- typed names at an event -----------------------------------------------------------


@dataclass
class EntryMatch:
    typed: Player  # the record made when the name was typed
    entry: Entry
    matches: list[Player]  # existing records with the same name


def _bare(player_ids: set[int], tournament: Tournament) -> set[int]:
    """Records with nothing but this event: no contact, account, roster or other entry."""
    other = Entry.objects.exclude(tournament=tournament)
    busy = (
        set(RosterEntry.objects.filter(player__in=player_ids).values_list("player_id", flat=True))
        | set(other.filter(player__in=player_ids).values_list("player_id", flat=True))
        | set(other.filter(partner__in=player_ids).values_list("partner_id", flat=True))
    )
    return player_ids - busy


def entry_matches(
    user: Any, tournament: Tournament, *, dismissed: frozenset[str] = frozenset()
) -> list[EntryMatch]:
    """The event's typed names that match a record this director already knows."""
    entries = list(tournament.entries.select_related("player", "partner").order_by("number"))
    typed: dict[int, tuple[Player, Entry]] = {}
    for entry in entries:
        for player in (entry.player, entry.partner):
            if player and not (player.email or player.phone or player.user_id):
                typed[player.pk] = (player, entry)
    bare = _bare(set(typed), tournament)
    keys = {name_key(typed[pk][0].name) for pk in bare} - {""}
    if not keys:
        return []
    words = Q()
    for key in keys:
        words |= Q(name__icontains=key.split()[-1])
    known: dict[str, list[Player]] = defaultdict(list)
    for player in staff_players(user).filter(words, merged_into=None).order_by("name", "pk"):
        known[name_key(player.name)].append(player)
    entered = {p.pk for entry in entries for p in (entry.player, entry.partner) if p}
    found = []
    for pk in sorted(bare, key=lambda pk: typed[pk][1].number):
        player, entry = typed[pk]
        matches = [
            other
            for other in known.get(name_key(player.name), [])
            if other.pk not in entered and pair_key(pk, other.pk) not in dismissed
        ]
        if matches:
            found.append(EntryMatch(player, entry, matches))
    return found
