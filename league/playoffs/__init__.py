"""Playoffs: seeding from the standings, best-of-3 series in single-elimination brackets."""
