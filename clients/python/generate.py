"""Generate the Python client of the API: ``python clients/python/generate.py [OUTPUT]``.

openapi-python-client (pinned in the dev extra) reads the committed document, games/api/openapi.yaml,
with generator.yaml, and writes the package ``mulligan_league_client`` to OUTPUT (default: the
committed one beside this file). ``make client`` runs it; tests/clients/ runs it into a temporary
folder and compares, so the committed client is never behind the document.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOCUMENT = HERE.parents[1] / "games" / "api" / "openapi.yaml"
PACKAGE = HERE / "mulligan_league_client"


def generate(output: Path = PACKAGE, document: Path = DOCUMENT) -> subprocess.CompletedProcess[str]:
    """Write the client to ``output`` (replaced if it exists); the generator's output is returned."""
    tools = Path(sys.executable).parent  # the generator and the ruff its post hooks run
    if output.exists():
        shutil.rmtree(output)
    return subprocess.run(
        [
            str(tools / "openapi-python-client"),
            "generate",
            "--path",
            str(document),
            "--config",
            str(HERE / "generator.yaml"),
            "--meta",
            "none",
            "--output-path",
            str(output),
        ],
        env={**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ.get('PATH', '')}"},
        capture_output=True,
        text=True,
        check=True,
    )


if __name__ == "__main__":
    result = generate(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else PACKAGE)
    print(result.stdout + result.stderr, end="")
