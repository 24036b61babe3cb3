"""A bot behind a URL: the engine POSTs each decision message and reads the answer, like Battlesnake.

Every message (``"type": "move"`` and, best effort, ``"type": "end"``) is POSTed as JSON to the
bot's URL over one keep-alive connection per game, so a decision costs one round trip and no
handshake. What goes wrong is a :class:`~engine.bots.protocol.BotFault`: no answer in time is a
timeout; a refused connection, an unknown host, a non-2xx status or a broken response is
"unavailable"; an answer over ``max_answer_bytes`` is "output_limit".

The time limit holds for the whole exchange, not for each read: a server that drips one byte at a
time cannot hold the worker past the decision's budget.

URLs that resolve to a private, loopback, link-local, multicast or otherwise non-global address are
refused (every address the name resolves to is checked, and the connection goes to a checked
address, so the name cannot be re-pointed in between) unless ``allow_private`` is set: a bot's
owner must not be able to make the worker call into its own network.
"""

from __future__ import annotations

import http.client
import ipaddress
import math
import socket
import ssl
import time
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from engine.bots.protocol import MAX_ANSWER_BYTES, Answer, BotFault, FaultKind, encode_line, parse_answer
from engine.core import JSON, EngineError

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer, WriteableBuffer

USER_AGENT = "mulligan-league-bot/1"
END_TIMEOUT_S = 2.0
ERROR_SNIPPET_BYTES = 2048


