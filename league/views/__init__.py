"""League pages, split by audience: public, manage (managers), captain, feeds."""
