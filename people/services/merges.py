"""Merging two player records of one person, and undoing it.

Every row that points at the duplicate (`merged`) is re-pointed at the record kept, and
the ids of the rows moved are written on the `PlayerMerge`, so an undo puts exactly those
rows back. The relations are read from the model graph (every ForeignKey and OneToOne to
`league.Player`), so a new app's rows move without a change here.
"""

from typing import Any

from django.apps import apps
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from accounts.permissions import directed_tournament_ids, is_site_admin, managed_league_ids
from activity.models import Scope, Verb
from activity.services import activity_record
from league.models import Player, RosterEntry
from people.access import is_staff_for_player
from people.models import GameLine, PlayerMerge
from people.selectors.merges import merge_undo_allowed
from people.services.ratings import players_rerate
from scoring.models import GameSeat
from tournaments.models import Entry


class MergeRefused(ValueError):
    """A merge or an undo that can't be done; the message says why. Nothing changed."""


# Rows that are one per person and thing (a waiver per season, a rating per player): when
# the kept record has its own, the duplicate's stays where it is (the kept one's counts).
ONE_PER_PERSON: dict[str, tuple[str, ...]] = {
    "league.Waiver.player": ("season_id",),
    "notices.Subscription.player": ("league_id",),
    "notices.NoticePreference.player": ("kind",),
}
# Relations a merge never moves as rows: the merge rows themselves, and earlier merges into
# the duplicate (re-pointed on their own, see _move_rows).
SKIPPED = frozenset(
    {"people.PlayerMerge.kept", "people.PlayerMerge.merged", "league.Player.merged_into"}
)
CONTACT_FIELDS = ("email", "phone", "user_id")


def _key(field: models.Field) -> str:
    return f"{field.model._meta.label}.{field.name}"


def _relations() -> list[models.Field]:
    """Every ForeignKey / OneToOne pointing at Player, hidden ones (related_name="+")
    included; the many-to-many goes through one of them."""
    return [
        field
        for model in apps.get_models()
        for field in model._meta.local_fields
        if field.is_relation
        and field.related_model is Player
        and (field.many_to_one or field.one_to_one)
        and _key(field) not in SKIPPED
    ]


def _field_for(key: str) -> models.Field | None:
    return next((field for field in _relations() if _key(field) == key), None)


# --- refusals --------------------------------------------------------------------------


def _same_game(kept: Player, merged: Player) -> str | None:
    # Seats where they were kept; a game's lines also where only the sides were.
    for model in (GameSeat, GameLine):
        shared = (
            model.objects.filter(player=kept)
            .filter(game__in=model.objects.filter(player=merged).values("game"))
            .select_related("game")
            .first()
        )
        if shared is not None:
            return f"{kept.name} and {merged.name} played in the same game ({shared.game.label})"
    return None


def _same_season(kept: Player, merged: Player) -> str | None:
    # Two roster places in one season would break "one team a season", and two on the
    # teams of one fixture played each other: either way they are two people.
    shared = (
        RosterEntry.objects.filter(player=kept)
        .filter(season__in=RosterEntry.objects.filter(player=merged).values("season"))
        .select_related("season")
        .first()
    )
    if shared is not None:
        return f"{kept.name} and {merged.name} are both on rosters of {shared.season.name}"
    return None


def _same_event(kept: Player, merged: Player) -> str | None:
    mine = models.Q(player=kept) | models.Q(partner=kept)
    theirs = Entry.objects.filter(models.Q(player=merged) | models.Q(partner=merged))
    shared = (
        Entry.objects.filter(mine, tournament__in=theirs.values("tournament"))
        .select_related("tournament")
        .first()
    )
    if shared is not None:
        return f"{kept.name} and {merged.name} are both entered in {shared.tournament.name}"
    return None


def _refusal(actor: Any, kept: Player, merged: Player) -> str | None:
    if kept.pk == merged.pk:
        return "Pick two different player records."
    for player in (kept, merged):
        if player.merged_into_id is not None:
            return f"{player.name} (#{player.pk}) is already merged into another record."
    if not (is_staff_for_player(actor, kept) and is_staff_for_player(actor, merged)):
        return "You can merge only players of your own leagues and events (both of them)."
    if kept.user_id and merged.user_id:
        return (
            f"{kept.name} and {merged.name} both have an account: two accounts can't become "
            "one here. Ask one of them to stop using theirs, or a site admin to remove it."
        )
    for check in (_same_game, _same_season, _same_event):
        reason = check(kept, merged)
        if reason:
            return f"{reason}: they look like two people, so nothing was merged."
    return None


