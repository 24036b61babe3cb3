"""``games.services.moves.move_submit``: validation, errors, idempotency, and real concurrency."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser

from games.models import Bot, Game, GameStatus, Move, Player
from games.selectors.games import game_state
from games.services.errors import Conflict, IllegalMove, InvalidInput, NotAllowed, NotFound, ServiceError
from games.services.moves import move_submit
from tests.games.factories import PlayerFactory
from tests.games.helpers import create_game, postgres_only, race, stored_moves

SEED = 424242


def _auction(game: Game, seat: int = 0) -> dict[str, Any]:
    return next(a for a in game_state(game).legal_actions(seat) if a["type"] == "auction")


def _hand(game: Game, seat: int) -> list[str]:
    return list(game_state(game).observe(seat)["hand"])


@pytest.fixture
def two_people(players: list[Player]) -> Game:
    """A two-player game of people; seat 0 (players[0]) auctions first."""
    return create_game([players[0].competitor, players[1].competitor], seed=SEED)


@pytest.fixture
def four_people(players: list[Player]) -> Game:
    return create_game([p.competitor for p in players], seed=SEED)


@pytest.mark.django_db
class TestSubmit:
    def test_a_legal_move_is_stored_and_moves_the_version(
        self, two_people: Game, players: list[Player]
    ) -> None:
        action = _auction(two_people)
        move, created = move_submit(
            game_pk=two_people.pk, user=players[0].user, action=action, expected_move=0
        )
        assert created
        assert (move.number, move.seat, move.action) == (1, 0, action)
        two_people.refresh_from_db()
        assert two_people.version == 1
        assert stored_moves(two_people) == [(0, action)]
        # The engine now waits for seat 1's offer.
        assert game_state(two_people).to_act() == [1]

    def test_an_illegal_move_raises_with_the_engines_reason_and_stores_nothing(
        self, two_people: Game, players: list[Player]
    ) -> None:
        not_mine = next(card for card in _hand(two_people, 1))
        with pytest.raises(IllegalMove) as raised:
            move_submit(
                game_pk=two_people.pk,
                user=players[0].user,
                action={"type": "auction", "card": not_mine},
                expected_move=0,
            )
        assert raised.value.status_code == 400
        assert raised.value.message == f"{not_mine} is not in seat 0's hand"
        two_people.refresh_from_db()
        assert two_people.version == 0
        assert not Move.objects.exists()

    @pytest.mark.parametrize(
        ("action", "reason"),
        [
            ({"type": "swap", "seat": 1}, "cannot swap now: seat 0 is the auctioneer"),
            ({"type": "dance"}, "unknown action type 'dance'"),
            ({"type": "skip", "loudly": True}, "a skip action takes no 'loudly'"),
            ({"type": "auction", "card": "Zz"}, "'Zz' is not a card"),
            ({"type": "auction"}, "say which card"),
            ({"type": "say", "text": "   "}, "say needs some text"),
            ({"type": "say", "text": "x" * 281}, "say at most 280 characters"),
            ({}, "unknown action type None"),
            (["skip"], "an action is a JSON object"),
        ],
    )
    def test_illegal_actions_carry_the_engines_words(
        self, two_people: Game, players: list[Player], action: Any, reason: str
    ) -> None:
        with pytest.raises(IllegalMove) as raised:
            move_submit(game_pk=two_people.pk, user=players[0].user, action=action)
        assert reason in raised.value.message
        two_people.refresh_from_db()
        assert two_people.version == 0
        assert not two_people.moves.exists()

    def test_a_user_without_a_seat_is_not_allowed(self, two_people: Game, players: list[Player]) -> None:
        with pytest.raises(NotAllowed) as raised:
            move_submit(game_pk=two_people.pk, user=players[2].user, action={"type": "skip"})
        assert raised.value.status_code == 403
        with pytest.raises(NotAllowed):
            move_submit(game_pk=two_people.pk, user=AnonymousUser(), action={"type": "skip"})
        assert not two_people.moves.exists()

    def test_a_bot_seat_cannot_be_played_by_a_person(self, players: list[Player], random_bot: Bot) -> None:
        game = create_game([random_bot.competitor, players[0].competitor], seed=SEED)
        with pytest.raises(NotAllowed):
            move_submit(game_pk=game.pk, user=players[0].user, action={"type": "skip"}, seat_index=0)

    def test_not_your_turn_is_a_conflict(self, two_people: Game, players: list[Player]) -> None:
        with pytest.raises(Conflict, match=r"it is not your turn \(seat 0 must act\)") as raised:
            move_submit(game_pk=two_people.pk, user=players[1].user, action={"type": "skip"})
        assert raised.value.status_code == 409
        assert not two_people.moves.exists()

    def test_a_stale_expected_move_is_a_conflict(self, two_people: Game, players: list[Player]) -> None:
        move_submit(game_pk=two_people.pk, user=players[0].user, action=_auction(two_people), expected_move=0)
        offer = game_state(two_people).legal_actions(1)[0]
        with pytest.raises(Conflict, match="stale move: you expected move 0 but the game is at move 1"):
            move_submit(game_pk=two_people.pk, user=players[1].user, action=offer, expected_move=0)
        with pytest.raises(Conflict, match="stale"):
            move_submit(game_pk=two_people.pk, user=players[1].user, action=offer, expected_move=2)
        assert two_people.moves.count() == 1
        move, created = move_submit(
            game_pk=two_people.pk, user=players[1].user, action=offer, expected_move=1
        )
        assert created and move.number == 2

    def test_a_finished_game_is_a_conflict(self, two_people: Game, players: list[Player]) -> None:
        # Two players: the auctioneer folding ends the game.
        move_submit(game_pk=two_people.pk, user=players[0].user, action={"type": "fold"})
        two_people.refresh_from_db()
        assert two_people.status == GameStatus.FINISHED
        for user in (players[0].user, players[1].user):
            with pytest.raises(Conflict, match="the game is finished"):
                move_submit(game_pk=two_people.pk, user=user, action={"type": "skip"})
            with pytest.raises(Conflict, match="the game is finished"):
                move_submit(game_pk=two_people.pk, user=user, action={"type": "say", "text": "gg"})
        assert two_people.moves.count() == 1

    def test_the_finishing_move_stores_the_outcome(self, two_people: Game, players: list[Player]) -> None:
        move_submit(game_pk=two_people.pk, user=players[0].user, action={"type": "fold"})
        two_people.refresh_from_db()
        assert two_people.outcome["details"]["reason"] == "fold"
        assert two_people.outcome["ranking"] == [1, 0]  # the seat that folded cannot win
        assert [s.rank for s in two_people.seats.order_by("index")] == [2, 1]
        assert two_people.finished_at is not None

    def test_an_unknown_game_is_not_found(self, players: list[Player]) -> None:
        with pytest.raises(NotFound):
            move_submit(game_pk=10**9, user=players[0].user, action={"type": "skip"})

    def test_say_is_stored_at_any_time_and_does_not_pass_the_turn(
        self, two_people: Game, players: list[Player]
    ) -> None:
        move, created = move_submit(
            game_pk=two_people.pk, user=players[1].user, action={"type": "say", "text": "deal?"}
        )
        assert created and (move.seat, move.number) == (1, 1)
        assert game_state(two_people).to_act() == [0]

    def test_one_player_in_several_seats_must_say_which(self, players: list[Player]) -> None:
        person = players[0]
        game = create_game([person.competitor, person.competitor, players[1].competitor], seed=SEED)
        move_submit(game_pk=game.pk, user=person.user, action=_auction(game))
        # Seats 1 (the same person) and 2 must both offer now.
        offer = game_state(game).legal_actions(1)[0]
        move, _ = move_submit(game_pk=game.pk, user=person.user, action=offer)
        assert move.seat == 1
        with pytest.raises(NotAllowed, match="seat 2 is not yours"):
            move_submit(game_pk=game.pk, user=person.user, action=offer, seat_index=2)

    def test_several_acting_seats_need_a_seat_index(self, players: list[Player]) -> None:
        person = players[0]
        game = create_game([players[1].competitor, person.competitor, person.competitor], seed=SEED)
        move_submit(game_pk=game.pk, user=players[1].user, action=_auction(game))
        offer = game_state(game).legal_actions(2)[0]
        with pytest.raises(InvalidInput, match="say which with 'seat'"):
            move_submit(game_pk=game.pk, user=person.user, action=offer)
        move, _ = move_submit(game_pk=game.pk, user=person.user, action=offer, seat_index=2)
        assert move.seat == 2


@pytest.mark.django_db
class TestIdempotency:
    def test_a_retry_returns_the_stored_move_and_stores_nothing(
        self, two_people: Game, players: list[Player]
    ) -> None:
        action = _auction(two_people)
        first, created = move_submit(
            game_pk=two_people.pk, user=players[0].user, action=action, expected_move=0, idempotency_key="k-1"
        )
        assert created
        # The retry names the version it saw before the first attempt: still the same answer.
        again, created_again = move_submit(
            game_pk=two_people.pk, user=players[0].user, action=action, expected_move=0, idempotency_key="k-1"
        )
        assert not created_again
        assert again.pk == first.pk and again.number == 1 and again.action == action
        assert two_people.moves.count() == 1
        two_people.refresh_from_db()
        assert two_people.version == 1

    def test_a_retry_after_the_game_moved_on_still_returns_the_move(
        self, two_people: Game, players: list[Player]
    ) -> None:
        action = _auction(two_people)
        first, _ = move_submit(
            game_pk=two_people.pk, user=players[0].user, action=action, idempotency_key="a"
        )
        offer = game_state(two_people).legal_actions(1)[0]
        move_submit(game_pk=two_people.pk, user=players[1].user, action=offer)
        again, created = move_submit(
            game_pk=two_people.pk, user=players[0].user, action=action, idempotency_key="a"
        )
        assert (again.pk, created) == (first.pk, False)
        assert two_people.moves.count() == 2

    def test_a_retry_after_the_game_finished_still_returns_the_move(
        self, two_people: Game, players: list[Player]
    ) -> None:
        first, _ = move_submit(
            game_pk=two_people.pk, user=players[0].user, action={"type": "fold"}, idempotency_key="last"
        )
        again, created = move_submit(
            game_pk=two_people.pk, user=players[0].user, action={"type": "fold"}, idempotency_key="last"
        )
        assert (again.pk, created) == (first.pk, False)

    def test_the_same_key_with_another_action_is_a_conflict(
        self, two_people: Game, players: list[Player]
    ) -> None:
        move_submit(
            game_pk=two_people.pk, user=players[0].user, action=_auction(two_people), idempotency_key="k"
        )
        with pytest.raises(Conflict, match="already used for a different move"):
            move_submit(
                game_pk=two_people.pk,
                user=players[0].user,
                action={"type": "say", "text": "hi"},
                idempotency_key="k",
            )
        assert two_people.moves.count() == 1

    def test_another_players_key_is_a_conflict_not_their_move(
        self, two_people: Game, players: list[Player]
    ) -> None:
        action = _auction(two_people)
        move_submit(game_pk=two_people.pk, user=players[0].user, action=action, idempotency_key="k")
        with pytest.raises(Conflict):
            move_submit(game_pk=two_people.pk, user=players[1].user, action=action, idempotency_key="k")

    def test_keys_are_per_game(self, players: list[Player]) -> None:
        one = create_game([players[0].competitor, players[1].competitor], seed=SEED)
        two = create_game([players[0].competitor, players[1].competitor], seed=SEED)
        move_submit(game_pk=one.pk, user=players[0].user, action={"type": "skip"}, idempotency_key="same")
        _, created = move_submit(
            game_pk=two.pk, user=players[0].user, action={"type": "skip"}, idempotency_key="same"
        )
        assert created

    @pytest.mark.parametrize("key", ["", "k" * 101])
    def test_key_length_is_checked(self, two_people: Game, players: list[Player], key: str) -> None:
        with pytest.raises(InvalidInput, match="1 to 100 characters"):
            move_submit(
                game_pk=two_people.pk, user=players[0].user, action={"type": "skip"}, idempotency_key=key
            )


# -- real concurrency on PostgreSQL ----------------------------------------------------------------


def _split(results: list[Any]) -> tuple[list[Any], list[Exception]]:
    stored = [r for r in results if not isinstance(r, Exception)]
    failed = [r for r in results if isinstance(r, Exception)]
    unexpected = [r for r in failed if not isinstance(r, ServiceError)]
    assert not unexpected, unexpected
    return stored, failed


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(4))
def test_two_moves_for_one_turn_store_exactly_one(attempt: int) -> None:
    people = PlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED + attempt)
    auction = _auction(game)
    user = people[0].user

    results = race(
        lambda: move_submit(game_pk=game.pk, user=user, action=auction, expected_move=0),
        lambda: move_submit(game_pk=game.pk, user=user, action={"type": "skip"}, expected_move=0),
    )
    stored, failed = _split(results)
    assert len(stored) == 1 and len(failed) == 1
    assert isinstance(failed[0], Conflict)
    game.refresh_from_db()
    assert game.version == 1
    assert stored_moves(game) == [(0, stored[0][0].action)]


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_two_moves_for_one_turn_without_expected_move_store_exactly_one(attempt: int) -> None:
    # Without expected_move the loser is judged against the new state: no longer its turn.
    people = PlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED + attempt)
    user = people[0].user
    results = race(
        lambda: move_submit(game_pk=game.pk, user=user, action={"type": "skip"}),
        lambda: move_submit(game_pk=game.pk, user=user, action={"type": "skip"}),
    )
    stored, failed = _split(results)
    assert len(stored) == 1 and len(failed) == 1
    assert isinstance(failed[0], Conflict)
    assert Move.objects.filter(game=game).count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_many_racers_for_one_turn_store_exactly_one() -> None:
    people = PlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED)
    actions = game_state(game).legal_actions(0)[:6]
    results = race(
        *[
            (lambda a=a: move_submit(game_pk=game.pk, user=people[0].user, action=a, expected_move=0))
            for a in actions
        ]
    )
    stored, failed = _split(results)
    assert len(stored) == 1
    assert len(failed) == len(actions) - 1
    assert all(isinstance(exc, Conflict) for exc in failed)
    assert Move.objects.filter(game=game).count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_a_retried_request_racing_itself_is_stored_once(attempt: int) -> None:
    people = PlayerFactory.create_batch(2)
    game = create_game([p.competitor for p in people], seed=SEED + attempt)
    auction = _auction(game)

    def submit() -> tuple[Move, bool]:
        return move_submit(
            game_pk=game.pk, user=people[0].user, action=auction, expected_move=0, idempotency_key="retry"
        )

    results = race(submit, submit)
    stored, failed = _split(results)
    assert not failed
    assert sorted(created for _, created in stored) == [False, True]
    assert stored[0][0].pk == stored[1][0].pk
    assert Move.objects.filter(game=game).count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_simultaneous_offers_from_different_seats_are_both_stored() -> None:
    # The offer step is simultaneous: two people offering at once are both right.
    people = PlayerFactory.create_batch(3)
    game = create_game([p.competitor for p in people], seed=SEED)
    move_submit(game_pk=game.pk, user=people[0].user, action=_auction(game))
    state = game_state(game)
    offer_1, offer_2 = state.legal_actions(1)[0], state.legal_actions(2)[0]
    results = race(
        lambda: move_submit(game_pk=game.pk, user=people[1].user, action=offer_1),
        lambda: move_submit(game_pk=game.pk, user=people[2].user, action=offer_2),
    )
    stored, failed = _split(results)
    assert len(stored) == 2 and not failed
    game.refresh_from_db()
    assert game.version == 3
    assert sorted(move.number for move, _ in stored) == [2, 3]
    assert game_state(game).to_act() == [0]  # every offer is in: the auctioneer decides
