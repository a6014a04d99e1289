"""Every form view answers whatever a person types: 2xx, 3xx or 4xx, never 500, and a refusal
changes nothing; every page answers whatever its address carries.

For each URL that takes a POST (from the permission matrix), a role allowed to use it posts
generated values into the fields of the forms that post there — found by reading the pages
that role can open — : empty, long, unicode, control characters, huge numbers, far dates,
wrong types. A 4xx answer, or a page that answers with an error message, must leave every
row as it was. Each post runs in a savepoint rolled back afterwards.

`FORM_EXAMPLES` (environment) sets the examples per URL: a few in `make test`, more when
hunting.
"""

import hashlib
import os
from typing import Any
from urllib.parse import urlparse

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.config.html_forms import FormField, HtmlForm, post_forms
from tests.config.permission_matrix import MATRIX, NA, TABLE_GAME_MATRIX, Entry
from tests.config.permission_world import World, build_world

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("FORM_EXAMPLES", "5"))
# Who posts: the first role the URL lets in, in this order.
PRIORITY = (
    "captain",
    "manager",
    "director",
    "scorekeeper",
    "player",
    "other_manager",
    "other_captain",
    "other_director",
    "expired_sub",
    "anonymous",
)
APPS = ("league", "scoring", "tournaments", "notices", "accounts", "activity", "auth")
VOLATILE = {"last_login"}  # set by signing in, not by the form
# Rows a refusal writes on purpose: the sign-in throttle counts every attempt, refused or not.
COUNTS_ATTEMPTS = {"ThrottleCounter"}
ERROR_MARKERS = ('class="errorlist', "message-error", 'role="alert"')

TODAY = timezone.localdate().isoformat()
NASTY = [
    "",
    " ",
    "\x00",
    "a\x00b",
    "Snow\r\nBcc: all@example.com",
    "\x1b[31m\x7f\x08",
    "😀" * 60,
    "\u202eevil\u202c",
    "Zoë Ünïcødé ﷽",
    "x" * 300,
    "y" * 5000,
    "-1",
    "0",
    "1e309",
    "NaN",
    "-Infinity",
    "9" * 40,
    "2147483648",
    "-9223372036854775809",
    "9999-12-31",
    "0001-01-01",
    "10000-01-01",
    "2030-02-30",
    "9999-12-31T23:59",
    "25:61",
    "abc",
    "[]",
    "{'a': 1}",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    '=HYPERLINK("http://example.com")',
    "999999999",
    "²",  # str.isdigit says yes, int() says no
    "1²",
    "١٢",  # int() reads Arabic-Indic digits
    "1_000",
]
# What pages read from their address: every name a view asks `request.GET` for, and more.
QUERY_NAMES = (
    "page", "week", "level", "copies", "date", "scope", "fixtures", "format", "export",
    "sort", "team", "venue", "status", "kind", "verb", "q", "per_page", "next", "flight",
)  # fmt: skip
QUERY_VALUES = ("²", "١٢", "\x00", "a\x00b", "9" * 40, "-1", "2030-02-30", "\u202e", "x" * 300)


def _valid(field: FormField) -> list[str]:
    """Values a person would plausibly send, so generated ones reach the deeper checks."""
    found = [option for option in field.options if option]
    if field.value:
        found.append(field.value)
    guess = {
        "date": TODAY,
        "datetime-local": f"{TODAY}T19:00",
        "time": "19:00",
        "number": "3",
        "email": "sam@example.com",
        "tel": "416 555 0123",
        "checkbox": "on",
    }.get(field.kind, "Sam Sample")
    return found or [guess]


def _value(field: FormField) -> st.SearchStrategy:
    valid = _valid(field)
    if field.kind == "file":
        return st.builds(
            lambda content: SimpleUploadedFile("upload.csv", content, "text/csv"),
            st.one_of(
                st.binary(max_size=600),
                st.sampled_from([b"team,player_name\nT1,Ann\n", "a,b\n\xe9\n".encode("cp1252")]),
            ),
        )
    if field.kind in ("hidden", "submit") or field.name == "action":
        # Mostly the value the page carries, so the post reaches its branch.
        return st.one_of(st.sampled_from(valid), st.sampled_from(valid), st.sampled_from(NASTY))
    return st.one_of(
        st.sampled_from(valid),
        st.sampled_from(NASTY),
        st.text(max_size=40),
        st.integers().map(str),
    )


def _payload(form: HtmlForm) -> st.SearchStrategy:
    """Each field sent with a generated value, or left out."""
    parts = {
        name: st.one_of(st.none(), _value(field), _value(field))
        for name, field in form.fields.items()
    }
    extra = st.dictionaries(st.sampled_from(["x", "id", "pk", "page"]), st.sampled_from(NASTY))
    return st.tuples(st.fixed_dictionaries(parts), extra).map(
        lambda pair: {k: v for k, v in {**pair[1], **pair[0]}.items() if v is not None}
    )


