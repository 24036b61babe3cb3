"""The engine contract every game implements, and the registry that finds games by id.

A game is a :class:`Game` (metadata, config validation, ``new_state``) whose states follow
:class:`State`. Actions are JSON-able dicts with a ``"type"`` key. Everything a player, a bot, a
spectator or the API sees of a state comes from :meth:`State.observe`; the rest stays inside.

The core imports no game and no bot: the built-in games reach the registry through
:func:`add_game_loader` (``engine.registry``), and the bots every game has are built in ``engine.bots``.
"""

from __future__ import annotations

import random
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.config_fields import ConfigField, ConfigPreset

Action = dict[str, Any]
JSON = dict[str, Any]
Seat = int


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: error messages quote what a client sent, not all of it."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError):
    """An action the rules do not allow now; the message says why, in words a player reads."""


class ConfigError(EngineError):
    """A game config the engine cannot build a game from (unknown option, bad value, ...)."""


class UnknownGame(EngineError):
    """No game is registered under that id."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: seats from first to last, and a score for each seat.

    ``ranks[seat]`` is 1 for the winner. ``details`` carries game-specific public facts (final
    hands, the reason the game ended, ...).
    """

    ranking: tuple[Seat, ...]
    scores: tuple[float, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ranks(self) -> tuple[int, ...]:
        ranks = [0] * len(self.ranking)
        for place, seat in enumerate(self.ranking, start=1):
            ranks[seat] = place
        return tuple(ranks)

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place where the rules let seats tie (equal chips, say): ``details["places"]``
        when the game gives it, else :attr:`ranks`. Ratings and standings use these."""
        places = self.details.get("places")
        return tuple(int(place) for place in places) if places is not None else self.ranks

    @property
    def winner(self) -> Seat:
        return self.ranking[0]

    def to_json(self) -> JSON:
        return {
            "ranking": list(self.ranking),
            "ranks": list(self.ranks),
            "places": list(self.places),
            "scores": list(self.scores),
            "details": dict(self.details),
        }


class State(ABC):
    """One game in progress. Mutable: :meth:`apply` changes it in place or raises and changes nothing.

    :meth:`apply` checks what every game checks (the seat, the game not being over, the action's
    shape, the seat being to act), then hands the action to the game's :meth:`_step`, which checks
    and plays the rules. A game declares its actions as data (:attr:`action_keys`, :attr:`free_actions`).
    """

    game_id: ClassVar[str]
    # Every action type the game takes, with the keys an action of that type may carry ("type" among
    # them); :meth:`apply` refuses any other shape before the rules see it. Keys a type needs but lacks
    # are the rules' to name (the rules know the words: 'say which card').
    action_keys: ClassVar[Mapping[str, frozenset[str]]]
    # Action types a seat may play whether or not it is to act (table talk: ``say``).
    free_actions: ClassVar[frozenset[str]] = frozenset()
    # What a player calls one whole game of this kind, in the refusals: "the session is over".
    game_noun: ClassVar[str] = "game"
    # Whether the game numbers its actions (:meth:`legal_action_ids`, :meth:`apply_id`): the fast
    # path of random playouts and of bots that need no dicts, as OpenSpiel's ints are.
    has_action_ids: ClassVar[bool] = False

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def to_act(self) -> list[Seat]:
        """Seats that must act now; several at once in a simultaneous step, none once over."""

    def is_to_act(self, seat: Seat) -> bool:
        """Whether ``seat`` is in :meth:`to_act`, for any int ``seat`` (a seat of the table or not).

        :meth:`apply` asks on every move, so a game whose :meth:`to_act` builds a list answers here
        without building it."""
        return seat in self.to_act()

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now (empty when it need not act).

        Free actions a game allows at any time (table talk) are accepted by :meth:`apply` but
        not listed here, so a bot choosing uniformly does not spend its turns talking.
        """

    # -- action ids: the same actions as small ints ------------------------------------------------

    def legal_action_ids(self, seat: Seat) -> Sequence[int]:
        """The ids of :meth:`legal_actions`, in its order: ``action_for_id(ids[i]) == legal_actions(seat)[i]``.

        An id names one action for the whole game (the same int means the same action in every
        state of it), so checking one is a lookup, and a playout needs no dict at all. Only for a
        game that declares :attr:`has_action_ids`. A sequence: a list, or one that makes its ids
        when they are read (golf's plans) and equals the list of them."""
        raise NotImplementedError(f"{type(self).__name__} does not number its actions")

    def action_for_id(self, action_id: int) -> Action:
        """The action dict an id names, written as :meth:`legal_actions` writes it; raises
        :class:`IllegalAction` for an int that names no action of this game."""
        raise NotImplementedError(f"{type(self).__name__} does not number its actions")

    def action_id(self, action: Any) -> int | None:
        """The id of ``action`` when it is written exactly as :meth:`legal_actions` writes its
        actions (the same keys and value types), else None: other spellings, and actions that are
        not the game's decisions (``say``), have no id."""
        return None

    def apply_id(self, seat: Seat, action_id: int) -> None:
        """:meth:`apply` of the action ``action_id`` names, without building it when it is legal.

        A refused id is refused by :meth:`apply` itself, in its words, and changes nothing."""
        if type(seat) is int and type(action_id) is int and self._play_legal_id(seat, action_id):
            return
        self.apply(seat, self.action_for_id(action_id))
        # apply() took what the fast check refused: the two disagree, which is the game's bug.
        raise EngineError(f"{type(self).__name__}: id {action_id} was refused, then played")

    def _play_legal_id(self, seat: Seat, action_id: int) -> bool:
        """Play ``action_id`` for ``seat`` if it is among :meth:`legal_action_ids` now and say whether
        it was; change nothing when it is not (no message: :meth:`apply` words refusals)."""
        return False

    def apply(self, seat: Seat, action: Action) -> None:
        """Play ``action`` for ``seat``; raise :class:`IllegalAction` and change nothing if it is not legal.

        The same checks for every game, then the game's :meth:`_step`: ``seat`` is a seat of the table
        (an int, not a bool), the action a JSON object of one of :attr:`action_keys` with none but its
        keys, and the seat is to act (or the action is free) in a game that is not over. A game may
        override this whole, checking all of it its own way.

        A game with :attr:`has_action_ids` takes a legal action written as its legal actions are
        written by a shorter road: its id, found in a lookup, is legal now (a set test) and played;
        everything else, and every refusal, takes the checks below.
        """
        if self.has_action_ids and type(seat) is int:
            action_id = self.action_id(action)
            if action_id is not None and self._play_legal_id(seat, action_id):
                return
        # The checks run on every move of every playout: `type(...) is` first, as ABC checks are slow.
        if type(action) is not dict and not isinstance(action, Mapping):
            raise IllegalAction(f"an action is a JSON object with a 'type', not {short(action)}")
        kind = action.get("type")
        if type(kind) is not str or (allowed := self.action_keys.get(kind)) is None:
            raise IllegalAction(f"unknown action type {short(kind)}; actions: {', '.join(self.action_keys)}")
        # One key that got this far is "type": the set test is only needed for more.
        if len(action) > 1 and not allowed.issuperset(action):
            extra = sorted(map(short, action.keys() - allowed))[:5]
            raise IllegalAction(f"a {kind} action takes no {', '.join(extra)}")
        if type(seat) is not int:
            raise IllegalAction(self._no_such_seat(seat))
        if not self.is_to_act(seat):
            # A seat to act is a seat of a running game: the rest is checked only for the others.
            if not 0 <= seat < self.num_players:
                raise IllegalAction(self._no_such_seat(seat))
            if self.is_over:
                raise IllegalAction(f"the {self.game_noun} is over")
            if kind not in self.free_actions:
                raise IllegalAction(self._not_to_act(seat, kind))
        self._step(seat, action)

    def _no_such_seat(self, seat: object) -> str:
        return f"there is no seat {short(seat)} in a {self.num_players}-player {self.game_noun}"

    def _step(self, seat: Seat, action: Action) -> None:
        """Play an action :meth:`apply` has checked: the game's own rules, which raise
        :class:`IllegalAction` and change nothing when the action breaks them.

        Not abstract, so that a game overriding :meth:`apply` whole need not have it."""
        raise NotImplementedError(f"{type(self).__name__} overrides neither apply nor _step")

    def _not_to_act(self, seat: Seat, kind: str) -> str:
        """Why ``seat``, which is not to act, may not play a ``kind`` action now (the game may say more)."""
        waiting = self.to_act()
        if len(waiting) == 1:
            return f"it is seat {waiting[0]}'s turn, not seat {seat}'s"
        return f"seat {seat} is not to act now: seats {', '.join(map(str, waiting))} are"

    @abstractmethod
    def observe(self, seat: Seat | None) -> JSON:
        """What ``seat`` (or a spectator, for ``None``) may see now, as JSON-able data."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The result of a finished game; raises :class:`EngineError` while it runs."""

    @abstractmethod
    def to_json(self) -> JSON:
        """The complete state, secrets included: for storage and replay, never for a player."""

    @abstractmethod
    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> State:
        """A copy in which everything ``seat`` cannot see is redrawn at random.

        ``seat``'s observation of the copy must equal its observation of this state; the
        conformance tests use this to prove that observations leak nothing.
        """

    def check_invariants(self) -> None:  # noqa: B027 - optional hook, a no-op by default
        """Raise AssertionError if the state breaks a rule that must always hold."""


class Game(ABC):
    """A registered game: metadata, config handling and state construction."""

    id: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    simultaneous: ClassVar[bool]
    chance: ClassVar[bool]
    hidden_information: ClassVar[bool]
    rules: ClassVar[str] = ""
    # How a competition totals a multi-seat table: "rank" (finishing order), "points" or "chips"
    # (the outcome's scores). Duplicate deals: every table of a round gets the same deal, so
    # entrants are compared on decisions rather than cards (games where seats do not interact).
    scoring: ClassVar[str] = "rank"
    duplicate_deals: ClassVar[bool] = False
    # Games a competition's multi-seat table plays before it is decided, totalled by ``scoring``.
    games_per_table: ClassVar[int] = 1
    # Table talk: whether any seat may play ``{"type": "say", "text": ...}`` at any time (it is not
    # listed among the legal actions, which are the game's decisions).
    table_talk: ClassVar[bool] = False
    # Bots every game offers whatever its rules, by name (the uniform random bot): ``engine.bots``
    # builds them, so that the core imports no bot.
    generic_bots: ClassVar[tuple[str, ...]] = ("random",)

    @abstractmethod
    def normalize_config(self, config: Mapping[str, Any] | None) -> JSON:
        """The config with defaults filled in; raises :class:`ConfigError` on anything invalid."""

    @abstractmethod
    def new_state(self, config: Mapping[str, Any] | None, seed: int) -> State: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State: ...

    def redact_action(self, seat: Seat, action: Action, viewer: Seat | None) -> Action:
        """``seat``'s stored action as ``viewer`` may see it while the game runs (hidden parts removed).

        A game whose actions hide nothing (the default) returns the action unchanged.
        """
        return action

    def describe_action(self, action: Any) -> str:
        """``action`` in one line a person reads (button labels, move lists): ``"Swap seat 2"``.

        The default is built from the dict alone, so every game gets something legible; games
        override it with their own words. Never raises, whatever a client stored.
        """
        if not isinstance(action, Mapping):
            return short(action)
        kind = action.get("type")
        words = str(kind).replace("_", " ").capitalize() if isinstance(kind, str) and kind else "Action"
        details = [f"{key} {_describe_value(value)}" for key, value in action.items() if key != "type"]
        return f"{words} {', '.join(details)}" if details else words

    def describe_action_for(self, observation: Mapping[str, Any], action: Any) -> str:
        """What playing ``action`` does, in full, for the seat whose ``observation`` this is: the
        words of its button ("Swap your K♠ for seat 2's 7♦"), where :meth:`describe_action` only
        names the action. Built from the observation alone, so a label never tells the seat more than
        it already sees. The default is :meth:`describe_action`; games override it with their rules'
        consequences. Never raises, whatever the observation or action."""
        return self.describe_action(action)

    def is_card(self, value: object) -> bool:
        """Whether ``value`` names one of this game's cards: pages draw such values as cards, and the
        hidden-information checks look for them in every response. The default is the 52-card deck's
        names (``"As"``); a game with other cards overrides it (their names must be unique strings)."""
        from engine.cards import CARD_INDEX

        return isinstance(value, str) and value in CARD_INDEX

    def max_players_for(self, config: Mapping[str, Any] | None) -> int:
        """The most players this config allows (variants may lower :attr:`max_players`)."""
        return self.max_players

    def bots(self) -> Mapping[str, type[Any]]:
        """The game's own bots, by name; ``engine.bots.bots_for`` adds the :attr:`generic_bots`."""
        return {}

    def bot_names(self) -> list[str]:
        """The name of every bot the game offers: its own and the generic ones."""
        return sorted({*self.generic_bots, *self.bots()})

    def conformance_configs(self) -> list[JSON]:
        """Configs the generic conformance suite plays: the default one unless the game knows better."""
        return [{}]

    def config_fields(self) -> list[ConfigField]:
        """The options :meth:`normalize_config` accepts, described for forms (none by default: a
        game without them is played with ``{}``)."""
        return []

    def config_presets(self) -> list[ConfigPreset]:
        """Named configs a player may start from; the first is the default game."""
        return [ConfigPreset("default", "Default rules", {})]

    def metadata(self) -> JSON:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "simultaneous": self.simultaneous,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "rules": self.rules,
            "scoring": self.scoring,
            "table_talk": self.table_talk,
            "duplicate_deals": self.duplicate_deals,
            "bots": self.bot_names(),
            "config_fields": [config_field.to_json() for config_field in self.config_fields()],
            "config_presets": [preset.to_json() for preset in self.config_presets()],
        }


