"""The API's version 1: one NinjaAPI whose routers each part adds (see api/urls.py).

django-ninja over Django REST framework: the schema is generated from the type hints the
endpoints already carry (pydantic), it serves its OpenAPI 3 document and a vendored viewer
from this site's static files, and it adds no second permissions or serializer layer to
keep in step with the services the pages use.
"""

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe
from ninja import NinjaAPI
from ninja.errors import ValidationError

from api.errors import invalid_body

api = NinjaAPI(
    title="Euchre League API",
    version="1",
    urls_namespace="api_v1",
    # The schema and its viewer are read, never posted to: anything but GET/HEAD is a 405.
    docs_decorator=require_safe,
    description=(
        "Leagues, seasons, schedules, results, standings, playoffs, tournaments and "
        "leaderboards; writes with a personal access token."
    ),
)


@api.exception_handler(ValidationError)
def invalid_request(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """A 422 saying in a sentence what the schema refused (`api.errors`), the list kept."""
    return api.create_response(request, invalid_body(exc.errors), status=422)


api.add_router("", "api.writes.router")  # token writes: card submit/confirm, table scores
api.add_router("/leagues", "api.read.leagues.router")  # leagues, seasons, teams, schedule
api.add_router("/leagues", "api.read.standings.router")  # standings (published, live), playoffs
api.add_router("/tournaments", "api.read.tournaments.router")  # events, rounds, leaderboards
api.add_router("/tournaments", "api.read.brackets.router")  # brackets and heats
api.add_router("/people", "api.read.people.router")  # profiles and ratings
api.add_router("/ladders", "api.read.people.ladders")  # season ladders
