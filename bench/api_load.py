"""A small HTTP/1.1 load client on asyncio streams: ``concurrency`` keep-alive connections, each
sending its next request as soon as the previous answer is read, for a fixed time.

It parses only what it must (the status line, ``Content-Length`` or chunked bodies), so one core of
it keeps up with thousands of requests a second, far above what one Django process answers; its
own CPU share is reported beside each figure so that can be checked.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol
from urllib.parse import urlsplit

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Target(Protocol):
    """What one figure measures: the request each worker sends next, and what it does with the answer."""

    name: str

    def request(self, worker: int) -> bytes: ...

    def answered(self, worker: int, status: int, body: bytes) -> None: ...


def http_request(host: str, method: str, path: str, token: str | None = None, body: Any = None) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Accept: application/json"]
    if token is not None:
        lines.append(f"Authorization: Token {token}")
    payload = b""
    if body is not None:
        payload = json.dumps(body).encode()
        lines += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + payload


@dataclass
class GetTarget:
    """GETs of a rotation of paths (one path, or many to spread over rows: games, players)."""

    name: str
    host: str
    paths: Sequence[str]
    token: str | None = None
    _next: dict[int, int] = field(default_factory=dict)
    _requests: list[bytes] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._requests = [http_request(self.host, "GET", path, self.token) for path in self.paths]

    def request(self, worker: int) -> bytes:
        # Workers start at different places in the rotation, so they do not read the same row together.
        n = self._next.get(worker, worker * 7919)
        self._next[worker] = n + 1
        return self._requests[n % len(self._requests)]

    def answered(self, worker: int, status: int, body: bytes) -> None:
        pass


@dataclass
class PostTarget:
    """POSTs of ``{"row": n}`` to one path, each client its own row (bench/api_site/floor_write.py)."""

    name: str
    host: str
    path: str
    token: str
    rows: int

    def request(self, worker: int) -> bytes:
        return http_request(self.host, "POST", self.path, self.token, {"row": worker % self.rows})

    def answered(self, worker: int, status: int, body: bytes) -> None:
        pass


class Connection:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def exchange(self, raw: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        status = int(status_line.split(" ", 2)[1])
        headers = {}
        for line in header_lines:
            if ":" in line:
                key, value = line.split(":", 1)
                headers[key.strip().lower()] = value.strip()
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            body = await self._chunked()
        else:
            body = await self.reader.read()
            headers["connection"] = "close"
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, body

    async def _chunked(self) -> bytes:
        assert self.reader is not None
        parts = []
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                await self.reader.readuntil(b"\r\n")
                return b"".join(parts)
            parts.append(await self.reader.readexactly(size))
            await self.reader.readexactly(2)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def process_cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process (the server's worker), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def processes_cpu_seconds(pids: Sequence[int]) -> float:
    """The CPU time of several processes (the server's workers) together."""
    return sum(process_cpu_seconds(pid) for pid in pids)


def database_cpu_seconds() -> dict[int, float]:
    """User plus system CPU time of each PostgreSQL process on this machine (its backends, WAL
    writer, checkpointer, autovacuum), by pid, from /proc: empty where it runs elsewhere. The bench's
    server, its load and the database share the machine's cores, so a request's database work is
    part of its cost."""
    found: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                name, fields = stat.read().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, IndexError, ValueError):
            continue  # gone since the listing
        if name == "postgres":
            values = fields.split()
            found[int(entry)] = (int(values[11]) + int(values[12])) / CLOCK_TICKS
    return found


