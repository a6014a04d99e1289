"""Reads below every app: selects whose SQL the ORM compiles once per process."""
