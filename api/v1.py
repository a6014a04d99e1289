"""The API's version 1: one NinjaAPI whose routers each part adds (see api/urls.py).

django-ninja over Django REST framework: the schema is generated from the type hints the
endpoints already carry (pydantic), it serves its OpenAPI 3 document and a vendored viewer
from this site's static files, and it adds no second permissions or serializer layer to
keep in step with the services the pages use.
"""

from ninja import NinjaAPI

api = NinjaAPI(
    title="Euchre League API",
    version="1",
    urls_namespace="api_v1",
    description=(
        "Leagues, seasons, schedules, results, standings, playoffs, tournaments and "
        "leaderboards; writes with a personal access token."
    ),
)
