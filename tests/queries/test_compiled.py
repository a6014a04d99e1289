"""Queries compiled once per process: the same answers as the queryset, for any values."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from queries.compiled import CompiledQuery

pytestmark = pytest.mark.django_db

COLUMNS = ("id", "username", "is_active", "date_joined", "last_login")


def _by_names(first: str, last: str):
    return User.objects.filter(first_name=first, last_name=last).order_by("id")


def test_rows_are_what_the_values_list_gives_converted_as_the_orm_converts():
    joined = timezone.now() - datetime.timedelta(days=3)
    User.objects.create(username="ada", first_name="Ada", last_name="Byron", date_joined=joined)
    User.objects.create(username="off", first_name="Ada", last_name="Byron", is_active=False)
    query = CompiledQuery(lambda f, la: _by_names(f, la).values_list(*COLUMNS), "\x00f", "\x00l")
    rows = query.rows("Ada", "Byron")
    assert rows == [list(row) for row in _by_names("Ada", "Byron").values_list(*COLUMNS)]
    assert rows[0][2] is True and rows[1][2] is False  # booleans, not SQLite's 1 and 0
    assert rows[0][3] == joined and rows[0][3].tzinfo is not None


def test_each_value_takes_its_own_markers_place():
    User.objects.create(username="ab", first_name="A", last_name="B")
    User.objects.create(username="ba", first_name="B", last_name="A")
    query = CompiledQuery(lambda f, la: _by_names(f, la).values_list("username"), "\x00f", "\x00l")
    assert query.rows("A", "B") == [["ab"]] and query.rows("B", "A") == [["ba"]]
    assert query.rows("C", "D") == []


def test_the_query_is_built_once_and_each_read_is_one_query(django_assert_num_queries):
    built = []

    def build(username: str):
        built.append(username)
        return User.objects.filter(username=username)

    query = CompiledQuery(build, "\x00username")
    User.objects.create(username="first")
    User.objects.create(username="second")
    with django_assert_num_queries(2):
        assert [user.username for user in query.instances("first")] == ["first"]
        assert [user.username for user in query.instances("second")] == ["second"]
    assert built == ["\x00username"]


def test_instances_are_the_models_the_queryset_gives_and_save_normally():
    User.objects.create(username="kept", email="kept@example.org")
    query = CompiledQuery(lambda pk: User.objects.filter(pk=pk), -(2**30))  # in int range
    (user,) = query.instances(User.objects.get().pk)
    assert isinstance(user, User) and user.email == "kept@example.org"
    user.email = "moved@example.org"
    user.save()
    assert User.objects.get().email == "moved@example.org"


def test_a_lookup_that_rewrites_its_value_is_refused_when_compiled():
    query = CompiledQuery(lambda name: User.objects.filter(username__icontains=name), "\x00n")
    with pytest.raises(ValueError, match="every marker"):
        query.rows("someone")


def test_the_wrong_number_of_values_is_refused():
    query = CompiledQuery(lambda name: User.objects.filter(username=name), "\x00n")
    with pytest.raises(TypeError, match="1 values expected, 2 given"):
        query.rows("one", "two")
