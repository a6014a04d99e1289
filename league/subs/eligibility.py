"""Who may sub in a fixture: pure rules over plain data (no ORM)."""
