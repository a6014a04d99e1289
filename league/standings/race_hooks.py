"""What the race (clinch and elimination) registers at start-up: its signal receivers."""


def register() -> None:
    """Called from LeagueConfig.ready()."""
