import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from accounts import permissions
from league.seasons.models import Player, RosterEntry


@pytest.mark.django_db
def test_load_demo_is_safe_to_run_twice_and_prints_every_account(capsys):
    call_command("load_demo")
    counts = (get_user_model().objects.count(), Player.objects.count(), RosterEntry.objects.count())
    call_command("load_demo")
    assert counts == (
        get_user_model().objects.count(),
        Player.objects.count(),
        RosterEntry.objects.count(),
    )
    out = capsys.readouterr().out
    for username in ("manager", "director", "captain", "player"):
        assert f"{username} / euchre-demo" in out


@pytest.mark.django_db
def test_each_demo_account_holds_its_role():
    call_command("load_demo")
    users = get_user_model().objects.in_bulk(
        ["manager", "director", "captain", "player"], field_name="username"
    )
    assert permissions.is_manager(users["manager"])
    assert permissions.is_director(users["director"])
    assert permissions.is_captain(users["captain"])
    assert permissions.role_names(users["player"]) == ["player"]
