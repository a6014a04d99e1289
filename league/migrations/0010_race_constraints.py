"""The constraints themselves, once 0009 has filled the roster's season and repaired rows.

(A separate migration: PostgreSQL won't alter a table in the transaction that just updated
its foreign keys.)
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Q
from django.db.models.functions import Lower


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0009_roster_season_and_repairs"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="team", name="team_name_unique_in_season"),
        migrations.RemoveConstraint(model_name="skilllevel", name="skill_level_unique_in_season"),
        migrations.RemoveConstraint(model_name="rosterentry", name="roster_sub_once_per_fixture"),
        migrations.AlterField(
            model_name="rosterentry",
            name="season",
            field=models.ForeignKey(
                editable=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="league.season",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                Lower("email"),
                condition=~Q(email=""),
                name="player_email_unique",
                violation_error_message="A player with this email already exists.",
            ),
        ),
        migrations.AddConstraint(
            model_name="league",
            constraint=models.UniqueConstraint(
                Lower("name"),
                name="league_name_unique",
                violation_error_message="There is already a league with this name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.UniqueConstraint(
                models.F("league"),
                Lower("name"),
                name="season_name_unique_in_league",
                violation_error_message="The league already has a season with this name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="skilllevel",
            constraint=models.UniqueConstraint(
                models.F("season"),
                Lower("name"),
                name="skill_level_unique_in_season",
                violation_error_message="The season already has a skill level with this name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                models.F("season"),
                Lower("name"),
                name="team_name_unique_in_season",
                violation_error_message="The season already has a team with this name.",
            ),
        ),
        migrations.AddConstraint(
            model_name="rosterentry",
            constraint=models.UniqueConstraint(
                condition=Q(fixture__isnull=False),
                fields=("player", "fixture"),
                name="roster_sub_once_per_fixture",
            ),
        ),
        migrations.AddConstraint(
            model_name="rosterentry",
            constraint=models.UniqueConstraint(
                condition=~Q(role="sub"),
                fields=("player", "season"),
                name="roster_one_team_per_season",
                violation_error_message="A player plays for one team a season.",
            ),
        ),
    ]
