"""The library API (``import referee``): lazy, typed, and what docs/library.md says.

The page's code blocks are run in turn, in a fresh folder, and each must print exactly the
``output`` block that follows it.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

import referee
from referee.audit import audit_file
from tests.test_cli import RENEGE

REPO = Path(__file__).resolve().parents[1]
LIBRARY_DOC = REPO / "docs" / "library.md"
SAMPLES = REPO / "samples"


def test_import_is_cheap() -> None:
    code = "import sys, referee; print(sorted(m for m in sys.modules if m.startswith('referee')))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert result.stdout.strip() == "['referee']"


def test_every_public_name_resolves() -> None:
    assert sorted(referee.__all__) == sorted(["__version__", *referee._EXPORTS])
    for name in referee.__all__:
        assert getattr(referee, name) is not None
    assert referee.FileReport.__module__ == "referee.report"
    with pytest.raises(AttributeError):
        _ = referee.no_such_name  # type: ignore[attr-defined]


def test_audit_text_matches_the_command_line_core() -> None:
    report = referee.audit_text(RENEGE, path="renege.hlog")
    assert isinstance(report, referee.FileReport)
    assert report.path == "renege.hlog" and report.game == "bourre"
    rules = [v.rule for h in report.hands for v in h.violations]
    assert rules == ["L-TURN", "BR-FOLLOW"]
    (hand,) = report.hands
    assert isinstance(hand, referee.BourreHandResult) and hand.tricks == []
    kept = referee.audit_text(RENEGE, keep_tricks=True)
    assert len(kept.hands[0].tricks) == 5 and kept.path == "<text>"


def test_game_options_layer_and_precedence(tmp_path: Path) -> None:
    text = RENEGE.replace("option limit 20\n", "")
    assert referee.audit_text(text, game_options={"limit": 3}).options_changed == {
        "limit": Decimal(3)
    }
    by_game = {"bourre": {"ante": 2}, "bid-euchre": {"target": 10}}
    assert referee.audit_text(text, game_options=by_game).options_changed == {"ante": 2}
    # Over a rules file, under the log's own option lines.
    rules = tmp_path / "house.yaml"
    rules.write_text("ante: 3\nlimit: 4\n", encoding="utf-8")
    report = referee.audit_text(RENEGE, rules=rules, game_options={"ante": "0.50"})
    assert report.options_changed == {"ante": Decimal("0.50"), "limit": Decimal(20)}
    bad = referee.audit_text(text, game_options={"bourre": {"ante": "lots"}})
    assert [e.code for e in bad.errors] == ["P-RULES"] and bad.hands == []
    assert bad.errors[0].message.startswith("game_options: bad value 'lots' for option ante")
    assert referee.audit_text(text, game_options={"bourre": 5}).errors[0].code == "P-RULES"


def test_audit_text_rejects_bytes() -> None:
    with pytest.raises(TypeError, match="text must be a str"):
        referee.audit_text(RENEGE.encode())  # type: ignore[arg-type]


def test_audit_path_takes_one_path_or_many(tmp_path: Path) -> None:
    friday = SAMPLES / "bourre" / "friday-night.hlog"
    (one,) = referee.audit_path(friday)
    assert one.hands and one == audit_file(friday)
    reports = list(referee.audit_path([str(SAMPLES / "euchre"), tmp_path / "missing.hlog"]))
    logs = sorted(p.name for p in (SAMPLES / "euchre").glob("*.hlog"))
    assert len(logs) >= 5
    assert [Path(r.path).name for r in reports] == [*logs, "missing.hlog"]
    assert [e.code for e in reports[-1].errors] == ["P-IO"]
    lazy = referee.audit_path(SAMPLES)
    assert next(lazy).path.endswith("cinch-dispute.hlog")  # an iterator: one file at a time


def test_explain() -> None:
    text = referee.explain("be-follow")
    assert text.startswith("BE-FOLLOW: ") and "Legal:" in text
    assert referee.explain("p-syntax").startswith("P-SYNTAX: a line that could not be read\n")
    assert referee.explain("Head_Trick").startswith("head_trick: ")
    with pytest.raises(
        referee.UnknownRuleError,
        match=r"^no rule ID, read-error code, house option or statement is called 'X-NOPE'; "
        r"run `referee",
    ):
        referee.explain("X-NOPE")
    with pytest.raises(TypeError):
        referee.explain(None)  # type: ignore[arg-type]
    with pytest.raises(LookupError):
        referee.explain("")


def _doc_blocks(text: str) -> list[tuple[str, str]]:
    """The page's ``python`` blocks, each with the ``output`` block after it."""
    blocks = re.findall(r"```(python|output)\n(.*?)```", text, flags=re.DOTALL)
    pairs = []
    for i, (kind, body) in enumerate(blocks):
        if kind == "python":
            assert i + 1 < len(blocks) and blocks[i + 1][0] == "output", body[:60]
            pairs.append((body, blocks[i + 1][1]))
    return pairs


def test_library_doc_examples_print_what_the_page_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    pairs = _doc_blocks(LIBRARY_DOC.read_text(encoding="utf-8"))
    assert len(pairs) == 5
    namespace: dict[str, object] = {"__name__": "__doc__"}
    for code, expected in pairs:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(LIBRARY_DOC), "exec"), namespace)
        assert out.getvalue() == expected
