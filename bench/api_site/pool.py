"""``python -m bench.api_site.pool GAMES SEED``: the running games ``POST`` a move plays on, made by
the service itself (``game_create``, then what the worker does for a game whose first seat is a
person: ``game_play_bots_batch`` sets its move deadline), so whatever a branch stores for a new
game (a whose-turn column, say) is there. The previous run's pool (every game of bench_c) is
deleted first. Prints ``[[game id, seed], ...]`` as JSON.
"""

from __future__ import annotations

import json
import random
import sys

import django


def main() -> None:
    django.setup()
    from games.models import Competitor, Game
    from games.services.games import game_create, game_play_bots_batch

    count, seed = int(sys.argv[1]), int(sys.argv[2])
    config = json.loads(sys.argv[3])
    bench_c = Competitor.objects.get(player__user__username="bench_c")
    bench_d = Competitor.objects.get(player__user__username="bench_d")
    Game.objects.filter(seats__competitor=bench_c).delete()
    rng = random.Random(seed)
    made = []
    for _ in range(count):
        game_seed = rng.getrandbits(62)
        game = game_create(
            game_id="mulligan",
            competitors=[bench_c, bench_d],
            config=config,
            seed=game_seed,
            enqueue_bots=False,
        )
        made.append((game.pk, game_seed))
    for start in range(0, len(made), 200):
        game_play_bots_batch(game_pks=[pk for pk, _ in made[start : start + 200]])
    print(json.dumps(made))


if __name__ == "__main__":
    main()
