"""A bot that is a program: one subprocess for the whole game, speaking JSON lines.

Each decision is one line on the program's stdin (:func:`engine.bots.protocol.encode_line`) and
one answer line back on its stdout. The program runs in the sandbox (:mod:`engine.bots.sandbox`)
unless it is an author's own bot on their own machine (``sandbox=False``, for the starter kit).
Nothing here ever waits without a deadline: a late, crashed, chatty or silent program becomes a
:class:`~engine.bots.protocol.BotFault` carrying the last lines it wrote to stderr.
"""

from __future__ import annotations

import contextlib
import io
import json
import lzma
import os
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
import zlib
from pathlib import Path, PurePosixPath
from types import TracebackType

from engine.bots.protocol import MAX_ANSWER_BYTES, Answer, BotFault, FaultKind, encode_line, parse_answer
from engine.bots.sandbox import (
    Limits,
    SandboxUnavailable,
    limited,
    make_readable,
    reachable_by_others,
    sandbox_available,
    sandboxed,
)
from engine.core import JSON, EngineError, short

MAX_ARCHIVE_FILES = 1000
MAX_UNPACKED_BYTES = 64 * 1024 * 1024
TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
ARCHIVE_SUFFIXES = (".zip", *TAR_SUFFIXES)
# An archive names its own entry command; without one, this is where it starts.
ARCHIVE_ENTRY = "main.py"
_READ_CHUNK = 64 * 1024
# A killed program's last stderr may still be in the pipe; this long is given to read it.
_DRAIN_S = 2.0


