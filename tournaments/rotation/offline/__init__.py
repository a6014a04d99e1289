"""Offline generators of the stored tables in ``tournaments/rotation/tables``.

Each module is run once by hand (``python -m tournaments.rotation.offline.<name>``)
and writes a JSON table; the app only reads the JSON (``tournaments.rotation.stored``)
and the test suite checks every stored table from scratch. Nothing here runs in the app.
"""
