"""Where webhooks may point: https to public addresses only, never this site (no SSRF)."""

import socket

import pytest
from django.test import override_settings

from api.webhooks.urls_check import UrlRefused, check_url


def resolver(*addresses: str):
    """A getaddrinfo stand-in: the host resolves to `addresses` (no network)."""

    def resolve(host, port, family=0, kind=0, *rest):
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, kind, 6, "", (a, port))
            for a in addresses
        ]

    return resolve


def refused(url: str, *addresses: str, **kwargs) -> str:
    with pytest.raises(UrlRefused) as caught:
        check_url(url, resolve=resolver(*(addresses or ("93.184.216.34",))), **kwargs)
    return str(caught.value)


def test_a_public_https_url_passes_and_keeps_the_address_it_checked():
    target = check_url("https://hooks.example.org/in?x=1", resolve=resolver("93.184.216.34"))
    assert (target.scheme, target.host, target.port, target.path) == (
        "https",
        "hooks.example.org",
        443,
        "/in?x=1",
    )
    assert target.address == "93.184.216.34"


def test_it_refuses_plain_http_and_other_schemes():
    assert "https" in refused("http://hooks.example.org/")
    assert "https" in refused("ftp://hooks.example.org/")
    assert "https" in refused("file:///etc/passwd")
    assert "https" in refused("gopher://hooks.example.org/")


def test_it_refuses_empty_long_and_hostless_urls():
    assert "Give the URL" in refused("")
    assert "too long" in refused("https://example.org/" + "a" * 500)
    assert "needs a host" in refused("https:///path")
    assert "valid URL" in refused("https://example.org:99999/")


def test_it_refuses_credentials_in_the_url():
    assert "user name" in refused("https://user:pw@hooks.example.org/")


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("127.0.0.1", "loopback"),
        ("127.8.9.10", "loopback"),
        ("10.1.2.3", "private"),
        ("172.16.0.1", "private"),
        ("192.168.1.1", "private"),
        ("169.254.169.254", "link-local"),  # cloud metadata
        ("224.0.0.1", "multicast"),
        ("0.0.0.0", "unspecified"),
        ("240.0.0.1", "reserved"),
        ("100.64.0.1", "not a public"),  # carrier-grade NAT
        ("::1", "loopback"),
        ("fe80::1", "link-local"),
        ("fc00::1", "private"),
        ("ff02::1", "multicast"),
        ("::", "unspecified"),
        ("::ffff:127.0.0.1", "loopback"),  # IPv4-mapped
        ("::ffff:10.0.0.1", "private"),
    ],
)
def test_it_refuses_a_name_resolving_to_a_non_public_address(address, kind):
    assert kind in refused("https://hooks.example.org/", address)


def test_one_private_address_among_public_ones_is_enough_to_refuse():
    assert "private" in refused("https://hooks.example.org/", "93.184.216.34", "10.0.0.5")


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://127.0.0.1/", "loopback"),
        ("https://2130706433/", "loopback"),  # decimal
        ("https://0x7f000001/", "loopback"),  # hexadecimal
        ("https://0x7f.0.0.1/", "loopback"),
        ("https://0177.0.0.1/", "loopback"),  # octal
        ("https://127.1/", "loopback"),  # short form
        ("https://3232235777/", "private"),  # 192.168.1.1
        ("https://0xa9fea9fe/", "link-local"),  # 169.254.169.254
        ("https://[::1]/", "loopback"),
        ("https://[::ffff:7f00:1]/", "loopback"),
        ("https://[fd12:3456::1]:8443/", "private"),
        ("https://[fe80::1]/", "link-local"),
    ],
)
def test_it_refuses_literal_addresses_however_written(url, kind):
    # The resolver would say public: a literal is judged by what it spells.
    assert kind in refused(url, "93.184.216.34")


@override_settings(ALLOWED_HOSTS=["euchre.example.org", ".club.example.org"], SITE_URL="")
def test_it_refuses_this_sites_own_hosts():
    assert "this site" in refused("https://euchre.example.org/api/v1/")
    assert "this site" in refused("https://EUCHRE.example.org./x")
    assert "this site" in refused("https://a.club.example.org/")
    assert "this site" in refused(
        "https://elsewhere.example.net/", request_host="elsewhere.example.net:443"
    )


@override_settings(SITE_URL="https://site.example.org")
def test_it_refuses_the_site_url_host():
    assert "this site" in refused("https://site.example.org/hook")


def test_an_unknown_host_is_refused():
    def fails(*args):
        raise socket.gaierror("no such host")

    with pytest.raises(UrlRefused, match="can't be found"):
        check_url("https://nowhere.invalid/", resolve=fails)


@override_settings(WEBHOOK_ALLOW_HOSTS=["127.0.0.1"])
def test_the_allowed_hosts_setting_lets_a_local_receiver_through_over_http():
    target = check_url("http://127.0.0.1:8123/hook", resolve=resolver("127.0.0.1"))
    assert (target.scheme, target.address, target.port) == ("http", "127.0.0.1", 8123)
    assert "loopback" in refused("http://127.0.0.2/hook".replace("http", "https"))
    assert "https" in refused("http://localhost:8123/hook")


def test_the_form_refuses_with_the_reason_and_saves_nothing(db):
    from api.webhooks.forms import EndpointForm

    form = EndpointForm(
        {"url": "https://10.0.0.1/", "events": ["card_confirmed"], "format": "json"},
        kind="league",
    )
    assert not form.is_valid()
    assert "private" in form.errors["url"][0]
