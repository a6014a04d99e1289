"""One account per email address, whatever its case, kept by the database.

Addresses two or more accounts shared are settled first: the address stays on the account
signed in to most recently (never signed in: the oldest) and is cleared on the others,
which keep everything else and can still sign in with their username and password. Each
clearing is printed, so whoever migrates can tell those people. Addresses are stored
lowercased from now on (forms and invitations already lowercase what people type).

Then a unique index on LOWER(email), for non-empty addresses: PostgreSQL and SQLite both
take it. `auth.User` is Django's model, so the index is SQL of this app, not a constraint
in the model's Meta.

A scorekeeper's invitation still waiting pointed at the event's control page, which a
scorekeeper may not open: it now points at the event's score entry.
"""

from collections import defaultdict

from django.db import migrations

INDEX = "accounts_user_email_ci_unique"


def settle_shared_addresses(apps, schema_editor):
    User = apps.get_model("auth", "User")
    groups = defaultdict(list)
    for user in User.objects.exclude(email="").only("pk", "email", "last_login", "username"):
        groups[user.email.strip().lower()].append(user)
    for address, users in groups.items():
        signed_in = [u for u in users if u.last_login is not None]
        signed_in.sort(key=lambda u: u.last_login, reverse=True)
        keeper = signed_in[0] if signed_in else min(users, key=lambda u: u.pk)
        for user in users:
            if user.pk == keeper.pk:
                if user.email != address:
                    User.objects.filter(pk=user.pk).update(email=address)
                continue
            User.objects.filter(pk=user.pk).update(email="")
            print(
                f"\n  accounts: {address} was shared; kept on {keeper.username!r}, "
                f"cleared from {user.username!r}",
                end="",
            )


def scorekeepers_land_on_score_entry(apps, schema_editor):
    Invitation = apps.get_model("accounts", "Invitation")
    for invitation in Invitation.objects.filter(
        kind="scorekeeper", state__in=["pending", "expired"], link_after__endswith="/manage/"
    ):
        invitation.link_after = invitation.link_after.removesuffix("/manage/") + "/scorekeeping/"
        invitation.save(update_fields=["link_after"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_throttle_counter"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(settle_shared_addresses, migrations.RunPython.noop),
        migrations.RunSQL(
            f"CREATE UNIQUE INDEX {INDEX} ON auth_user (LOWER(email)) WHERE email <> ''",
            f"DROP INDEX {INDEX}",
        ),
        migrations.RunPython(scorekeepers_land_on_score_entry, migrations.RunPython.noop),
    ]
