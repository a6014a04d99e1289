"""The helpers the kept pages share: bounded keys from the address, normalised requests."""

from django.test import RequestFactory

from people.page_cache import MAX_PAGE, page_asked, page_key, request_with, sort_asked


def test_only_known_sorts_are_asked_either_way():
    get = RequestFactory().get
    assert sort_asked(get("/?sort=-total"), {"total"}) == "-total"
    assert sort_asked(get("/?sort=__class__"), {"total"}) == ""
    assert sort_asked(get("/"), {"total"}) == ""


def test_a_page_is_a_plain_number_within_its_bounds():
    get = RequestFactory().get
    assert page_asked(get("/?page=3")) == 3
    assert page_asked(get("/?page=-1")) == 1
    assert page_asked(get("/?page=x")) == 1
    assert page_asked(get("/?page=999999999")) == MAX_PAGE
    assert page_asked(get("/?page=9"), last=4) == 4


def test_a_normalised_request_carries_only_what_is_given():
    request = RequestFactory().get("/?sort=total&page=2&x=<b>")
    copy = request_with(request, sort="total", page=1)
    assert copy.GET.urlencode() == "sort=total" and copy.path == request.path
    assert request.GET["x"] == "<b>"  # the request itself is untouched


def test_keys_are_short_and_follow_every_part():
    assert page_key("ladder", 1, "a") != page_key("ladder", 1, "b")
    assert len(page_key("ladder", "x" * 10_000)) < 60