# --- moving rows -----------------------------------------------------------------------


def _left_behind(field: models.Field, kept: Player, merged: Player) -> list[int]:
    """The duplicate's rows that the kept record already has one of (see ONE_PER_PERSON)."""
    model, name = field.model, field.name
    if field.one_to_one:
        return (
            list(model.objects.filter(**{name: merged}).values_list("pk", flat=True))
            if model.objects.filter(**{name: kept}).exists()
            else []
        )
    others = ONE_PER_PERSON.get(_key(field))
    if not others:
        return []
    had = set(model.objects.filter(**{name: kept}).values_list(*others))
    return [
        row[0]
        for row in model.objects.filter(**{name: merged}).values_list("pk", *others)
        if tuple(row[1:]) in had
    ]


def _repoint(field: models.Field, ids: list[int], source: Player, target: Player) -> int:
    """Move these rows from `source` to `target`; a constraint refuses with a message."""
    try:
        with transaction.atomic():
            return field.model.objects.filter(pk__in=ids, **{field.name: source}).update(
                **{field.name: target}
            )
    except IntegrityError:
        raise MergeRefused(
            f"Moving {field.model._meta.verbose_name_plural} between {source.name} and "
            f"{target.name} would break one of their rules, so nothing was changed."
        ) from None


def _move_rows(kept: Player, merged: Player) -> dict[str, list[int]]:
    moved: dict[str, list[int]] = {}
    for field in _relations():
        rows = field.model.objects.filter(**{field.name: merged})
        ids = sorted(
            set(rows.values_list("pk", flat=True)) - set(_left_behind(field, kept, merged))
        )
        if ids:
            _repoint(field, ids, merged, kept)
            moved[_key(field)] = ids
    # Records merged into the duplicate earlier now point straight at the kept one.
    earlier = list(Player.objects.filter(merged_into=merged).values_list("pk", flat=True))
    if earlier:
        Player.objects.filter(pk__in=earlier).update(merged_into=kept)
        moved["league.Player.merged_into"] = sorted(earlier)
    return moved


def _copy_contact(kept: Player, merged: Player) -> dict[str, Any]:
    """Email, phone and account the kept record lacks come from the duplicate.

    Cleared from the duplicate first: an email is unique across players, an account has
    one player."""
    copied = {
        field: getattr(merged, field)
        for field in CONTACT_FIELDS
        if getattr(merged, field) and not getattr(kept, field)
    }
    if copied:
        Player.objects.filter(pk=merged.pk).update(
            **{field: None if field == "user_id" else "" for field in copied}
        )
        Player.objects.filter(pk=kept.pk).update(**copied)
    return copied


# --- activity and ratings --------------------------------------------------------------


def _scope(actor: Any, moved: dict[str, list[int]]) -> tuple[str, int | None]:
    """The log of a league or event the merge touched and the actor runs (else the site)."""
    rosters = moved.get("league.RosterEntry.player", [])
    leagues = RosterEntry.objects.filter(pk__in=rosters).values_list("season__league_id", flat=True)
    entries = [
        *moved.get("tournaments.Entry.player", []),
        *moved.get("tournaments.Entry.partner", []),
    ]
    events = Entry.objects.filter(pk__in=entries).values_list("tournament_id", flat=True)
    admin = is_site_admin(actor)
    for league_id in leagues:
        if admin or league_id in managed_league_ids(actor):
            return Scope.LEAGUE, league_id
    for event_id in events:
        if admin or event_id in directed_tournament_ids(actor):
            return Scope.TOURNAMENT, event_id
    return Scope.SITE, None


def _rerate(kept: Player, merged: Player) -> None:
    """Lines and ratings follow the games each record holds now (in this transaction)."""
    players_rerate(player_ids=[kept.pk, merged.pk])


def _locked(*players: Player) -> dict[int, Player]:
    """Both records, locked in id order so two merges of the pair wait for each other."""
    ids = sorted({player.pk for player in players})
    return {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=ids).order_by("pk")}


