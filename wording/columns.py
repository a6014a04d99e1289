"""A django-tables2 column for a date or datetime, written as everywhere else (wording.when)."""

from typing import Any

import django_tables2 as tables

from wording.when import when


class WhenColumn(tables.Column):
    """'Tue 8 Dec, 7:33 PM' for a datetime, 'Tue 8 Dec' for a date; the default when empty."""

    def render(self, value: Any) -> str:
        return when(value)