def _fingerprint() -> str:
    digest = hashlib.sha256()
    for label in APPS:
        for model in apps.get_app_config(label).get_models():
            if model.__name__ in COUNTS_ATTEMPTS:
                continue
            names = [f.attname for f in model._meta.concrete_fields if f.name not in VOLATILE]
            for row in model._default_manager.order_by("pk").values_list(*names):
                digest.update(repr(row).encode())
    return digest.hexdigest()


def _post_name(path: str) -> str | None:
    try:
        match = resolve(path)
    except Resolver404:
        return None
    return match.view_name


def _entries() -> dict[str, list[Entry]]:
    found: dict[str, list[Entry]] = {}
    for matrix in (MATRIX, TABLE_GAME_MATRIX):
        for name, entry in matrix.items():
            found.setdefault(name, []).append(entry)
    return found


def _role_for(entry: Entry) -> str | None:
    if entry.post is NA or not entry.post:
        return None
    return next(role for role in PRIORITY if role in entry.post)


POSTABLE = sorted(
    (name, index)
    for name, entries in _entries().items()
    for index, entry in enumerate(entries)
    if _role_for(entry) is not None
)


@pytest.fixture(scope="module")
def world(django_db_setup: Any, django_db_blocker: Any) -> Any:
    with django_db_blocker.unblock(), transaction.atomic():
        yield build_world()
        transaction.set_rollback(True)


_CATALOGUES: dict[int, dict] = {}


@pytest.fixture
def catalogue(world: World) -> dict[tuple[str, str], list[HtmlForm]]:
    """(role, URL name) → the forms that post there, read off every page the role opens.

    Read once per world, from inside a test so the test settings (static files) apply."""
    if id(world) not in _CATALOGUES:
        _CATALOGUES.clear()
        _CATALOGUES[id(world)] = _read_catalogue(world)
    return _CATALOGUES[id(world)]


GETTABLE = sorted(
    (name, index)
    for name, entries in _entries().items()
    for index, entry in enumerate(entries)
    if entry.get
)


@pytest.mark.parametrize(("name", "index"), GETTABLE)
def test_no_typed_address_makes_a_page_fail(world: World, name: str, index: int) -> None:
    """Whatever a query string carries (each name a page reads, as CSV too): never a 500."""
    entry = _entries()[name][index]
    role = next(role for role in PRIORITY if role in entry.get)
    path = reverse(name, kwargs=entry.kwargs(world))
    client = _client(world, role)
    # Each odd value in every name once; then all of them at once, as a CSV download.
    mixed = {key: QUERY_VALUES[i % len(QUERY_VALUES)] for i, key in enumerate(QUERY_NAMES)}
    tries = [dict.fromkeys(QUERY_NAMES, value) for value in QUERY_VALUES]
    for params in [*tries, {**mixed, "export": "csv"}]:
        with transaction.atomic():
            response = client.get(path, params)
            transaction.set_rollback(True)
        assert response.status_code < 500, f"{response.status_code} for {params!r} as {role}"


def _read_catalogue(world: World) -> dict[tuple[str, str], list[HtmlForm]]:
    found: dict[tuple[str, str], list[HtmlForm]] = {}
    for role in set(PRIORITY):
        client = _client(world, role)
        for name, entries in _entries().items():
            for entry in entries:
                if entry.get is NA or role not in entry.get:
                    continue
                path = reverse(name, kwargs=entry.kwargs(world))
                with transaction.atomic():
                    response = client.get(path)
                    transaction.set_rollback(True)
                if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                    continue
                for form in post_forms(response.content.decode()):
                    target = urlparse(form.action).path or path
                    form.action = target
                    target_name = _post_name(target)
                    if target_name is not None:
                        found.setdefault((role, target_name), []).append(form)
    return found


def _client(world: World, role: str) -> Client:
    client = Client()
    user = world.users[role]
    if user.is_authenticated:
        client.force_login(user)
    return client


@pytest.mark.parametrize(("name", "index"), POSTABLE)
def test_no_typed_value_makes_a_form_view_fail_or_a_refusal_change_anything(
    world: World, catalogue: dict, name: str, index: int
) -> None:
    entry = _entries()[name][index]
    role = _role_for(entry)
    path = reverse(name, kwargs=entry.kwargs(world))
    forms = [form for form in catalogue.get((role, name), []) if form.action == path]
    forms = forms or [HtmlForm(action=path)]
    client = _client(world, role)
    before = _fingerprint()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def post_anything(data: st.DataObject) -> None:
        form = data.draw(st.sampled_from(forms), label="form")
        payload = data.draw(_payload(form), label="payload")
        with transaction.atomic():
            response = client.post(path, payload)
            refused = 400 <= response.status_code < 500 or (
                response.status_code == 200
                and any(marker in response.content.decode() for marker in ERROR_MARKERS)
            )
            after = _fingerprint() if refused else before
            transaction.set_rollback(True)
        assert response.status_code < 500, f"{response.status_code} as {role}"
        assert after == before, f"{response.status_code} refused as {role} but changed rows"

    post_anything()
