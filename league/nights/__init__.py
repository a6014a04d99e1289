"""League nights: fixtures' results, forfeits and their escalation, reschedules."""
