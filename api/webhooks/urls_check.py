"""Where a webhook may point: no server-side request forgery.

A URL is refused unless it is https (http only to the hosts of the WEBHOOK_ALLOW_HOSTS
setting, for a test's local receiver), carries no user name or password, names a host
other than this site's own, and every address its host resolves to is a public one (not
loopback, private, link-local, multicast, reserved or unspecified, in IPv4 or IPv6, and
however the address is written: 2130706433, 0x7f.1 and ::ffff:127.0.0.1 are loopback too).

The check runs when the URL is saved and again at each send, and the send connects to the
address this check resolved (`Target.address`), so a name that resolves elsewhere
between the check and the connection (DNS rebinding) can't steer it. Redirects are never
followed (api.webhooks.http).
"""

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import validate_host

URL_MAX = 500
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[..., list]


class UrlRefused(ValueError):
    """The URL may not receive webhooks; the message says why, for the form."""


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str  # as written (lower case), for the Host header and the TLS name
    port: int
    path: str  # path and query, at least "/"
    address: str  # the checked address the send connects to


def _literal(host: str) -> Address | None:
    """The address `host` spells, in any form a resolver would accept, or None for a name."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:  # the old forms inet_aton takes: 2130706433, 0x7f000001, 0177.0.0.1, 127.1
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def address_refusal(address: Address) -> str:
    """Why a webhook may not be sent to `address`, or "" when it is a public address."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address_refusal(address.ipv4_mapped)
    if address.is_loopback:
        return f"{address} is a loopback address (this machine)."
    if address.is_unspecified:
        return f"{address} is the unspecified address."
    if address.is_link_local:
        return f"{address} is a link-local address."
    if address.is_multicast:
        return f"{address} is a multicast address."
    if address.is_reserved:  # before private: Python counts 240.0.0.0/4 as both
        return f"{address} is a reserved address."
    if address.is_private:
        return f"{address} is a private network address."
    if not address.is_global:
        return f"{address} is not a public internet address."
    return ""


def own_hosts(request_host: str = "") -> list[str]:
    """This site's host patterns: ALLOWED_HOSTS (but "*"), SITE_URL's host, the request's."""
    hosts = [host.lower() for host in settings.ALLOWED_HOSTS if host != "*"]
    site = urlsplit(getattr(settings, "SITE_URL", "") or "").hostname
    for extra in (site, request_host.split(":")[0] if request_host else ""):
        if extra:
            hosts.append(extra.lower())
    return hosts


def check_url(
    url: str,
    *,
    request_host: str = "",
    resolve: Resolver | None = None,
) -> Target:
    """The target `url` names, or UrlRefused with the reason. Resolves the host (`resolve`
    has getaddrinfo's signature; tests pass their own)."""
    url = (url or "").strip()
    if not url:
        raise UrlRefused("Give the URL that should receive the webhooks.")
    if len(url) > URL_MAX:
        raise UrlRefused(f"The URL is too long (at most {URL_MAX} characters).")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise UrlRefused("That isn't a valid URL.") from None
    host = (parts.hostname or "").lower().rstrip(".")
    if not host:
        raise UrlRefused("The URL needs a host, as in https://example.org/hooks.")
    if parts.username is not None or parts.password is not None:
        raise UrlRefused("Leave the user name and password out of the URL.")
    allowed = {h.lower() for h in getattr(settings, "WEBHOOK_ALLOW_HOSTS", [])}
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http") or (scheme == "http" and host not in allowed):
        raise UrlRefused("Webhook URLs must start with https://.")
    port = port or (443 if scheme == "https" else 80)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    if host in allowed:  # the operator's explicit exception (a test's local receiver)
        literal = _literal(host)
        return Target(scheme, host, port, path, str(literal) if literal else host)
    if validate_host(host, own_hosts(request_host)):
        raise UrlRefused("A webhook can't point at this site itself.")
    literal = _literal(host)
    if literal is not None:
        addresses = [literal]
    else:
        addresses = _resolve(host, port, resolve or socket.getaddrinfo)
    for address in addresses:
        refusal = address_refusal(address)
        if refusal:
            raise UrlRefused(f"Webhooks are only sent to public addresses: {refusal}")
    return Target(scheme, host, port, path, str(addresses[0]))


def _resolve(host: str, port: int, resolve: Resolver) -> list[Address]:
    try:
        infos = resolve(host, port, 0, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise UrlRefused(f"The host {host} can't be found.") from None
    addresses: list[Address] = []
    for info in infos:
        try:
            address = ipaddress.ip_address(info[4][0].split("%")[0])
        except ValueError:
            continue
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise UrlRefused(f"The host {host} can't be found.")
    return addresses


def url_refusal(url: str, *, request_host: str = "") -> str:
    """The reason `url` is refused, or "" (for forms)."""
    try:
        check_url(url, request_host=request_host)
    except UrlRefused as refused:
        return str(refused)
    return ""
