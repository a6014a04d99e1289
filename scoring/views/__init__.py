"""Scoring views, split by audience: the card page, entry, actions, printing, rule sets."""