class _StderrTail:
    """The last ``limit`` bytes a program wrote to stderr.

    It is read in the same select loop as the answers, stderr first, so whatever a bot wrote to
    stderr before answering is in the tail by the time its answer (or fault) is seen.
    """

    def __init__(self, fd: int, limit: int) -> None:
        self.fd = fd
        self.ended = False
        self._data = bytearray()
        self._limit = limit

    def drain(self) -> None:
        """Take in what is waiting, without blocking."""
        while not self.ended:
            try:
                chunk = os.read(self.fd, _READ_CHUNK)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self.ended = True
                return
            self._data += chunk
            if len(self._data) > self._limit:
                del self._data[: len(self._data) - self._limit]

    def drain_to_end(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        with selectors.DefaultSelector() as selector:
            selector.register(self.fd, selectors.EVENT_READ)
            while not self.ended and (remaining := deadline - time.monotonic()) > 0:
                if selector.select(remaining):
                    self.drain()

    def text(self) -> str:
        return bytes(self._data).decode("utf-8", errors="replace")


class ProgramBot:
    """A program (``command`` run in ``workdir``) playing one game through JSON lines.

    The process starts on the first :meth:`decide` and lives for the whole game; :meth:`close`
    kills it and everything it started. After a timeout, crash or output overflow the process is
    gone and every later decision is a fault at once.
    """

    def __init__(
        self, command: list[str], workdir: Path, *, limits: Limits | None = None, sandbox: bool = True
    ) -> None:
        if not command or not all(isinstance(arg, str) and arg and "\0" not in arg for arg in command):
            raise EngineError(f"a bot's command is a list of non-empty arguments, not {short(command)}")
        self.command = list(command)
        self.workdir = Path(workdir)
        self.limits = limits or Limits()
        self.sandboxed = sandbox
        if sandbox:
            available, reason = sandbox_available()
            if not available:
                raise SandboxUnavailable(f"submitted bots cannot be run safely here: {reason}")
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: _StderrTail | None = None
        self._info_fd: int | None = None
        self._init_pid: int | None = None
        self._buffer = bytearray()
        self._stdout_bytes = 0
        self._fault: BotFault | None = None
        self._closed = False
        self._copy: Path | None = None

    # The RemoteBot protocol.

    def decide(self, message: JSON, timeout_s: float) -> Answer:
        if self._fault is not None:
            raise BotFault(
                self._fault.kind,
                f"the bot stopped earlier in this game: {self._fault.message}",
                self.stderr_tail,
            )
        if self._closed:
            raise BotFault(FaultKind.CRASH, "the bot was closed", self.stderr_tail)
        deadline = time.monotonic() + max(0.0, timeout_s)
        if self._process is None:
            self._start()
        self._refuse_unasked_output()
        self._send(encode_line(message), deadline, timeout_s)
        line = self._read_line(deadline, timeout_s)
        try:
            return parse_answer(line, talk=bool(message.get("talk")))
        except BotFault as fault:
            raise BotFault(fault.kind, fault.message, self.stderr_tail) from None

    def game_over(self, message: JSON) -> None:
        if self._process is None or self._fault is not None or self._closed:
            return
        try:
            self._send(encode_line(message), time.monotonic() + 1.0, 1.0)
            assert self._process.stdin is not None
            self._process.stdin.close()  # EOF: a well-behaved bot exits on its own
            self._process.wait(timeout=1.0)
        except (BotFault, OSError, subprocess.TimeoutExpired):
            pass

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._kill()
        process = self._process
        if process is not None:
            for stream in (process.stdin, process.stdout):
                if stream is not None and not stream.closed:
                    stream.close()
            if process.stderr is not None and not process.stderr.closed:
                if self._stderr is not None:
                    self._stderr.ended = True
                process.stderr.close()
        if self._info_fd is not None:
            os.close(self._info_fd)
            self._info_fd = None
        if self._copy is not None:
            shutil.rmtree(self._copy, ignore_errors=True)
            self._copy = None

    @property
    def stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        self._stderr.drain()
        return self._stderr.text()

    def __enter__(self) -> ProgramBot:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The process the bot runs in (the sandbox's outside process), once started."""
        return self._process.pid if self._process is not None else None

    # Starting and stopping.

    def _start(self) -> None:
        cwd: Path | None = None
        env: dict[str, str] | None = None
        kwargs: dict[str, object] = {}
        info_write: int | None = None
        if self.sandboxed:
            workdir = self.workdir
            if not reachable_by_others(workdir):
                # The sandbox's uid could not enter it (a 0700 parent): it gets a readable copy.
                self._copy = Path(tempfile.mkdtemp(prefix="bot-"))
                self._copy.chmod(0o711)
                workdir = self._copy / "bot"
                shutil.copytree(self.workdir, workdir, symlinks=True)
            make_readable(workdir)
            self._info_fd, info_write = os.pipe()
            os.set_blocking(self._info_fd, False)
            try:
                confined = sandboxed(self.command, workdir, self.limits, info_fd=info_write)
            except EngineError:
                os.close(info_write)
                raise
            argv = confined.argv
            kwargs = confined.popen_kwargs
            env = {"PATH": "/usr/bin:/bin"}  # bwrap clears it for the program anyway
        else:
            argv = limited(self._local_command(), self.limits)
            cwd = self.workdir
        try:
            self._process = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                cwd=cwd,
                env=env,
                start_new_session=True,
                close_fds=True,
                **kwargs,  # type: ignore[call-overload]
            )
        except OSError as error:
            raise self._die(FaultKind.CRASH, f"could not start {short(self.command)}: {error}") from None
        finally:
            if info_write is not None:
                os.close(info_write)
        assert self._process.stdin is not None and self._process.stdout is not None
        assert self._process.stderr is not None
        os.set_blocking(self._process.stdin.fileno(), False)
        os.set_blocking(self._process.stdout.fileno(), False)
        os.set_blocking(self._process.stderr.fileno(), False)
        self._stderr = _StderrTail(self._process.stderr.fileno(), self.limits.stderr_tail_bytes)

    def _local_command(self) -> list[str]:
        """An author's Python bot runs on the interpreter running the kit, whatever is on PATH."""
        if self.command[0] in ("python", "python3"):
            return [sys.executable, *self.command[1:]]
        return list(self.command)

    def _sandbox_init_pid(self) -> int | None:
        """The sandbox's pid 1 (as the host sees it): killing it ends every process inside."""
        if self._init_pid is None and self._info_fd is not None:
            try:
                info = json.loads(os.read(self._info_fd, 4096) or b"{}")
            except (OSError, ValueError):
                return None
            pid = info.get("child-pid") if isinstance(info, dict) else None
            self._init_pid = pid if isinstance(pid, int) and pid > 1 else None
        return self._init_pid

    def _kill(self) -> None:
        process = self._process
        if process is None:
            return
        init_pid = self._sandbox_init_pid() if process.poll() is None else None
        # While bwrap is alive its child cannot have been reaped, so this pid is still the sandbox's.
        # Killing it first ends everything inside and lets bwrap reap it and exit: no orphan zombies.
        if init_pid is not None and process.poll() is None:
            with contextlib.suppress(OSError):
                os.kill(init_pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=2)
        if process.poll() is None:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
        if self._stderr is not None:
            self._stderr.drain_to_end(_DRAIN_S)

    def _die(self, kind: FaultKind, message: str) -> BotFault:
        """Kill the program for good; every later decision repeats this fault."""
        self._kill()
        self._fault = BotFault(kind, message, self.stderr_tail)
        return self._fault

    def _crashed(self) -> BotFault:
        process = self._process
        assert process is not None
        try:
            code: int | None = process.wait(timeout=_DRAIN_S)
        except subprocess.TimeoutExpired:
            code = None
        if code is None:
            return self._die(FaultKind.CRASH, "closed its output and stopped answering")
        return self._die(FaultKind.CRASH, self._describe_exit(code))

    def _describe_exit(self, code: int) -> str:
        # bwrap reports a program killed by signal N as exit status 128 + N.
        number = -code if code < 0 else code - 128 if self.sandboxed and code > 128 else 0
        if number:
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = f"signal {number}"
            hint = " (a resource limit?)" if name in ("SIGKILL", "SIGXCPU", "SIGXFSZ", "SIGSEGV") else ""
            return f"exited: killed by {name}{hint}"
        return f"exited with status {code}"

    # Talking.

    def _send(self, data: bytes, deadline: float, timeout_s: float) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        fd = process.stdin.fileno()
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_WRITE)
            while len(view):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise self._die(FaultKind.TIMEOUT, f"did not read its input within {timeout_s:.1f} s")
                if not self._wait_for(selector, fd, remaining):
                    continue
                try:
                    written = os.write(fd, view)
                except BlockingIOError:
                    continue
                except OSError:  # broken pipe: it is gone
                    raise self._crashed() from None
                view = view[written:]

    def _wait_for(self, selector: selectors.BaseSelector, fd: int, remaining: float) -> bool:
        """Whether ``fd`` got ready within ``remaining`` s; stderr is taken in meanwhile, and first."""
        stderr = self._stderr
        if stderr is not None and not stderr.ended and stderr.fd not in selector.get_map():
            selector.register(stderr.fd, selectors.EVENT_READ)
        ready = {key.fd for key, _ in selector.select(remaining)}
        if stderr is not None and stderr.fd in ready:
            stderr.drain()
            if stderr.ended:
                selector.unregister(stderr.fd)
        return fd in ready

    def _read_chunk(self, fd: int) -> bytes | None:
        """What the program wrote (b"" at its end, None when nothing is there yet)."""
        try:
            chunk = os.read(fd, _READ_CHUNK)
        except BlockingIOError:
            return None
        except OSError:
            return b""
        self._stdout_bytes += len(chunk)
        if self._stdout_bytes > self.limits.output_bytes:
            raise self._die(
                FaultKind.OUTPUT_LIMIT,
                f"wrote more than {self.limits.output_bytes} bytes to stdout in one game",
            )
        return chunk

    def _read_line(self, deadline: float, timeout_s: float) -> bytes:
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while True:
                end = self._buffer.find(b"\n")
                if end > MAX_ANSWER_BYTES or (end < 0 and len(self._buffer) > MAX_ANSWER_BYTES):
                    raise self._die(
                        FaultKind.OUTPUT_LIMIT,
                        f"wrote more than {MAX_ANSWER_BYTES} bytes without ending the line",
                    )
                if end >= 0:
                    line = bytes(self._buffer[:end])
                    del self._buffer[: end + 1]
                    return line
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    # A late answer would be taken for the next decision's: the process must go.
                    raise self._die(FaultKind.TIMEOUT, f"no answer within {timeout_s:.1f} s")
                if not self._wait_for(selector, fd, remaining):
                    continue
                chunk = self._read_chunk(fd)
                if chunk == b"":
                    raise self._crashed()
                if chunk:
                    self._buffer += chunk

    def _refuse_unasked_output(self) -> None:
        """Output between decisions is not an answer to the next one: drop it, as a fault."""
        process = self._process
        assert process is not None and process.stdout is not None
        while (chunk := self._read_chunk(process.stdout.fileno())) is not None:
            if chunk == b"":
                raise self._crashed()
            self._buffer += chunk
            if len(self._buffer) > MAX_ANSWER_BYTES:
                break
        unasked = bytes(self._buffer).strip()
        self._buffer.clear()
        if unasked:
            raise BotFault(
                FaultKind.MALFORMED,
                f"wrote {short(unasked.decode('utf-8', errors='replace'))} without being asked "
                "(one answer line per decision)",
                self.stderr_tail,
            )


