"""Demo league data: a CCA-style league whose demo captain and player share a team."""

from django.contrib.auth import get_user_model

from league.models import League, Player, RosterEntry, Season, Team


def load() -> list[str]:
    users = get_user_model().objects.in_bulk(["captain", "player"], field_name="username")
    league, _ = League.objects.get_or_create(
        slug="cca",
        defaults={"name": "CCA Euchre League", "description": "Weekly three-game team euchre."},
    )
    season, _ = Season.objects.get_or_create(
        league=league, slug="fall-2026", defaults={"name": "Fall 2026"}
    )
    team, _ = Team.objects.get_or_create(season=season, name="Left Bowers")
    for username, name, role in (
        ("captain", "Casey Captain", RosterEntry.Role.CAPTAIN),
        ("player", "Pat Player", RosterEntry.Role.PLAYER),
    ):
        player, _ = Player.objects.update_or_create(
            user=users[username], defaults={"name": name, "email": f"{username}@example.com"}
        )
        RosterEntry.objects.update_or_create(team=team, player=player, defaults={"role": role})
    return [f"  league {league.name}, season {season.name}"]
