"""The jail a submitted program bot runs in: bubblewrap plus resource limits.

A submitted program is untrusted code. It runs under ``/usr/bin/bwrap`` with every namespace
unshared (no network: a new network namespace has only a loopback of its own; no view of the
host's processes), a read-only view of ``/usr`` (and the worker's interpreter), the bot's files
read-only at ``/bot``, and a size-bounded tmpfs at ``/scratch`` (also ``/tmp`` and ``$HOME``) that
vanishes with the sandbox. Nothing else of the host is there: not ``/root``, ``/home``, ``/work``,
the project, ``/etc`` (apart from the dynamic loader's files) or the database sockets.

Resource limits are set with ``prlimit`` on the sandbox's first process and inherited by all it
starts. ``RLIMIT_NPROC`` is not enforced for uid 0 (the worker runs as root), so a root worker first
drops to an unused uid picked at random from a high range: the program then counts its processes
against that uid, inside its own user namespace, and a fork bomb hits the limit. The program is
pid 1 of its own pid namespace: when it is killed (or bwrap, or the worker, dies) the kernel kills
everything it started.

Where any of this cannot be set up, :func:`sandbox_available` says why and
:class:`SandboxUnavailable` is raised: an untrusted bot is refused, never run unconfined.
"""

from __future__ import annotations

import functools
import os
import random
import shutil
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import EngineError

BWRAP = "/usr/bin/bwrap"
BOT_DIR = "/bot"
SCRATCH_DIR = "/scratch"
# The uid a sandboxed program runs as, seen from inside its user namespace.
INNER_UID = 1000
# Outside, a root worker runs each sandbox as a uid from this range, which no account uses; a fresh
# one per sandbox keeps one bot's fork bomb from eating another's process allowance.
OUTER_UID_RANGE = (1_900_000_000, 2_000_000_000)
_UIDS = random.SystemRandom()
_MIB = 1024 * 1024
# The loader's configuration is all a program needs from the host's /etc.
_ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "alternatives")


class SandboxUnavailable(EngineError):
    """Isolation cannot be set up here; the bot must be refused rather than run unconfined."""


@dataclass(frozen=True)
class Limits:
    """What one bot process (and everything it starts) may use over a whole game."""

    cpu_seconds: int = 120  # per process: the game's wall clock is the referee's
    memory_bytes: int = 512 * _MIB  # address space per process
    processes: int = 32  # inside the sandbox, the bot's own process included
    output_bytes: int = 8 * _MIB  # everything written to stdout over the game
    scratch_bytes: int = 64 * _MIB  # the tmpfs at /scratch
    file_bytes: int = 64 * _MIB  # the largest file it may write
    open_files: int = 64
    stderr_tail_bytes: int = 4096  # what is kept of stderr to show the owner

    def prlimit_args(self, *, processes: bool = True) -> list[str]:
        # The hard CPU limit a second later turns an ignored SIGXCPU into SIGKILL.
        args = [
            f"--cpu={self.cpu_seconds}:{self.cpu_seconds + 1}",
            f"--as={self.memory_bytes}",
            f"--fsize={self.file_bytes}",
            f"--nofile={self.open_files}",
            "--core=0",
        ]
        if processes:
            args.append(f"--nproc={self.processes}")
        return args


@dataclass(frozen=True)
class SandboxedCommand:
    """An argv and the ``subprocess.Popen`` keywords that start it confined."""

    argv: list[str]
    popen_kwargs: dict[str, Any]


def _prlimit() -> str:
    found = shutil.which("prlimit") or ("/usr/bin/prlimit" if os.path.exists("/usr/bin/prlimit") else None)
    if found is None:
        raise SandboxUnavailable("prlimit (util-linux) is not installed, so no resource limits can be set")
    return found


def reachable_by_others(path: Path) -> bool:
    """Whether an unprivileged uid can reach ``path`` (every directory above it is searchable)."""
    resolved = path.resolve()
    for directory in [*reversed(resolved.parents), resolved]:
        try:
            mode = directory.stat().st_mode
        except OSError:
            return False
        if stat.S_ISDIR(mode) and not mode & stat.S_IXOTH:
            return False
    return True


def _interpreter_prefix() -> str | None:
    """The worker's own Python install, when it lives outside /usr and the sandbox may see it.

    Under a home directory only root can enter (a pyenv build in /root), the unprivileged sandbox
    cannot mount it; ``python3`` is then the system's, from /usr/bin.
    """
    prefix = Path(sys.base_prefix).resolve()
    if prefix == Path("/usr") or Path("/usr") in prefix.parents:
        return None
    return str(prefix) if reachable_by_others(prefix) else None


def _root_filesystem() -> list[str]:
    args = ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():  # merged /usr: /bin -> usr/bin
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    for name in _ETC_FILES:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    prefix = _interpreter_prefix()
    if prefix is not None:
        args += ["--ro-bind", prefix, prefix]
    return args


