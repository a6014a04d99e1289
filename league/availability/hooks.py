"""What the availability capability registers at start-up (reply handlers, signal receivers)."""


def register() -> None:
    """Called from LeagueConfig.ready(): "IN 4821" answers the reminder's text."""
    from league.availability import text_replies

    text_replies.register()
