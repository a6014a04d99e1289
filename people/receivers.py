"""Ratings and game lines follow every confirmed, settled or corrected card."""


def connect() -> None:
    """Called from the app's ready()."""
