"""What the API registers at start-up (filled by the webhooks part)."""


def register() -> None:
    """Called from ApiConfig.ready()."""
