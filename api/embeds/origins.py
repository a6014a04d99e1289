"""What a site allowed to frame the embeds is written as: an origin, one way.

A `frame-ancestors` source may be much more than an origin (wildcards, `'self'`, schemes
alone, paths): a staff member types the address of the club's site, and only a plain
origin (http or https, a host, a port when it isn't the scheme's own) is kept. Anything
else is refused with a message rather than guessed at, since a lax source (`*`, `https:`)
would let every site frame the page.
"""

import re
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError

MAX_LENGTH = 200  # EmbedOrigin.origin
DEFAULT_PORTS = {"http": 80, "https": 443}
# A host name's labels (after IDNA), an IPv4 address, or a bracketed IPv6 address.
_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_IPV6 = re.compile(r"^\[[0-9a-f:.]+\]$")
# Characters that end or widen a CSP source list; never part of an origin.
_REFUSED_CHARACTERS = set("*'\";, \t\r\n\\")


def origin_normalised(text: str) -> str:
    """`text` as an origin ("https://club.example.org", "http://127.0.0.1:8123"), or a
    `ValidationError` saying what's wrong with it."""
    text = (text or "").strip()
    if not text:
        raise ValidationError("Enter the address of the site, e.g. https://club.example.org.")
    if len(text) > MAX_LENGTH:
        raise ValidationError(f"Keep the address to {MAX_LENGTH} characters.")
    if "*" in text:
        raise ValidationError("Wildcards (*) are not allowed: list each site by its address.")
    if text.lower().strip("'") == "self":
        raise ValidationError("This site frames its own pages already: list the club's site.")
    if _REFUSED_CHARACTERS & set(text) or not text.isprintable():
        raise ValidationError("Enter one address, without quotes, spaces or commas.")
    scheme, _, rest = text.partition("://")
    scheme = scheme.lower()
    if not rest or scheme not in DEFAULT_PORTS:
        raise ValidationError("The address must start with https:// (or http://).")
    parts = urlsplit(f"{scheme}://{rest}")
    if parts.path not in ("", "/") or parts.query or parts.fragment or text.endswith(("?", "#")):
        raise ValidationError(
            "Enter the site's origin only, without a path: e.g. https://club.example.org."
        )
    if "@" in parts.netloc:
        raise ValidationError("The address can't carry a user name or password.")
    try:
        port = parts.port
    except ValueError:
        raise ValidationError("The port must be a number from 1 to 65535.") from None
    if port == 0:
        raise ValidationError("The port must be a number from 1 to 65535.")
    host = _host(parts.hostname or "", parts.netloc)
    if port is None or port == DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def _host(hostname: str, netloc: str) -> str:
    if netloc.startswith("["):
        host = netloc.rsplit("]", 1)[0].lower() + "]"
        if _IPV6.match(host):
            return host
        raise ValidationError("That is not a valid IPv6 address.")
    try:
        ascii_host = hostname.encode("idna").decode("ascii").lower()
    except UnicodeError:
        raise ValidationError("That is not a valid host name.") from None
    labels = ascii_host.rstrip(".").split(".")
    if not ascii_host or not all(_LABEL.match(label) for label in labels):
        raise ValidationError("Enter a host name, e.g. https://club.example.org.")
    return ".".join(labels)
