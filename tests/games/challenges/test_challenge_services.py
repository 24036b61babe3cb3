"""Challenges through their services: made, accepted, declined, cancelled, expired; who may do
what; and the rule above all: nobody is seated in a game they did not accept."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from engine import ConfigError, get_game
from games.models import (
    MOVE_TIMES,
    Bot,
    BotKind,
    Challenge,
    ChallengeState,
    Competitor,
    Game,
    Player,
    Rating,
    RatingChange,
)
from games.selectors.challenges import challenge_view, challenges_for, challenges_in_lobby
from games.selectors.deadlines import deadline_rules_for
from games.services.challenges import (
    Opponent,
    challenge_accept,
    challenge_cancel,
    challenge_create,
    challenge_decline,
    challenges_expire,
)
from games.services.errors import Conflict, InvalidInput, NotAllowed, NotFound
from games.tasks import expire_challenges
from tests.games.helpers import play_to_end, postgres_only, race

pytestmark = pytest.mark.django_db

ONE_DAY = timedelta(days=1)
RANDOM_BOT = Opponent("builtin", "random")
OPEN = Opponent("open")


def named(player: Player) -> Opponent:
    return Opponent("player", player.user.username)


def make(challenger: Player, *opponents: Opponent, **options) -> Challenge:
    options.setdefault("move_time_limit", ONE_DAY)
    options.setdefault("config", {})
    return challenge_create(user=challenger.user, game_id="mulligan", opponents=list(opponents), **options)


def seated(game: Game) -> list[int]:
    return list(game.seats.order_by("index").values_list("competitor_id", flat=True))


def games_of(player: Player) -> int:
    return Game.objects.filter(seats__competitor=player.competitor).count()


def test_a_challenge_of_bots_only_starts_its_game_at_once(players, on_commit) -> None:
    with on_commit():
        challenge = make(players[0], RANDOM_BOT, RANDOM_BOT, rated=False, move_time_limit=timedelta(hours=6))
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.ACCEPTED
    game = challenge.started_game
    bot = Bot.objects.get(kind=BotKind.BUILTIN, game_id="mulligan", engine_bot="random")
    assert seated(game) == [players[0].competitor_id, bot.competitor_id, bot.competitor_id]
    assert game.rated is False
    assert game.move_time_limit == timedelta(hours=6)
    assert game.config["players"] == 3


def test_a_named_challenge_starts_only_when_the_invitee_accepts(players) -> None:
    challenge = make(players[0], named(players[1]), RANDOM_BOT)
    assert challenge.state == ChallengeState.OPEN
    assert games_of(players[1]) == 0
    assert list(challenges_for(players[1])) == [challenge]
    assert challenge not in challenges_in_lobby()  # named: not for anyone else

    challenge = challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    assert challenge.state == ChallengeState.ACCEPTED
    bot = Bot.objects.get(kind=BotKind.BUILTIN, game_id="mulligan", engine_bot="random")
    assert seated(challenge.started_game) == [
        players[0].competitor_id,
        players[1].competitor_id,
        bot.competitor_id,
    ]
    assert list(challenges_for(players[1])) == []


def test_each_invitee_must_accept_before_the_game_starts(players) -> None:
    challenge = make(players[0], named(players[1]), named(players[2]))
    challenge_accept(challenge_pk=challenge.pk, user=players[2].user)
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.OPEN and challenge.started_game is None
    assert Game.objects.count() == 0
    challenge = challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    # Each invitee in the seat the challenge named them for.
    assert seated(challenge.started_game) == [p.competitor_id for p in players[:3]]


def test_anyone_eligible_takes_an_open_seat_from_the_lobby(players) -> None:
    challenge = make(players[0], OPEN)
    assert list(challenges_in_lobby()) == [challenge]
    challenge = challenge_accept(challenge_pk=challenge.pk, user=players[3].user)
    assert seated(challenge.started_game) == [players[0].competitor_id, players[3].competitor_id]
    assert list(challenges_in_lobby()) == []


def test_nobody_is_seated_in_a_game_they_did_not_accept(players) -> None:
    """An open seat taken, the invitee silent: no game; the invitee declines: still none."""
    challenge = make(players[0], named(players[1]), OPEN)
    challenge_accept(challenge_pk=challenge.pk, user=players[2].user)
    assert Game.objects.count() == 0
    challenge_decline(challenge_pk=challenge.pk, user=players[1].user)
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.DECLINED
    assert Game.objects.count() == 0
    with pytest.raises(Conflict, match="no longer open: it was declined"):
        challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    assert all(games_of(player) == 0 for player in players)


def test_the_challenger_cannot_accept_their_own_challenge(players) -> None:
    challenge = make(players[0], OPEN)
    with pytest.raises(NotAllowed, match="your own challenge") as refused:
        challenge_accept(challenge_pk=challenge.pk, user=players[0].user)
    assert refused.value.status_code == 403
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.OPEN


def test_only_an_invitee_accepts_or_declines_a_named_challenge(players) -> None:
    challenge = make(players[0], named(players[1]))
    with pytest.raises(NotAllowed, match="not one of them"):
        challenge_accept(challenge_pk=challenge.pk, user=players[2].user)
    with pytest.raises(NotAllowed, match="only a player the challenge names"):
        challenge_decline(challenge_pk=challenge.pk, user=players[2].user)
    with pytest.raises(NotAllowed):
        challenge_decline(challenge_pk=challenge.pk, user=players[0].user)
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.OPEN
    assert games_of(players[2]) == 0


def test_only_the_challenger_cancels(players) -> None:
    challenge = make(players[0], named(players[1]), OPEN)
    for other in players[1:3]:
        with pytest.raises(NotAllowed, match="only the player who made"):
            challenge_cancel(challenge_pk=challenge.pk, user=other.user)
    challenge = challenge_cancel(challenge_pk=challenge.pk, user=players[0].user)
    assert challenge.state == ChallengeState.CANCELLED
    with pytest.raises(Conflict, match="no longer open: it was cancelled") as refused:
        challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    assert refused.value.status_code == 409
    with pytest.raises(Conflict):
        challenge_cancel(challenge_pk=challenge.pk, user=players[0].user)


def test_accepting_twice_is_refused(players) -> None:
    challenge = make(players[0], OPEN, OPEN)
    challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    with pytest.raises(Conflict, match=r"accepted challenge \d+ already"):
        challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.OPEN
    assert challenge.seat_plan.filter(player=players[1]).count() == 1


def test_a_full_challenge_takes_nobody_more(players) -> None:
    challenge = make(players[0], OPEN)
    challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    with pytest.raises(Conflict, match="no longer open: it was accepted"):
        challenge_accept(challenge_pk=challenge.pk, user=players[2].user)
    assert games_of(players[2]) == 0
    assert Game.objects.count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_people_racing_for_the_last_seat_never_overfill(players) -> None:
    challenge = make(players[0], OPEN)
    results = race(
        lambda: challenge_accept(challenge_pk=challenge.pk, user=players[1].user),
        lambda: challenge_accept(challenge_pk=challenge.pk, user=players[2].user),
    )
    won = [result for result in results if isinstance(result, Challenge)]
    lost = [result for result in results if isinstance(result, Exception)]
    assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], Conflict), results
    game = Game.objects.get()
    assert game.seats.count() == 2
    assert challenge.seat_plan.filter(player__isnull=False).count() == 2


def test_an_expired_challenge_cannot_be_accepted_even_before_the_sweep(players) -> None:
    challenge = make(players[0], named(players[1]))
    Challenge.objects.filter(pk=challenge.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(Conflict, match="it was expired"):
        challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    challenge.refresh_from_db()
    assert challenge.state == ChallengeState.EXPIRED  # the refusal keeps what it found
    assert Game.objects.count() == 0
    assert list(challenges_for(players[1])) == []


def test_the_sweep_expires_only_open_challenges_past_their_time(players) -> None:
    due = make(players[0], OPEN)
    fresh = make(players[0], OPEN)
    cancelled = make(players[0], OPEN)
    challenge_cancel(challenge_pk=cancelled.pk, user=players[0].user)
    past = timezone.now() - timedelta(minutes=1)
    Challenge.objects.filter(pk__in=[due.pk, cancelled.pk]).update(expires_at=past)
    assert expire_challenges() == 1
    states = dict(Challenge.objects.values_list("pk", "state"))
    assert states == {
        due.pk: ChallengeState.EXPIRED,
        fresh.pk: ChallengeState.OPEN,
        cancelled.pk: ChallengeState.CANCELLED,
    }
    assert challenges_expire() == 0


def test_a_bad_config_is_refused_in_the_engines_words_and_creates_nothing(players) -> None:
    config = {"open_hands": True, "secret_offers": True}
    with pytest.raises(ConfigError) as engine_refusal:
        get_game("mulligan").normalize_config({**config, "players": 2})
    with pytest.raises(InvalidInput) as refused:
        make(players[0], named(players[1]), config=config)
    assert refused.value.message == str(engine_refusal.value)
    assert Challenge.objects.count() == 0 and Game.objects.count() == 0


@pytest.mark.parametrize(
    ("opponents", "words"),
    [
        ([Opponent("player", "nobody-of-that-name")], "no player called"),
        ([Opponent("builtin", "grandmaster")], "no built-in bot"),
        ([Opponent("bot", bot_pk=10**9)], "no bot"),
        ([Opponent("robot")], "a seat is one of"),
        ([OPEN] * 8, "9 players is too many"),
        ([], "must be at least 2, not 1"),
    ],
)
def test_bad_seats_are_refused_and_change_nothing(players, opponents, words) -> None:
    with pytest.raises(InvalidInput, match=words):
        make(players[0], *opponents)
    assert Challenge.objects.count() == 0 and Game.objects.count() == 0


def test_inviting_oneself_or_one_person_twice_is_refused(players) -> None:
    with pytest.raises(InvalidInput, match="challenge someone else"):
        make(players[0], named(players[0]))
    with pytest.raises(InvalidInput, match="named for two seats"):
        make(players[0], named(players[1]), named(players[1]))
    assert Challenge.objects.count() == 0


def test_a_time_per_move_not_offered_is_refused(players) -> None:
    with pytest.raises(InvalidInput, match="time per move"):
        make(players[0], OPEN, move_time_limit=timedelta(minutes=5))


def test_a_submitted_bot_must_be_eligible(players) -> None:
    owner = players[1]
    competitor = Competitor.objects.create(name="fresh upload")
    bot = Bot.objects.create(competitor=competitor, owner=owner, game_id="mulligan", kind=BotKind.PROGRAM)
    with pytest.raises(InvalidInput, match="no active version"):
        make(players[0], Opponent("bot", bot_pk=bot.pk))
    golf_bot = Bot.objects.create(
        competitor=Competitor.objects.create(name="golfer"),
        game_id="golf",
        kind=BotKind.BUILTIN,
        engine_bot="x",
    )
    with pytest.raises(InvalidInput, match="plays golf, not mulligan"):
        make(players[0], Opponent("bot", bot_pk=golf_bot.pk))
    assert Challenge.objects.count() == 0


def test_answering_a_challenge_that_does_not_exist(players) -> None:
    with pytest.raises(NotFound):
        challenge_accept(challenge_pk=10**9, user=players[0].user)


def test_the_game_of_a_challenge_gives_each_move_its_time(players, on_commit) -> None:
    limit = next(duration for key, _, duration in MOVE_TIMES if key == "1h")
    challenge = make(players[0], OPEN, move_time_limit=limit)
    before = timezone.now()
    with on_commit():
        challenge = challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    game = challenge.started_game
    game.refresh_from_db()
    assert deadline_rules_for([game.pk])[game.pk].move_time_limit == limit
    assert before + limit <= game.turn_deadline <= timezone.now() + limit


@pytest.mark.parametrize("rated", [True, False])
def test_an_unrated_challenge_changes_no_rating(players, on_commit, rated) -> None:
    challenge = make(players[0], OPEN, rated=rated)
    with on_commit():
        challenge = challenge_accept(challenge_pk=challenge.pk, user=players[1].user)
    with on_commit():
        play_to_end(challenge.started_game, random.Random(5))
    competitors = [players[0].competitor_id, players[1].competitor_id]
    changes = RatingChange.objects.filter(competitor_id__in=competitors).count()
    ratings = Rating.objects.filter(competitor_id__in=competitors, games_played__gt=0).count()
    if rated:
        assert changes == 2 and ratings == 2
    else:
        assert changes == 0 and ratings == 0


def test_the_view_says_who_may_do_what(players) -> None:
    challenge = make(players[0], named(players[1]), OPEN)
    challenge = Challenge.objects.get(pk=challenge.pk)
    mine = challenge_view(challenge, players[0])
    theirs = challenge_view(challenge, players[1])
    stranger = challenge_view(challenge, players[2])
    assert (mine["may_accept"], mine["may_decline"], mine["may_cancel"]) == (False, False, True)
    assert (theirs["may_accept"], theirs["may_decline"], theirs["may_cancel"]) == (True, True, False)
    assert (stranger["may_accept"], stranger["may_decline"], stranger["may_cancel"]) == (True, False, False)
    assert (mine["people_needed"], mine["people_accepted"]) == (3, 1)
    assert mine["time_per_move"] == "1 day"