def _describe_value(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple):
        return " ".join(_describe_value(item) for item in value)
    return short(value)


# A game's button words: (observation, action) -> its words, or None for the plain description.
LabelRule = Callable[[Mapping[str, Any], Mapping[str, Any]], str | None]


def described_for(game: Game, rule: LabelRule, observation: Any, action: Any) -> str:
    """``game``'s words for ``action`` by ``rule`` (its labels module), or its plain description
    where the rule has none, or where the observation or action is not the shape the rule reads
    (a label must never break a page)."""
    if isinstance(action, Mapping) and isinstance(observation, Mapping):
        try:
            words = rule(observation, action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            words = None
        if words:
            return words
    return game.describe_action(action)


_REGISTRY: dict[str, Game] = {}
# Where games come from besides register(). ``engine.registry`` (imported by the package, so before
# anyone can ask) adds the built-in games here; they load on the first lookup.
_GAME_LOADERS: list[Callable[[], Iterable[Game]]] = []
# A threaded server's first requests look games up at once: one thread runs the loaders, the others
# wait for it rather than run them too (each would register every game a second time).
_LOADING = threading.Lock()


def register(game: Game) -> Game:
    if game.id in _REGISTRY:
        raise ValueError(f"a game is already registered as {game.id!r}")
    _REGISTRY[game.id] = game
    return game


def add_game_loader(loader: Callable[[], Iterable[Game]]) -> None:
    """Register the games ``loader`` returns when a game is first looked up (not now: importing every
    game takes a third of a second, which a program that never looks a game up need not pay)."""
    _GAME_LOADERS.append(loader)


def _load_games() -> None:
    if not _GAME_LOADERS:  # every lookup after the first: no lock taken
        return
    with _LOADING:
        while _GAME_LOADERS:
            games = list(_GAME_LOADERS[0]())
            # Dropped only once it has run: a loader that fails fails again on the next lookup.
            del _GAME_LOADERS[0]
            for game in games:
                register(game)


def get_game(game_id: str) -> Game:
    _load_games()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownGame(f"no game is registered as {game_id!r}; known games: {known}") from None


def registered_games() -> list[Game]:
    _load_games()
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def new_state(game_id: str, config: Mapping[str, Any] | None, seed: int) -> State:
    return get_game(game_id).new_state(config, seed)


def state_from_json(data: Mapping[str, Any]) -> State:
    return get_game(str(data["game"])).state_from_json(data)


def replay(
    game_id: str,
    config: Mapping[str, Any] | None,
    seed: int,
    actions: Iterable[tuple[Seat, Action] | Sequence[Any]],
) -> State:
    """Rebuild a game from its move history; raises :class:`IllegalAction` naming the bad move."""
    state = new_state(game_id, config, seed)
    for number, (seat, action) in enumerate(actions, start=1):
        try:
            state.apply(int(seat), action)
        except IllegalAction as exc:
            raise IllegalAction(f"move {number} (seat {seat}, {action!r}): {exc}") from exc
    return state
