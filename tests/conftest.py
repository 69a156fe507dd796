"""The suite's one switch: ``REFEREE_TEST_BUILD=FOLDER`` runs it against another build.

By default the tests import `referee` from this checkout (pure Python). With the variable
set to a folder a wheel was installed into (``pip install --no-deps --target FOLDER .``,
compiled where the machine can), every test imports that build instead, so the whole suite
can be run against the compiled modules: ``REFEREE_TEST_BUILD=.build-compiled pytest``.
Tests that run the installed command or ``python -m referee`` in a new process still run
this environment's `referee`; ``tests/test_compiled.py`` compares the two builds' output.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

_BUILD = os.environ.get("REFEREE_TEST_BUILD", "")
if _BUILD:
    _folder = Path(_BUILD).resolve()
    if not (_folder / "referee" / "__init__.py").is_file():
        raise SystemExit(f"REFEREE_TEST_BUILD={_BUILD} holds no referee package")
    if "referee" in sys.modules:
        raise SystemExit("REFEREE_TEST_BUILD: referee was imported before the tests began")
    sys.path.insert(0, str(_folder))
    # Imported now, while the build leads the path: pytest puts the checkout's root first
    # when it imports each test module, and every `referee.*` import after this one follows
    # the package's own ``__path__``, the build's.
    import referee

    if not Path(referee.__file__ or "").resolve().is_relative_to(_folder):
        raise SystemExit(f"REFEREE_TEST_BUILD: referee came from {referee.__file__}")

# The suite may run in a GitHub Actions step: no test writes into that step's real summary
# (`--format github` appends to the file this names; the tests that want it set their own).
os.environ.pop("GITHUB_STEP_SUMMARY", None)