# Uploads.


def _upload_name(filename: str) -> str:
    name = PurePosixPath(filename.replace("\\", "/")).name
    if not name or name in (".", "..") or "\0" in name or len(name) > 255:
        raise EngineError(f"{short(filename)} is not a usable file name")
    return name


def default_command(filename: str) -> list[str]:
    """How an upload runs when its owner gave no command: a Python file, or an archive's main.py.

    ``python3`` inside the sandbox is the worker's own interpreter where the sandbox can see it.
    """
    name = _upload_name(filename)
    if name.lower().endswith(".py"):
        return ["python3", name]
    if name.lower().endswith(ARCHIVE_SUFFIXES):
        return ["python3", ARCHIVE_ENTRY]
    raise EngineError(
        f"{name!r} is neither a Python file (.py) nor an archive ({', '.join(ARCHIVE_SUFFIXES)})"
    )


def unpack(content: bytes, filename: str, into: Path) -> None:
    """Lay out an upload in ``into``: a .py file as it is, an archive extracted with care.

    Archive members may not be absolute, climb out with ``..``, link out of the directory, be
    devices, or add up to more than :data:`MAX_ARCHIVE_FILES` files or :data:`MAX_UNPACKED_BYTES`.
    """
    name = _upload_name(filename)
    lower = name.lower()
    into.mkdir(parents=True, exist_ok=True)
    if lower.endswith(".py"):
        if len(content) > MAX_UNPACKED_BYTES:
            raise EngineError(f"{name!r} is larger than {MAX_UNPACKED_BYTES} bytes")
        (into / name).write_bytes(content)
    elif lower.endswith(".zip"):
        _unzip(content, name, into)
    elif lower.endswith(TAR_SUFFIXES):
        _untar(content, name, into)
    else:
        raise EngineError(
            f"{name!r} is neither a Python file (.py) nor an archive ({', '.join(ARCHIVE_SUFFIXES)})"
        )
    make_readable(into)


