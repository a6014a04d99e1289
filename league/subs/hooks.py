"""What the subs capability registers at start-up (reply handlers, signal receivers)."""


def register() -> None:
    """Called from LeagueConfig.ready()."""
