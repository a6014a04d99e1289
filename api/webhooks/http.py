"""One POST to a checked target: connected to the address the check resolved, TLS verified
against the host's name, a short timeout, and no redirect followed (a 3xx is a failure).

The one place a webhook leaves the site: tests replace `post` or point it at a local
receiver (WEBHOOK_ALLOW_HOSTS).
"""

import http.client
import socket
import ssl

from api.webhooks.urls_check import Target

TIMEOUT = 5.0  # seconds, to connect and for each read
ANSWER_MAX = 4096  # bytes of the answer kept for the log


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self) -> None:
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, target: Target, timeout: float) -> None:
        super().__init__(
            target.host, target.port, timeout=timeout, context=ssl.create_default_context()
        )
        self._address = target.address

    def connect(self) -> None:
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post(target: Target, body: bytes, headers: dict[str, str], *, timeout: float = TIMEOUT) -> int:
    """POST `body`; returns the status code (OSError, http.client errors on failure)."""
    kind = _PinnedHTTPS if target.scheme == "https" else _PinnedHTTP
    connection = kind(target, timeout)
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        response = connection.getresponse()
        response.read(ANSWER_MAX)
        return response.status
    finally:
        connection.close()