def _member_parts(member: str, archive: str) -> tuple[str, ...]:
    """A member's path inside the bot's directory; raises for one that would land outside it."""
    if "\0" in member or "\\" in member:
        raise EngineError(f"{archive}: the member name {short(member)} is not a plain path")
    path = PurePosixPath(member)
    if path.is_absolute():
        raise EngineError(f"{archive}: the member {short(member)} has an absolute path")
    if ".." in path.parts:
        raise EngineError(
            f"{archive}: the member {short(member)} climbs out of the bot's directory with '..'"
        )
    return tuple(part for part in path.parts if part not in ("", "."))


def _unzip(content: bytes, name: str, into: Path) -> None:
    total = 0
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            members = archive.infolist()
            if len(members) > MAX_ARCHIVE_FILES:
                raise EngineError(f"{name}: more than {MAX_ARCHIVE_FILES} files")
            for member in members:
                parts = _member_parts(member.filename, name)
                mode = member.external_attr >> 16
                if stat.S_ISLNK(mode):
                    raise EngineError(
                        f"{name}: {short(member.filename)} is a link; zip archives may not hold links"
                    )
                if not parts:
                    continue
                target = into.joinpath(*parts)
                if member.is_dir():
                    target.mkdir(parents=True, exist_ok=True)
                    continue
                if stat.S_IFMT(mode) not in (0, stat.S_IFREG):
                    raise EngineError(f"{name}: {short(member.filename)} is not a regular file")
                target.parent.mkdir(parents=True, exist_ok=True)
                with archive.open(member) as source, target.open("xb") as out:
                    while chunk := source.read(1024 * 1024):
                        total += len(chunk)
                        if total > MAX_UNPACKED_BYTES:
                            raise EngineError(f"{name}: unpacks to more than {MAX_UNPACKED_BYTES} bytes")
                        out.write(chunk)
                target.chmod(0o755 if mode & stat.S_IXUSR else 0o644)
    except FileExistsError:
        raise EngineError(f"{name}: a file appears twice in the archive") from None
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, RuntimeError, ValueError) as error:
        raise EngineError(f"{name} is not a readable zip archive: {error}") from None


def _link_stays_inside(link: str) -> bool:
    # Only links pointing down are taken: with no '..' anywhere, no chain of links can climb out.
    path = PurePosixPath(link)
    return bool(link) and not path.is_absolute() and ".." not in path.parts and "\0" not in link


def _untar(content: bytes, name: str, into: Path) -> None:
    members: list[tarfile.TarInfo] = []
    total = 0
    try:
        with tarfile.open(fileobj=io.BytesIO(content), mode="r:*") as archive:
            for member in archive:  # one at a time: a bomb is stopped at the cap, not read whole
                if len(members) >= MAX_ARCHIVE_FILES:
                    raise EngineError(f"{name}: more than {MAX_ARCHIVE_FILES} files")
                _member_parts(member.name, name)
                if member.issym() and not _link_stays_inside(member.linkname):
                    raise EngineError(
                        f"{name}: the link {short(member.name)} points outside the bot's directory "
                        f"({short(member.linkname)})"
                    )
                if member.islnk():
                    _member_parts(member.linkname, name)
                if not (member.isreg() or member.isdir() or member.issym() or member.islnk()):
                    raise EngineError(f"{name}: {short(member.name)} is a device or special file")
                total += member.size
                if total > MAX_UNPACKED_BYTES:
                    raise EngineError(f"{name}: unpacks to more than {MAX_UNPACKED_BYTES} bytes")
                members.append(member)
            # The standard library's "data" filter re-checks every path and link as it extracts.
            archive.extractall(into, members=members, filter="data")
    except tarfile.FilterError as error:
        raise EngineError(f"{name}: {error}") from None
    except (tarfile.TarError, zlib.error, lzma.LZMAError, EOFError, OSError) as error:
        raise EngineError(f"{name} is not a readable tar archive: {error}") from None
