"""The starter kit: a working bot skeleton per game and transport, for ``python -m engine bot-template``.

A skeleton is a transport file (``stdio_bot.py``: JSON lines on stdin/stdout, as the service runs an
uploaded program; ``http_bot.py``: a small stdlib HTTP server for a registered URL) whose
``choose`` function is replaced by the game's strategy (``<game>_strategy.py``) where the kit has
one; any other game gets the transport's own choice, a random legal action. Each file here is a
complete program by itself, so all of them are linted and type-checked with the engine.
"""

from __future__ import annotations

from importlib import resources

from engine.core import EngineError, get_game

TRANSPORTS = {"stdio": "stdio_bot.py", "http": "http_bot.py"}
LANGUAGES = ("python",)
# The HTTP template listens here by default: not 8000, the service's own port in development.
HTTP_PORT = 8765
BEGIN = "# --- strategy: begin ---"
END = "# --- strategy: end ---"


def _read(name: str) -> str:
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


def _block(text: str, name: str) -> tuple[int, int]:
    start, stop = text.find(BEGIN), text.find(END)
    if start < 0 or stop < start:
        raise EngineError(f"the kit's {name} has no strategy block")
    return start, stop + len(END)


def has_strategy(game_id: str) -> bool:
    return resources.files(__name__).joinpath(f"{game_id}_strategy.py").is_file()


def default_file_name(game_id: str, transport: str) -> str:
    return f"{game_id}_bot.py" if transport == "stdio" else f"{game_id}_{transport}_bot.py"


def opponent(game_id: str) -> str:
    """The built-in bot a new bot of this game is tried against: the game's own, else ``random``."""
    names = [name for name in get_game(game_id).bots() if name != "random"]
    return names[0] if names else "random"


def try_it(game_id: str, transport: str, path: str) -> list[str]:
    """The commands that try the bot written to ``path`` (the HTTP one: the server, then the game)."""
    if transport == "stdio":
        return [f"python -m engine play {game_id} --bot {path} --vs {opponent(game_id)} --games 20"]
    return [
        f"python3 {path}",
        f"python -m engine play {game_id} --bot http://127.0.0.1:{HTTP_PORT}/ --vs {opponent(game_id)}",
    ]


def template(
    game_id: str, *, transport: str = "stdio", language: str = "python", file_name: str | None = None
) -> str:
    """The source of a working bot for ``game_id``, to be saved as ``file_name`` (which its comments
    name; by default ``default_file_name``); raises EngineError for an unknown transport or language."""
    if language not in LANGUAGES:
        raise EngineError(f"the starter kit has bots in {', '.join(LANGUAGES)}, not {language!r}")
    if transport not in TRANSPORTS:
        raise EngineError(f"a bot speaks {' or '.join(TRANSPORTS)}, not {transport!r}")
    skeleton = _read(TRANSPORTS[transport])
    if has_strategy(game_id):
        strategy_file = f"{game_id}_strategy.py"
        strategy = _read(strategy_file)
        begin, end = _block(strategy, strategy_file)
        start, stop = _block(skeleton, TRANSPORTS[transport])
        skeleton = skeleton[:start] + strategy[begin:end] + skeleton[stop:]
    return (
        skeleton.replace("GAME_ID", game_id)
        .replace("OPPONENT_BOT", opponent(game_id))
        .replace("THIS_FILE", file_name or default_file_name(game_id, transport))
    )


__all__ = [
    "HTTP_PORT",
    "LANGUAGES",
    "TRANSPORTS",
    "default_file_name",
    "has_strategy",
    "opponent",
    "template",
    "try_it",
]
