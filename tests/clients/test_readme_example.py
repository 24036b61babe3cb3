"""The example of clients/python/README.md plays a game, so it cannot rot: run as it is written, once
for each seat of a game at the same time, against a running server."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from games.models import Game, GameStatus
from tests.clients.conftest import PASSWORD, PYTHON_CLIENT, Site


def readme_example() -> str:
    (example,) = re.findall(r"```python\n(.*?)```", (PYTHON_CLIENT / "README.md").read_text(), re.DOTALL)
    return example


def test_the_readme_example_plays_a_game_from_each_seat(site: Site, tmp_path: Path) -> None:
    script = tmp_path / "play.py"
    script.write_text(readme_example())
    seats = [
        subprocess.Popen(
            [sys.executable, "-W", "error", str(script)],
            cwd=tmp_path,
            env={
                **os.environ,
                "PYTHONPATH": str(PYTHON_CLIENT),
                "MULLIGAN_URL": site.url,
                "MULLIGAN_GAME": str(site.game.pk),
                "MULLIGAN_USER": player.user.username,
                "MULLIGAN_PASSWORD": PASSWORD,
            },
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for player in (site.alice, site.bob)
    ]
    for seat in seats:
        out, err = seat.communicate(timeout=60)
        assert seat.returncode == 0, err
        assert "ranking" in out, out
    game = Game.objects.get(pk=site.game.pk)
    assert game.status == GameStatus.FINISHED and game.moves.count() > 0
