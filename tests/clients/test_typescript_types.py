"""The TypeScript types openapi-typescript generates from the committed document type-check with a
script that uses them (clients/typescript/example.ts), under `tsc --noEmit` in strict mode; and
the check is a real one: a script that misuses the types is refused. openapi-typescript and
TypeScript are pinned in clients/typescript/package-lock.json (`make test` runs `npm ci`).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.e2e.conftest import REPO_ROOT

PACKAGE = REPO_ROOT / "clients" / "typescript"
BIN = PACKAGE / "node_modules" / ".bin"
DOCUMENT = REPO_ROOT / "games" / "api" / "openapi.yaml"

MISUSE = """
import type { components } from "./schema";
// A move without its action, and a game id no game has.
export const move: components["schemas"]["MoveCreateRequest"] = { expected_move: 3 };
export const game: components["schemas"]["GameEnum"] = "chess";
"""


@pytest.fixture(scope="module")
def schema_types(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """schema.d.ts, generated once from the committed document."""
    if not (BIN / "tsc").exists():
        pytest.fail("openapi-typescript and tsc are not installed: run `make clients-install`", pytrace=False)
    target = tmp_path_factory.mktemp("types") / "schema.d.ts"
    generated = run(BIN / "openapi-typescript", str(DOCUMENT), "--output", str(target))
    assert generated.returncode == 0, generated.stderr
    assert "warn" not in (generated.stdout + generated.stderr).lower(), generated.stdout + generated.stderr
    return target


@pytest.fixture
def typed(schema_types: Path, tmp_path: Path) -> Path:
    """A copy of clients/typescript with the generated types."""
    for source in (PACKAGE / "tsconfig.json", PACKAGE / "example.ts", schema_types):
        shutil.copy(source, tmp_path / source.name)
    return tmp_path


def run(*command: Path | str, cwd: Path = PACKAGE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_the_generated_types_check_with_the_example(typed: Path) -> None:
    checked = run(BIN / "tsc", "--noEmit", "-p", str(typed))
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_script_that_misuses_the_types_is_refused(typed: Path) -> None:
    (typed / "example.ts").write_text(MISUSE)
    checked = run(BIN / "tsc", "--noEmit", "-p", str(typed))
    assert checked.returncode != 0
    assert "Property 'action' is missing" in checked.stdout
    assert "'\"chess\"' is not assignable" in checked.stdout, checked.stdout