def _count(moved: dict[str, list[int]]) -> int:
    return sum(len(ids) for ids in moved.values())


# --- the services ----------------------------------------------------------------------


@transaction.atomic
def player_merge(*, actor: Any, kept: Player, merged: Player, reason: str = "") -> PlayerMerge:
    """Make `merged` part of `kept`: its rows move, its contact fills the gaps, it's hidden.

    The same merge asked twice (a double click) answers with the first one."""
    players = _locked(kept, merged)
    if len(players) < 2 and kept.pk != merged.pk:
        raise MergeRefused("One of these players no longer exists.")
    kept, merged = players.get(kept.pk, kept), players.get(merged.pk, merged)
    if merged.merged_into_id == kept.pk and is_staff_for_player(actor, kept):
        existing = PlayerMerge.objects.filter(kept=kept, merged=merged, undone_at=None).first()
        if existing is not None:
            return existing
    refusal = _refusal(actor, kept, merged)
    if refusal:
        raise MergeRefused(refusal)
    moved = _move_rows(kept, merged)
    copied = _copy_contact(kept, merged)
    Player.objects.filter(pk=merged.pk).update(merged_into=kept)
    try:
        with transaction.atomic():
            merge = PlayerMerge.objects.create(
                kept=kept,
                merged=merged,
                moved=moved,
                copied=copied,
                reason=reason.strip()[:200],
                merged_by=actor,
            )
    except IntegrityError:  # another merge of this record won the race (no row lock: SQLite)
        raise MergeRefused(f"{merged.name} was merged a moment ago; reload the page.") from None
    scope_kind, scope_id = _scope(actor, moved)
    activity_record(
        actor=actor,
        verb=Verb.PLAYERS_MERGED,
        target=kept,
        scope_kind=scope_kind,
        scope_id=scope_id,
        label=f"{merged.name} (#{merged.pk}) into {kept.name} (#{kept.pk})",
        detail=f"{_count(moved)} rows moved" + (f"; {merge.reason}" if merge.reason else ""),
    )
    _rerate(kept, merged)
    return merge


def _restore_contact(merge: PlayerMerge, kept: Player, merged: Player) -> None:
    back = {field: value for field, value in merge.copied.items() if getattr(kept, field) == value}
    if back:
        Player.objects.filter(pk=kept.pk).update(
            **{field: None if field == "user_id" else "" for field in back}
        )
        try:
            with transaction.atomic():
                Player.objects.filter(pk=merged.pk).update(**back)
        except IntegrityError:
            raise MergeRefused(
                f"{merged.name}'s email now belongs to another player, so the merge can't be "
                "undone; change that player's email first."
            ) from None


@transaction.atomic
def player_merge_undo(*, actor: Any, merge: PlayerMerge) -> PlayerMerge:
    """Put back every row the merge moved, and the contact details it copied."""
    merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
    players = _locked(merge.kept, merge.merged)
    kept, merged = players[merge.kept_id], players[merge.merged_id]
    if merge.undone_at is not None:
        raise MergeRefused(f"This merge was already undone on {merge.undone_at:%Y-%m-%d}.")
    if kept.merged_into_id is not None:
        raise MergeRefused(
            f"{kept.name} has since been merged into another record: undo that merge first."
        )
    if not merge_undo_allowed(actor, merge):
        raise MergeRefused("You can undo only merges of players of your own leagues and events.")
    for key, ids in merge.moved.items():
        if key == "league.Player.merged_into":
            Player.objects.filter(pk__in=ids, merged_into=kept).update(merged_into=merged)
            continue
        field = _field_for(key)
        if field is not None:  # rows deleted since simply stay gone
            _repoint(field, ids, kept, merged)
    _restore_contact(merge, kept, merged)
    Player.objects.filter(pk=merged.pk).update(merged_into=None)
    merge.undone_by, merge.undone_at = actor, timezone.now()
    merge.save(update_fields=["undone_by", "undone_at"])
    scope_kind, scope_id = _scope(actor, merge.moved)
    activity_record(
        actor=actor,
        verb=Verb.PLAYER_MERGE_UNDONE,
        target=merged,
        scope_kind=scope_kind,
        scope_id=scope_id,
        label=f"{merged.name} (#{merged.pk}) apart from {kept.name} (#{kept.pk})",
    )
    _rerate(kept, merged)
    return merge
