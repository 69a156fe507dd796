"""Golden-output tests: every sample log's text and JSON reports, byte for byte.

To regenerate the stored reports after an intended change to the output, run

    REFEREE_UPDATE_GOLDEN=1 pytest tests/test_golden.py

then read the diff (``git diff tests/golden``) before committing it: every changed line
is a changed verdict or wording that new users will see in the demo samples.

Covered logs: every ``*.hlog`` under ``samples/`` (both games) and under the spec's
``examples/`` folder beside the repository (``../shared/spec/examples``, when present).
Each one is audited through the command line (typer's CliRunner) from the repository root,
with the path given relative to it, so the paths in the reports do not depend on where the
repository is checked out. Colour is off and the width fixed (``NO_COLOR=1``,
``COLUMNS=120``, no ``FORCE_COLOR``), so the output does not depend on the terminal.

Stored reports: ``tests/golden/<group>/<name>.txt`` and ``.json``, where ``<group>`` is the
sample's folder under ``samples/`` (``bourre``, ``euchre``) or ``spec-examples``.

The exit status of each sample is pinned in ``EXPECTED_EXIT`` (0 clean, 1 findings): a
regenerated golden file can never silently turn a clean demo into a failing one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

REPO = Path(__file__).resolve().parents[1]
SAMPLES = REPO / "samples"
EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "spec" / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("REFEREE_UPDATE_GOLDEN", "") not in ("", "0")

#: Fixed environment for every run: no colour, fixed width, nothing forced on.
ENV: dict[str, str | None] = {
    "NO_COLOR": "1",
    "COLUMNS": "120",
    "LINES": "40",
    "FORCE_COLOR": None,
    "TTY_COMPATIBLE": None,
    "TTY_INTERACTIVE": None,
    "TERM": "dumb",
}

#: Exit status of ``referee audit`` for each sample (0: clean, 1: violations found).
EXPECTED_EXIT: dict[str, int] = {
    "bourre/cinch-dispute": 1,
    "bourre/cinch-highest": 1,
    "bourre/early-announcement": 1,
    "bourre/eight-handed": 0,
    "bourre/four-card-house": 0,
    "bourre/messy-night": 1,
    "bourre/friday-night": 0,
    "bourre/plays-only": 0,
    "bourre/rays-renege": 1,
    "bourre/settlement-mistakes": 1,
    "euchre/ace-no-face": 1,
    "euchre/clean-evening": 0,
    "euchre/double-deck": 1,
    "euchre/joker": 1,
    "euchre/left-bower-traps": 1,
    "euchre/ask-and-moon": 1,
    "euchre/redeal-and-bidding": 1,
    "euchre/scoring-mistakes": 1,
    "spec-examples/bid-euchre-hand": 0,
    "spec-examples/friday-night": 0,
}

#: The findings each Bid Euchre demo must show, as (rule, player, trick, card, corrected),
#: checked by hand against bid-euchre.md. Pinned here as well as in the golden JSON so a
#: regenerated golden file cannot quietly change a verdict.
EXPECTED_EUCHRE_FINDINGS: dict[str, list[tuple[str, str | None, int | None, str | None, bool]]] = {
    "euchre/ace-no-face": [
        ("BE-NO-FACE", "pia", None, "Kc", False),  # hand 3: an ace, but also K♣
        ("L-COUNT", None, None, None, False),  # hand 4: two tricks logged in a redeal, one fault
    ],
    "euchre/clean-evening": [],
    "euchre/double-deck": [
        ("L-CARD", "vic", 3, "9s", False),  # hand 2: a third 9♠ (uma played both)
    ],
    "euchre/joker": [
        ("BE-FOLLOW", "ida", 1, "Ac", False),  # hand 2: the joker led is a trump lead
        ("BE-ASK-BEST", "gus", None, "Qs", False),  # hand 3: gave ida's own Q♠ back
        ("L-NOT-HELD", "hal", 6, "Td", False),  # hand 3: the 10♦ hal laid aside
    ],
    "euchre/left-bower-traps": [
        ("BE-FOLLOW", "nan", 1, "9d", False),  # hand 2: J♦ (a heart) held on a heart lead
        ("BE-FOLLOW", "nan", 1, "Qd", False),  # hand 5: J♦ led is a trump lead; nan held J♥
        ("BE-FOLLOW", "otis", 1, "9h", True),  # hand 6: ruffed a club holding J♣, took it back
    ],
    "euchre/ask-and-moon": [
        ("BE-ASK-BEST", "moe", None, "Ah", False),  # hand 2: kept J♦, the best heart
    ],
    "euchre/redeal-and-bidding": [
        ("BE-STUCK", "kurt", None, None, False),
        ("BE-BID-ORDER", "kurt", None, None, False),
        ("BE-BID-LOW", "pat", None, None, False),
        ("BE-BID-LOW", "pat", None, None, False),
        ("BE-BID-ORDER", "pat", None, None, False),
    ],
    "euchre/scoring-mistakes": [
        ("BE-SCORE", None, None, None, False),
        ("BE-TOTAL", None, None, None, False),
        ("BE-SCORE", None, None, None, False),
        ("BE-TOTAL", None, None, None, False),
        ("BE-SCORE", None, None, None, False),
        ("BE-TOTAL", None, None, None, False),
    ],
}


def _logs() -> list[tuple[str, Path]]:
    """(golden key, log path) for every sample and spec example, in a stable order."""
    found = [
        (f"{path.parent.relative_to(SAMPLES).as_posix()}/{path.stem}", path)
        for path in sorted(SAMPLES.rglob("*.hlog"))
    ]
    if EXAMPLES.is_dir():
        found += [(f"spec-examples/{path.stem}", path) for path in sorted(EXAMPLES.glob("*.hlog"))]
    return found


LOGS = _logs()


def _relative(path: Path) -> str:
    """The path as typed from the repository root (``../shared/...`` for the examples)."""
    return Path(os.path.relpath(path, REPO)).as_posix()


def _audit(path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(REPO)
    result = CliRunner().invoke(app, ["audit", "--format", fmt, _relative(path)], env=ENV)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.stderr == "", result.stderr
    return result.exit_code, result.stdout


def _check_golden(key: str, suffix: str, actual: str) -> None:
    target = GOLDEN / f"{key}{suffix}"
    if UPDATE:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(actual, encoding="utf-8", newline="\n")
        return
    assert target.is_file(), (
        f"no golden file {target.relative_to(REPO)}; "
        "create it with REFEREE_UPDATE_GOLDEN=1 pytest tests/test_golden.py"
    )
    expected = target.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{key}{suffix} differs from the golden file; if the change is intended, "
        "regenerate with REFEREE_UPDATE_GOLDEN=1 pytest tests/test_golden.py"
    )


def _expected_exit(key: str) -> int | None:
    if key in EXPECTED_EXIT:
        return EXPECTED_EXIT[key]
    assert key.startswith("spec-examples/"), f"add {key!r} to EXPECTED_EXIT in {__file__}"
    return None  # an example added to the spec later: judged by its own report below


def test_samples_found() -> None:
    keys = {key for key, _ in LOGS}
    assert {k for k in EXPECTED_EXIT if not k.startswith("spec-examples/")} <= keys
    assert any(k.startswith("euchre/") for k in keys)
    assert any(k.startswith("bourre/") for k in keys)


@pytest.mark.parametrize(("key", "path"), LOGS, ids=[key for key, _ in LOGS])
def test_text_report(key: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _audit(path, "text", monkeypatch)
    assert "\x1b[" not in out, "colour codes in the text report"
    assert str(REPO) not in out and str(EXAMPLES) not in out, "an absolute path in the report"
    _check_golden(key, ".txt", out)
    expected = _expected_exit(key)
    if expected is not None:
        assert code == expected


@pytest.mark.parametrize(("key", "path"), LOGS, ids=[key for key, _ in LOGS])
def test_json_report(key: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _audit(path, "json", monkeypatch)
    document = json.loads(out)
    assert str(REPO) not in out and str(EXAMPLES) not in out, "an absolute path in the report"
    _check_golden(key, ".json", out)
    (file,) = document["files"]
    assert file["path"] == _relative(path)
    # a sample reads without errors, but for the messy one, which shows its read error
    errors = [(e["code"], e["line"]) for e in file["errors"]]
    assert errors == ([("P-SYNTAX", 66)] if key == "bourre/messy-night" else [])
    violations = [v for hand in file["hands"] for v in hand["violations"]]
    assert code == (1 if errors or violations else 0)  # (a line not read is a finding)
    expected = _expected_exit(key)
    if expected is not None:
        assert code == expected
    if key in EXPECTED_EUCHRE_FINDINGS:
        found = [
            (v["rule"], v["player"], v["trick"], v["card"], v["corrected"]) for v in violations
        ]
        assert found == EXPECTED_EUCHRE_FINDINGS[key]


def test_no_stale_golden_files() -> None:
    """Every stored report belongs to a log that still exists."""
    if UPDATE or not GOLDEN.is_dir():
        return
    keys = {key for key, _ in LOGS}
    stale = [
        p.relative_to(GOLDEN).as_posix()
        for p in sorted(GOLDEN.rglob("*"))
        if p.is_file()
        and p.relative_to(GOLDEN).with_suffix("").as_posix() not in keys
        # the spec's examples live outside the repository and may be absent here
        and not (p.parent.name == "spec-examples" and not EXAMPLES.is_dir())
    ]
    assert stale == [], f"golden files without a log (delete them): {stale}"
