"""The database guards what two people (or a double click) could otherwise do twice.

- One player per email address (case-insensitive, empty emails aside).
- A player is a regular on one team a season: roster entries carry their team's season.
- League names, season names within a league, skill level and team names within a season
  are unique whatever their case; a player subs at most once in a fixture.

Rows that already break a rule are repaired where that loses nothing: a later player with an
email already taken keeps their record but loses the email (the first holder keeps it), and a
later league, season, level or team with a taken name gets " (2)", " (3)"… appended. A player
on two teams of one season can't be repaired without a person deciding, so the migration
stops and lists them.
"""

from collections import defaultdict

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import F, OuterRef, Subquery


def _rename_duplicates(model, group_fields):
    """Within each group, names equal but for case get ' (2)', ' (3)'… after the first."""
    seen: dict[tuple, set[str]] = defaultdict(set)
    for row in model.objects.order_by("pk"):
        group = tuple(getattr(row, f) for f in group_fields)
        taken = seen[group]
        name, n = row.name, 2
        max_length = model._meta.get_field("name").max_length
        while name.casefold() in taken:
            suffix = f" ({n})"
            name, n = row.name[: max_length - len(suffix)] + suffix, n + 1
        taken.add(name.casefold())
        if name != row.name:
            model.objects.filter(pk=row.pk).update(name=name)


def _clear_duplicate_emails(Player):
    """The first player with an address keeps it (the one with a login, when there is one)."""
    holders: dict[str, int] = {}
    first_with_login = (F("user_id").asc(nulls_last=True), "pk")
    for player in Player.objects.exclude(email="").order_by(*first_with_login):
        key = player.email.lower()
        if key in holders:
            Player.objects.filter(pk=player.pk).update(email="")
        else:
            holders[key] = player.pk


def forwards(apps, schema_editor):
    Player = apps.get_model("league", "Player")
    RosterEntry = apps.get_model("league", "RosterEntry")
    Team = apps.get_model("league", "Team")
    RosterEntry.objects.update(
        season_id=Subquery(Team.objects.filter(pk=OuterRef("team_id")).values("season_id")[:1])
    )
    _clear_duplicate_emails(Player)
    _rename_duplicates(apps.get_model("league", "League"), [])
    _rename_duplicates(apps.get_model("league", "Season"), ["league_id"])
    _rename_duplicates(apps.get_model("league", "SkillLevel"), ["season_id"])
    _rename_duplicates(Team, ["season_id"])
    problems = []
    regulars = defaultdict(list)
    for entry in RosterEntry.objects.exclude(role="sub").select_related("team", "player"):
        regulars[(entry.player_id, entry.season_id)].append(entry)
    for entries in regulars.values():
        if len(entries) > 1:
            teams = ", ".join(sorted(e.team.name for e in entries))
            problems.append(f"{entries[0].player.name} (player {entries[0].player_id}): {teams}")
    subs = defaultdict(list)
    for entry in RosterEntry.objects.filter(fixture__isnull=False).select_related("player"):
        subs[(entry.player_id, entry.fixture_id)].append(entry)
    for (_player, fixture_id), entries in subs.items():
        if len(entries) > 1:
            problems.append(f"{entries[0].player.name} subs twice in fixture {fixture_id}")
    if problems:
        raise RuntimeError(
            "These players are regulars on more than one team of a season (or sub twice in "
            "one fixture); remove the extra roster entries, then migrate again:\n"
            + "\n".join(problems)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0008_who_published_and_created_moves_to_the_activity_log"),
    ]

    operations = [
        migrations.AddField(
            model_name="rosterentry",
            name="season",
            field=models.ForeignKey(
                null=True,
                editable=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="league.season",
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop, elidable=False),
    ]
