"""The sub finder: a season's list of subs, a captain's request for one fixture, and the
first yes that fills it."""