def _path_variable() -> str:
    prefix = _interpreter_prefix()
    dirs = [f"{prefix}/bin"] if prefix is not None else []
    return ":".join([*dirs, "/usr/local/bin", "/usr/bin", "/bin"])


def make_readable(directory: Path) -> None:
    """Let the sandbox's unprivileged uid read a bot's files (a temp dir is 0700 by default)."""
    for path in [directory, *directory.rglob("*")]:
        if path.is_symlink():
            continue
        mode = path.stat().st_mode
        wanted = mode | stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH
        if stat.S_ISDIR(mode) or mode & stat.S_IXUSR:
            wanted |= stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH
        if wanted != mode:
            path.chmod(stat.S_IMODE(wanted))


def sandboxed(
    command: list[str], workdir: Path, limits: Limits, *, info_fd: int | None = None
) -> SandboxedCommand:
    """The argv (and Popen keywords) that run ``command`` in ``workdir`` inside the sandbox.

    ``info_fd`` is a pipe bwrap writes the program's host pid to: the program is its pid
    namespace's pid 1, so killing it ends everything it started.
    """
    if not command:
        raise EngineError("a bot needs a command to run")
    if not os.access(BWRAP, os.X_OK):
        raise SandboxUnavailable(
            f"bubblewrap is not installed at {BWRAP} (`make system` or `make test` installs it)"
        )
    workdir = workdir.resolve()
    if not workdir.is_dir():
        raise EngineError(f"the bot's directory {workdir} does not exist")
    if not reachable_by_others(workdir):
        raise SandboxUnavailable(
            f"the bot's directory {workdir} is inside a directory other users cannot enter; "
            "unpack bots under a world-searchable directory such as the system temp dir"
        )
    env = {
        "PATH": _path_variable(),
        "HOME": SCRATCH_DIR,
        "TMPDIR": SCRATCH_DIR,
        "LANG": "C.UTF-8",
        # Most bots print an answer and forget to flush; unbuffered output saves them a timeout.
        "PYTHONUNBUFFERED": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    bwrap = [
        BWRAP,
        "--unshare-all",
        "--unshare-user",
        "--disable-userns",
        "--uid",
        str(INNER_UID),
        "--gid",
        str(INNER_UID),
        "--hostname",
        "bot",
        "--die-with-parent",
        "--new-session",
        # The program is the namespace's pid 1, which bwrap reaps itself: bwrap's own reaper would
        # outlive bwrap for a moment and end up an orphaned zombie of the worker's init.
        "--as-pid-1",
        "--clearenv",
    ]
    for name, value in env.items():
        bwrap += ["--setenv", name, value]
    bwrap += _root_filesystem()
    bwrap += ["--proc", "/proc", "--dev", "/dev"]
    bwrap += ["--size", str(limits.scratch_bytes), "--tmpfs", SCRATCH_DIR]
    bwrap += ["--symlink", SCRATCH_DIR, "/tmp"]
    bwrap += ["--ro-bind", str(workdir), BOT_DIR, "--chdir", BOT_DIR]
    # bwrap builds the tree on a tmpfs of its own; left writable, it would be unbounded scratch space.
    bwrap += ["--remount-ro", "/dev", "--remount-ro", "/"]
    pass_fds: tuple[int, ...] = ()
    if info_fd is not None:
        bwrap += ["--info-fd", str(info_fd)]
        pass_fds = (info_fd,)
    bwrap += ["--", *command]
    kwargs: dict[str, Any] = {"pass_fds": pass_fds}
    if os.geteuid() == 0:
        # From the system's generator: the module's `random` may be reseeded (tests do it per test),
        # and two sandboxes given one uid would share its process limit.
        uid = _UIDS.randrange(*OUTER_UID_RANGE)
        kwargs.update(user=uid, group=uid, extra_groups=[])
    return SandboxedCommand([_prlimit(), *limits.prlimit_args(), "--", *bwrap], kwargs)


def limited(command: list[str], limits: Limits) -> list[str]:
    """``command`` under the resource limits alone, for an author's own bot on their machine.

    No process limit: for an ordinary user it would count every process they own.
    """
    try:
        return [_prlimit(), *limits.prlimit_args(processes=False), "--", *command]
    except SandboxUnavailable:
        return list(command)


@functools.cache
def sandbox_available() -> tuple[bool, str]:
    """Whether a program can be sandboxed here, tried for real once; the reason when not."""
    try:
        with tempfile.TemporaryDirectory(prefix="bot-probe-") as probe:
            workdir = Path(probe)
            make_readable(workdir)
            confined = sandboxed(["true"], workdir, Limits())
            result = subprocess.run(
                confined.argv,
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=30,
                check=False,
                **confined.popen_kwargs,
            )
    except SandboxUnavailable as error:
        return False, str(error)
    except (OSError, subprocess.SubprocessError) as error:
        return False, f"the sandbox could not be started: {error}"
    if result.returncode != 0:
        detail = result.stderr.decode(errors="replace").strip() or f"exit status {result.returncode}"
        return False, f"bubblewrap could not set up the sandbox (user namespaces disabled?): {detail}"
    return True, ""