def database_cpu_since(before: dict[int, float]) -> float:
    """The CPU seconds PostgreSQL's processes used since ``before``: a process started since counts
    from nothing; one that ended since is not counted (its last moments are lost, never negative)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in database_cpu_seconds().items())


@dataclass
class Result:
    name: str
    concurrency: int
    seconds: float
    latencies: list[float]
    errors: int
    error_samples: list[str]
    server_cpu: float
    client_cpu: float
    database_cpu: float = 0.0

    @property
    def req_per_s(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile_ms(self, fraction: float) -> float | None:
        if not self.latencies:
            return None
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000

    @property
    def server_cpu_ms_per_req(self) -> float | None:
        return self.server_cpu / len(self.latencies) * 1000 if self.latencies else None

    @property
    def database_cpu_ms_per_req(self) -> float | None:
        return self.database_cpu / len(self.latencies) * 1000 if self.latencies else None


async def _measure(
    host: str,
    port: int,
    target: Target,
    concurrency: int,
    warmup: float,
    duration: float,
    server_pids: Sequence[int],
) -> Result:
    loop = asyncio.get_running_loop()
    start = loop.time() + warmup
    stop = start + duration
    latencies: list[float] = []
    errors: list[str] = []
    error_count = 0
    window: dict[str, float] = {}
    database_before: dict[int, float] = {}

    async def worker(number: int) -> None:
        nonlocal error_count
        connection = Connection(host, port)
        try:
            while True:
                now = loop.time()
                if now >= stop:
                    return
                if now >= start and "server" not in window:
                    window["server"] = processes_cpu_seconds(server_pids)
                    window["client"] = time.process_time()
                    database_before.update(database_cpu_seconds())
                raw = target.request(number)
                sent = loop.time()
                try:
                    status, body = await connection.exchange(raw)
                except (OSError, asyncio.IncompleteReadError) as exc:
                    connection.close()
                    status, body = 0, repr(exc).encode()
                done = loop.time()
                target.answered(number, status, body)
                # Answers completed inside the window count, whenever they were sent: a request
                # slower than the window still shows in the rate.
                if start <= done <= stop:
                    if 200 <= status < 300:
                        latencies.append(done - sent)
                    else:
                        error_count += 1
                        if len(errors) < 3:
                            errors.append(f"{status} {body[:300].decode(errors='replace')}")
        finally:
            connection.close()

    await asyncio.gather(*(worker(n) for n in range(concurrency)))
    server_cpu = processes_cpu_seconds(server_pids) - window.get("server", 0.0)
    client_cpu = time.process_time() - window.get("client", 0.0)
    database_cpu = database_cpu_since(database_before) if database_before else 0.0
    return Result(
        target.name,
        concurrency,
        duration,
        latencies,
        error_count,
        errors,
        server_cpu,
        client_cpu,
        database_cpu,
    )


def measure(
    host: str,
    port: int,
    target: Target,
    *,
    concurrency: int,
    warmup: float,
    duration: float,
    server_pid: int | None = None,
    server_pids: Sequence[int] = (),
) -> Result:
    """Run ``target`` at ``concurrency`` for ``warmup`` seconds unrecorded, then ``duration`` recorded
    (the answers completed inside that window; non-2xx answers are errors). The server's CPU is that
    of ``server_pid``, or of all ``server_pids`` together."""
    pids = (server_pid,) if server_pid is not None else tuple(server_pids)
    if not pids:
        raise ValueError("measure needs the server's worker pid (server_pid or server_pids)")
    return asyncio.run(_measure(host, port, target, concurrency, warmup, duration, pids))


def fetch(host: str, port: int, path: str, token: str | None = None) -> tuple[int, bytes]:
    """One GET, for set-up (following ``next`` links)."""

    async def one() -> tuple[int, bytes]:
        connection = Connection(host, port)
        try:
            return await connection.exchange(http_request(f"{host}:{port}", "GET", path, token))
        finally:
            connection.close()

    return asyncio.run(one())


class Session:
    """Sequential GETs over one kept-alive connection (following thousands of ``next`` links)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.loop = asyncio.new_event_loop()
        self.connection = Connection(host, port)

    def get_json(self, path: str) -> Any:
        raw = http_request(f"{self.host}:{self.port}", "GET", path)
        status, body = self.loop.run_until_complete(self.connection.exchange(raw))
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {body[:300]!r}")
        return json.loads(body)

    def close(self) -> None:
        self.connection.close()
        self.loop.close()


def path_of(url: str) -> str:
    """The path and query of a link (DRF's ``next`` links are absolute)."""
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def follow_next(session: Session, path: str, times: int, log: Callable[[str], None]) -> tuple[str, str]:
    """The path reached from ``path`` by following ``next`` links ``times`` times, and how it was found.

    Cursor links are followed one by one. Page-number links (``page=N`` without ``cursor``) are
    followed three times; when they are ``page=2, 3, 4`` the rest is arithmetic (page ``1 + times``),
    checked by that page's own ``previous`` link: following thousands of OFFSET pages one by one
    costs minutes and gives the same page.
    """
    current = path
    pages: list[str] = []
    for step in range(1, times + 1):
        link = session.get_json(current)["next"]
        if link is None:
            raise RuntimeError(f"{path}: no next link after {step - 1} pages")
        current = path_of(link)
        query = dict(part.split("=", 1) for part in urlsplit(current).query.split("&") if "=" in part)
        if "cursor" not in query and "page" in query:
            pages.append(query["page"])
            if pages == ["2", "3", "4"] and times > 3:
                jumped = _with_page(current, times + 1)
                previous = session.get_json(jumped)["previous"]
                expected = str(times)
                if (
                    previous is None
                    or dict(
                        part.split("=", 1) for part in urlsplit(previous).query.split("&") if "=" in part
                    ).get("page", "1")
                    != expected
                ):
                    raise RuntimeError(f"{jumped}: its previous link is {previous}, not page {expected}")
                return jumped, "3 page-number links followed, then page 1 + n (checked by its previous link)"
        if step % 500 == 0:
            log(f"{path}: followed {step} of {times} next links")
    return current, f"{times} next links followed"


def _with_page(path: str, page: int) -> str:
    parts = urlsplit(path)
    query = [part for part in parts.query.split("&") if part and not part.startswith("page=")]
    return parts.path + "?" + "&".join([*query, f"page={page}"])
