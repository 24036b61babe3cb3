"""The curve bot: a keep policy per mulligan rule, then greedy curve play in the goldfish race.

Every decision that changes which hand is kept looks only at how many lands a hand holds and how
big it is, never at which spells: that is what lets :mod:`engine.games.opening_hand.analysis`
compute the keep probabilities exactly (hypergeometric sums) instead of simulating them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from engine.core import JSON, Action, EngineError
from engine.games.opening_hand import deck


@dataclass(frozen=True)
class KeepPolicy:
    """Keep a hand whose land count is in a range that widens as the hand shrinks.

    At the starting size a hand is kept with ``min_lands``..``max_lands`` lands; each card lost
    lowers the minimum by one (never below one land while cards remain) and a hand must hold at
    least one spell; a hand of ``always_keep_at`` cards or fewer is always kept (another mulligan
    costs more than a bad small hand). ``land_ratio`` is the share of lands the bot aims for when it
    chooses cards to bottom or exile.
    """

    min_lands: int = 2
    max_lands: int = 5
    always_keep_at: int = 4
    land_ratio: float = 3 / 7

    def __post_init__(self) -> None:
        for name in ("min_lands", "max_lands", "always_keep_at"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise EngineError(f"{name} must be a whole number of at least 0, not {value!r}")
        if self.min_lands > self.max_lands:
            raise EngineError(f"min_lands ({self.min_lands}) must not exceed max_lands ({self.max_lands})")
        if isinstance(self.land_ratio, bool) or not isinstance(self.land_ratio, int | float):
            raise EngineError(f"land_ratio must be a number between 0 and 1, not {self.land_ratio!r}")
        if not 0 <= self.land_ratio <= 1:
            raise EngineError(f"land_ratio must be between 0 and 1, not {self.land_ratio!r}")

    def keep_range(self, size: int, start: int = 7) -> tuple[int, int]:
        """The land counts kept in a hand of ``size`` cards (``start``: the starting hand size)."""
        low = max(min(1, self.min_lands), self.min_lands - max(0, start - size))
        high = min(self.max_lands, size - 1)
        return low, high

    def keeps(self, size: int, lands: int, start: int = 7) -> bool:
        """Whether a hand of ``size`` cards with ``lands`` lands is kept (Paris, Vancouver, Commander)."""
        if size <= self.always_keep_at:
            return True
        low, high = self.keep_range(size, start)
        return low <= lands <= high

    def ideal_lands(self, size: int) -> int:
        return min(size, max(0, round(size * self.land_ratio)))

    def london_target(self, drawn: int, lands: int, bottoms: int, start: int = 7) -> int | None:
        """London: the land count to keep after bottoming ``bottoms`` of ``drawn`` cards holding ``lands``
        lands, or None when no choice of bottoms makes the hand keepable (the bot mulligans again).
        """
        size = drawn - bottoms
        reachable = range(max(0, lands - bottoms), min(lands, size) + 1)
        if size <= self.always_keep_at:
            wanted = reachable
        else:
            low, high = self.keep_range(size, start)
            wanted = range(max(low, reachable.start), min(high + 1, reachable.stop))
        if not wanted:
            return None
        ideal = self.ideal_lands(size)
        return min(wanted, key=lambda n: (abs(n - ideal), n))

    def london_keeps(self, drawn: int, lands: int, bottoms: int, start: int = 7) -> bool:
        return drawn - bottoms <= 0 or self.london_target(drawn, lands, bottoms, start) is not None

    def exile_plan(self, size: int, lands: int, next_size: int) -> tuple[int, int]:
        """Commander partial Paris: how many (lands, spells) to exile from a rejected hand of ``size``
        cards so that, with the cards drawn, the next hand has ``next_size`` cards close to the ideal mix.

        Excess lands go first when the hand is land-heavy, the most expensive spells first when it
        is land-light; at least one card always goes (otherwise the mulligan would change nothing).
        """
        spells = size - lands
        target_lands = self.ideal_lands(next_size)
        kept_lands = min(lands, target_lands)
        kept_spells = min(spells, next_size - target_lands)
        if kept_lands + kept_spells >= size:  # only possible with a free mulligan: drop one card anyway
            if lands > target_lands or kept_spells == 0:
                kept_lands -= 1
            else:
                kept_spells -= 1
        return lands - kept_lands, spells - kept_spells


class CurveBot:
    """Keeps by :class:`KeepPolicy` under every rule, then plays its curve greedily.

    Options (``make_bot("opening_hand", "curve", min_lands=3, ...)``): the :class:`KeepPolicy`
    fields, ``scry_lands_wanted`` (Vancouver: a land on top stays while the hand holds fewer lands than
    this) and ``serum_powder`` (use a Serum Powder instead of a mulligan that would cost a card).

    In the race it plays a land every turn and casts the set of spells with the largest total mana
    value it can pay for, biggest spell first (damage is mana value per turn, so mana left unspent
    is damage lost for good).
    """

    name: ClassVar[str] = "curve"
    needs_observation: ClassVar[bool] = True

    def __init__(
        self,
        min_lands: int = 2,
        max_lands: int = 5,
        always_keep_at: int = 4,
        land_ratio: float = 3 / 7,
        scry_lands_wanted: int = 4,
        serum_powder: bool = True,
        policy: KeepPolicy | None = None,
    ) -> None:
        self.policy = policy or KeepPolicy(min_lands, max_lands, always_keep_at, land_ratio)
        if isinstance(scry_lands_wanted, bool) or not isinstance(scry_lands_wanted, int):
            raise EngineError(f"scry_lands_wanted must be a whole number, not {scry_lands_wanted!r}")
        if not isinstance(serum_powder, bool):
            raise EngineError(f"serum_powder is true or false, not {serum_powder!r}")
        self.scry_lands_wanted = scry_lands_wanted
        self.serum_powder = serum_powder

    def act(self, observation: JSON | None, legal_actions: list[Action], rng: random.Random) -> Action:
        if observation is None:
            raise EngineError("the curve bot needs its observation")
        kinds = {action["type"] for action in legal_actions}
        if kinds & {"keep", "mulligan", "serum_powder"}:
            wanted = self._declare(observation, legal_actions, kinds)
        elif "bottom" in kinds:
            wanted = self._bottom(observation, legal_actions)
        elif kinds & {"exile", "done"}:
            wanted = self._exile(observation, legal_actions)
        elif "scry" in kinds:
            wanted = self._scry(observation)
        else:
            wanted = self._race(observation, legal_actions, kinds)
        return wanted if wanted in legal_actions else legal_actions[0]

    # -- the mulligan phase ---------------------------------------------------------------------------

    def _declare(self, observation: JSON, legal: list[Action], kinds: set[str]) -> Action:
        me = _me(observation)
        hand: list[str] = list(observation["hand"])
        lands = sum(deck.is_land(card) for card in hand)
        rule = str(observation["rule"])
        start = int(observation["starting_hand_size"])
        if rule == "original_1994":
            keep = not (hand and lands in (0, len(hand)))
        elif rule == "london":
            bottoms = int(me["mulligans"]) - (1 if observation["free_first_mulligan"] else 0)
            # The bottoms of a keep now: the mulligans that cost a card so far.
            keep = self.policy.london_keeps(len(hand), lands, max(0, bottoms), start)
        else:
            keep = self.policy.keeps(len(hand), lands, start)
        if keep or "mulligan" not in kinds:
            return {"type": "keep"}
        powders = [action for action in legal if action["type"] == "serum_powder"]
        if powders and self.serum_powder:
            return powders[0]  # a new hand of the same size, where a mulligan would cost a card
        return {"type": "mulligan"}

    def _bottom(self, observation: JSON, legal: list[Action]) -> Action:
        hand: list[str] = list(observation["hand"])
        owed = int(_me(observation)["to_bottom"])
        lands = sum(deck.is_land(card) for card in hand)
        target = self.policy.london_target(len(hand), lands, owed, int(observation["starting_hand_size"]))
        if target is None:  # a forced keep: aim for the ideal mix among what bottoming can reach
            size = len(hand) - owed
            target = min(max(self.policy.ideal_lands(size), lands - owed), lands)
        others = [card for card in hand if not deck.is_land(card)]
        if lands > target or not others:
            card = next(card for card in hand if deck.is_land(card))
        else:
            card = _worst_nonland(others)
        return {"type": "bottom", "card": card}

    def _exile(self, observation: JSON, legal: list[Action]) -> Action:
        me = _me(observation)
        hand: list[str] = list(observation["hand"])
        lands = sum(deck.is_land(card) for card in hand)
        done = _exiled_this_mulligan(observation)
        size = len(hand) + done
        free = bool(observation["free_first_mulligan"]) and int(me["mulligans"]) == 0
        next_size = size if free else size - 1
        # The plan was made on the hand before this mulligan's first exile, lands going first; find
        # the land count that hand had (the bot keeps no memory between moves).
        for start_lands in range(lands, lands + done + 1):
            out_lands, out_spells = self.policy.exile_plan(size, start_lands, next_size)
            if start_lands - min(done, out_lands) == lands:
                break
        in_hand_lands = [card for card in hand if deck.is_land(card)]
        others = [card for card in hand if not deck.is_land(card)]
        if done < out_lands and in_hand_lands:
            return {"type": "exile", "card": in_hand_lands[0]}
        if done < out_lands + out_spells and others:
            return {"type": "exile", "card": _worst_nonland(others)}
        return {"type": "done"}

    def _scry(self, observation: JSON) -> Action:
        top = str(observation["library_top"][0])
        hand: list[str] = list(observation["hand"])
        lands = sum(deck.is_land(card) for card in hand)
        if deck.is_land(top):
            keep = lands < self.scry_lands_wanted
        elif deck.is_spell(top):
            # a spell stays on top when the hand can soon pay for it
            keep = lands >= self.policy.keep_range(len(hand), int(observation["starting_hand_size"]))[0] and (
                deck.mana_value(top) <= lands + 2
            )
        else:
            keep = False  # Serum Powder does nothing in the race
        return {"type": "scry", "bottom": not keep}

    # -- the race ---------------------------------------------------------------------------------------

    def _race(self, observation: JSON, legal: list[Action], kinds: set[str]) -> Action:
        if "play_land" in kinds:
            return next(action for action in legal if action["type"] == "play_land")
        casts = [action for action in legal if action["type"] == "cast"]
        if casts:
            me = _me(observation)
            mana = int(me["mana"])
            spells = [str(action["card"]) for action in casts]
            chosen = best_cast(spells, mana)
            if chosen is not None:
                return {"type": "cast", "card": chosen}
        return {"type": "end_turn"}


def best_cast(spells: list[str], mana: int) -> str | None:
    """The first spell to cast of the set with the largest total mana value ``mana`` pays for.

    Among the sets that reach that total, the one holding the biggest spells: cheap spells are
    easier to fit into later turns. The same choice is made again after each cast.
    """
    values = sorted((deck.mana_value(card), card) for card in spells)
    best = _best_total([value for value, _ in values], mana)
    if best == 0:
        return None
    for index in range(len(values) - 1, -1, -1):
        value, card = values[index]
        rest = [v for i, (v, _) in enumerate(values) if i != index]
        if value <= best and (value == best or _reachable(rest, mana - value) >> (best - value) & 1):
            return card
    return None


def _reachable(values: list[int], limit: int) -> int:
    """Totals (as bits) that some subset of ``values`` makes, up to ``limit``."""
    mask = (1 << (max(limit, 0) + 1)) - 1
    bits = 1
    for value in values:
        bits = (bits | bits << value) & mask
    return bits


def _best_total(values: list[int], limit: int) -> int:
    return _reachable(values, limit).bit_length() - 1 if limit >= 0 else 0


def _worst_nonland(cards: list[str]) -> str:
    """Serum Powder first (it does nothing in the race), then the most expensive spell."""
    return max(cards, key=lambda card: (deck.is_powder(card), deck.mana_value(card), card))


def _me(observation: JSON) -> JSON:
    seat_view: JSON = observation["seats"][observation["seat"]]
    return seat_view


def _exiled_this_mulligan(observation: JSON) -> int:
    """Cards exiled so far in the Commander mulligan under way, counted in the public history."""
    seat = observation["seat"]
    count = 0
    for event in reversed(observation["history"]):
        if event.get("seat") != seat:
            continue
        if event["type"] != "exile":
            break
        count += 1
    return count


BOTS: dict[str, type[CurveBot]] = {"curve": CurveBot}