class _Deadline:
    """Each blocking call on the socket may take only what is left until ``deadline``."""

    deadline: float = math.inf

    def _left(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the decision's time is up")
        return left


class _DeadlineSocket(_Deadline, socket.socket):
    def recv_into(self, buffer: WriteableBuffer, nbytes: int = 0, flags: int = 0) -> int:
        self.settimeout(self._left())
        return super().recv_into(buffer, nbytes, flags)

    def sendall(self, data: ReadableBuffer, flags: int = 0) -> None:
        self.settimeout(self._left())
        super().sendall(data, flags)


class _DeadlineSSLSocket(_Deadline, ssl.SSLSocket):
    def recv_into(self, buffer: WriteableBuffer, nbytes: int | None = None, flags: int = 0) -> int:
        self.settimeout(self._left())
        return super().recv_into(buffer, nbytes, flags)

    def sendall(self, data: ReadableBuffer, flags: int = 0) -> None:
        self.settimeout(self._left())
        super().sendall(data, flags)


# What allows private addresses where this engine runs inside the service (its workers pass the
# setting as ``allow_private``); the command line's ``play`` always allows them.
PRIVATE_HINT = "the service's setting BOT_HTTP_ALLOW_PRIVATE=true allows private addresses, for development"


def is_public_address(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether the service may call this address on a user's behalf (bots, webhooks): not private,
    loopback, link-local, multicast, reserved or unspecified, an IPv4-mapped IPv6 address included."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_unspecified)


def _refused(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    return not is_public_address(ip)


def resolve_public(host: str, port: int) -> list[tuple[int, str]]:
    """``(family, address)`` for every address ``host`` resolves to; raises BotFault (unavailable)
    if the name is unknown or any address is not a public one."""
    addresses = _resolve(host, port)
    for _family, address in addresses:
        ip = ipaddress.ip_address(address.split("%")[0])
        if _refused(ip):
            raise BotFault(
                FaultKind.UNAVAILABLE,
                f"the bot's host {host!r} resolves to {ip}, which is not a public address ({PRIVATE_HINT})",
            )
    return addresses


def _resolve(host: str, port: int) -> list[tuple[int, str]]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise BotFault(FaultKind.UNAVAILABLE, f"the bot's host {host!r} was not found: {exc}") from None
    seen: dict[tuple[int, str], None] = {}
    for family, _type, _proto, _name, sockaddr in infos:
        seen[(int(family), str(sockaddr[0]))] = None
    if not seen:
        raise BotFault(FaultKind.UNAVAILABLE, f"the bot's host {host!r} has no address")
    return list(seen)


def check_url(url: str) -> tuple[str, str, int, str]:
    """``(scheme, host, port, path)`` of a bot URL; raises EngineError for one the engine cannot call."""
    if not isinstance(url, str) or len(url) > 2000 or any(c.isspace() for c in url):
        raise EngineError("a bot URL is one http:// or https:// address of at most 2000 characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise EngineError(f"a bot URL starts with http:// or https://, not {url[:40]!r}")
    try:
        port = parts.port
    except ValueError:
        raise EngineError(f"the bot URL {url!r} has a bad port") from None
    if not parts.hostname:
        raise EngineError(f"the bot URL {url!r} has no host")
    if parts.username is not None or parts.password is not None:
        raise EngineError("a bot URL may not carry a user name or password")
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80), path


class _Connection(http.client.HTTPConnection):
    """One keep-alive connection that dials only checked addresses and keeps to a deadline."""

    def __init__(self, host: str, port: int, *, tls: ssl.SSLContext | None, allow_private: bool) -> None:
        super().__init__(host, port)
        self.tls = tls
        self.allow_private = allow_private
        self.deadline = math.inf

    def connect(self) -> None:
        addresses = (
            _resolve(self.host, self.port) if self.allow_private else resolve_public(self.host, self.port)
        )
        last: OSError | None = None
        for family, address in addresses:
            sock = _DeadlineSocket(family, socket.SOCK_STREAM)
            sock.deadline = self.deadline
            try:
                sock.settimeout(sock._left())
                sock.connect((address, self.port))
            except OSError as exc:
                sock.close()
                if isinstance(exc, TimeoutError):
                    raise
                last = exc
                continue
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if self.tls is None:
                self.sock = sock
                return
            tls = self.tls.wrap_socket(sock, server_hostname=self.host)
            assert isinstance(tls, _DeadlineSSLSocket)
            tls.deadline = self.deadline
            self.sock = tls
            return
        assert last is not None
        raise last

    def arm(self, deadline: float) -> None:
        self.deadline = deadline
        if isinstance(self.sock, _Deadline):
            self.sock.deadline = deadline


class HttpBot:
    """A :class:`~engine.bots.protocol.RemoteBot` at ``url``, for one game."""

    def __init__(
        self, url: str, *, allow_private: bool = False, max_answer_bytes: int = MAX_ANSWER_BYTES
    ) -> None:
        scheme, host, port, path = check_url(url)
        self.url = url
        self.allow_private = allow_private
        self.max_answer_bytes = max_answer_bytes
        self._host, self._port, self._path = host, port, path
        self._tls: ssl.SSLContext | None = None
        if scheme == "https":
            self._tls = ssl.create_default_context()
            self._tls.sslsocket_class = _DeadlineSSLSocket
        self._connection: _Connection | None = None
        self._tail = ""

    @property
    def stderr_tail(self) -> str:
        """The start of the last error response the bot's server sent (an HTTP bot has no stderr)."""
        return self._tail

    def decide(self, message: JSON, timeout_s: float) -> Answer:
        started = time.monotonic()
        deadline = started + max(0.0, timeout_s)
        body = encode_line(message)
        try:
            raw = self._exchange(body, deadline)
        except TimeoutError:
            self._drop()
            raise BotFault(
                FaultKind.TIMEOUT, f"no answer within {timeout_s * 1000:.0f} ms", self._tail
            ) from None
        except BotFault as fault:
            self._drop()
            fault.stderr_tail = fault.stderr_tail or self._tail
            raise
        except (OSError, http.client.HTTPException) as exc:
            self._drop()
            raise BotFault(FaultKind.UNAVAILABLE, f"{self.url}: {_describe(exc)}", self._tail) from None
        try:
            return parse_answer(raw, talk=bool(message.get("talk")))
        except BotFault as fault:
            fault.stderr_tail = self._tail
            raise

    def game_over(self, message: JSON) -> None:
        try:
            self._exchange(encode_line(message), time.monotonic() + END_TIMEOUT_S)
        except Exception:  # the game is over either way, and the bot may be gone
            self._drop()

    def close(self) -> None:
        self._drop()

    # -- the exchange ----------------------------------------------------------------------------

    def _exchange(self, body: bytes, deadline: float) -> bytes:
        reused = self._connection is not None and self._connection.sock is not None
        try:
            return self._post(body, deadline)
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # A kept-alive connection the server closed while idle: dial again, once.
            if not reused or time.monotonic() >= deadline:
                raise
            self._drop()
            return self._post(body, deadline)

    def _post(self, body: bytes, deadline: float) -> bytes:
        if self._connection is None:
            self._connection = _Connection(
                self._host, self._port, tls=self._tls, allow_private=self.allow_private
            )
        connection = self._connection
        connection.arm(deadline)
        connection.request(
            "POST",
            self._path,
            body=body,
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json",
                "User-Agent": USER_AGENT,
            },
        )
        connection.arm(deadline)  # request() may have dialled a new socket
        response = connection.getresponse()
        if not 200 <= response.status < 300:
            snippet = response.read(ERROR_SNIPPET_BYTES).decode("utf-8", errors="replace").strip()
            self._tail = snippet
            self._drop()
            detail = f": {snippet[:200]}" if snippet else ""
            raise BotFault(
                FaultKind.UNAVAILABLE, f"{self.url} answered {response.status} {response.reason}{detail}"
            )
        raw = response.read(self.max_answer_bytes + 1)
        if len(raw) > self.max_answer_bytes:
            self._drop()
            raise BotFault(FaultKind.OUTPUT_LIMIT, f"an answer of more than {self.max_answer_bytes} bytes")
        if response.will_close:
            self._drop()
        return raw

    def _drop(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, http.client.RemoteDisconnected):
        return "the server closed the connection without answering"
    if isinstance(exc, http.client.HTTPException):
        return f"a broken HTTP response ({type(exc).__name__})"
    return str(exc) or type(exc).__name__


__all__ = ["HttpBot", "check_url", "resolve_public"]
