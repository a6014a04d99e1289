"""Django's admin finds this module; each capability registers its own models."""

from league.nights import admin as nights_admin  # noqa: F401
from league.playoffs import admin as playoffs_admin  # noqa: F401
from league.seasons import admin as seasons_admin  # noqa: F401
from league.standings import admin as standings_admin  # noqa: F401
