"""Audit orchestration: inputs, decoding, house options, crash containment, filtering."""

from __future__ import annotations

import importlib.util
import io
import json
import os
import sys
import types
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee import audit
from referee.audit import audit_bytes, audit_file, audit_text
from referee.batch import run_batch
from referee.decoding import decode_problem
from referee.filtering import filter_report, rule_filter
from referee.houserules import changed_options, resolve_options
from referee.inputs import collect_inputs
from referee.job import Job
from referee.options import BourreOptions, EuchreOptions
from referee.records import Hand, Header, OptionLine
from referee.render.json import JsonWriter
from referee.report import (
    BourreHandResult,
    FileReport,
    ReadError,
    Report,
    TrickRecord,
    Violation,
    exit_status,
)

# ----------------------------------------------------------------------------- fakes


class FakeReader:
    """Stands in for the parser's LogReader."""

    def __init__(self, header: Header | None, hands: list[Hand], errors: list[ReadError]):
        self.header = header
        self._hands = hands
        self.errors: list[ReadError] = []
        self._pending = errors
        self.drained = False

    def hands(self) -> Iterator[Hand]:
        yield from self._hands
        self.errors.extend(self._pending)  # complete only once exhausted
        self.drained = True


class FakeSession:
    """Judges each hand as clean, or crashes on the hand numbered ``crash_on``."""

    crash_on: int | None = None

    def __init__(self, header: Header, options: Any) -> None:
        self.options = options
        self.totals = {p: Decimal(0) for p in header.players}
        self.score: dict[str, int] = {}
        self.totals_complete = True

    def judge(self, hand: Hand) -> list[BourreHandResult]:
        return [self.judge_hand(hand)]

    def fill(self, report: Any) -> None:
        report.totals = dict(self.totals)

    def judge_hand(self, hand: Hand) -> BourreHandResult:
        if hand.number == self.crash_on:
            raise KeyError("boom")
        self.totals["ann"] += 1
        violations = [Violation("BR-FOLLOW", "ann", 1, "7h", hand.line + 1, 3, "renege")]
        trick = TrickRecord(1, "ann", (("ann", "7h"),), "ann", "h")
        return BourreHandResult(
            hand.number, hand.line, "ann", "h", None, violations, tricks=[trick]
        )


HEADER = Header(game="bourre", players=("ann", "bob", "cy"), metadata=(("title", "t"),))
HANDS = [Hand(1, (), 5, 1), Hand(2, (), 10, 1), Hand(3, (), 15, 1)]


@pytest.fixture
def fake_engine(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Install a fake parser and session; the returned dict configures them."""
    config: dict[str, Any] = {"header": HEADER, "hands": HANDS, "errors": [], "readers": []}

    def read_text(text: str) -> FakeReader:
        reader = FakeReader(config["header"], config["hands"], config["errors"])
        config["readers"].append(reader)
        return reader

    module = types.ModuleType("referee.parser")
    module.read_text = lambda text, **_: read_text(text)  # type: ignore[attr-defined]
    module.read_log = lambda lines, **_: read_text("".join(lines))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "referee.parser", module)
    FakeSession.crash_on = None
    monkeypatch.setattr(
        audit, "_new_session", lambda header, options, *_: FakeSession(header, options)
    )
    return config


# ----------------------------------------------------------------------------- inputs


def test_collect_inputs_files_folders_and_missing(tmp_path: Path) -> None:
    (tmp_path / "logs" / "b").mkdir(parents=True)
    (tmp_path / "logs" / "z.hlog").write_text("x")
    (tmp_path / "logs" / "b" / "a.hlog").write_text("x")
    (tmp_path / "logs" / "b" / "notes.txt").write_text("x")
    (tmp_path / "logs" / "A.HLOG").write_text("x")
    loose = tmp_path / "loose.txt"
    loose.write_text("x")
    items = collect_inputs([loose, tmp_path / "logs", tmp_path / "missing.hlog", loose])
    names = [str(i.relative_to(tmp_path)) if isinstance(i, Path) else i for i in items]
    assert names[:4] == ["loose.txt", "logs/A.HLOG", "logs/b/a.hlog", "logs/z.hlog"]
    missing = names[4]
    assert isinstance(missing, FileReport)
    assert missing.errors[0].code == "P-IO"
    assert missing.path.endswith("missing.hlog")
    assert len(items) == 5  # loose.txt named twice is audited once


def test_collect_inputs_unlistable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ok.hlog").write_text("x")
    (tmp_path / "secret").mkdir()
    real_scandir = os.scandir

    def scandir(path: Any) -> Any:
        if Path(path).name == "secret":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    items = collect_inputs([tmp_path])
    assert items[0] == tmp_path / "ok.hlog"
    bad = items[1]
    assert isinstance(bad, FileReport) and bad.errors[0].code == "P-IO"
    assert "Permission denied" in bad.errors[0].message


# ----------------------------------------------------------------------------- decoding


def test_decode_problem_accepts_utf8_and_bom() -> None:
    assert decode_problem("game bourré\n".encode()) is None
    assert decode_problem(b"\xef\xbb\xbfgame bourre\r\n") is None


def test_decode_problem_bad_byte_position() -> None:
    error = decode_problem(b"game bourre\nplayers zo\xc3\xab \xff bob\n")
    assert error is not None
    assert (error.code, error.line, error.column) == ("P-ENCODING", 2, 13)  # ë is one column
    assert "0xff" in error.message


def test_decode_problem_nul_byte_is_binary() -> None:
    error = decode_problem(b"\xef\xbb\xbfgame\n\nab\x00cd")
    assert error is not None
    assert (error.line, error.column) == (3, 3)
    assert "binary" in error.message


def test_audit_file_binary_and_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "x.hlog"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    report = audit_file(path)
    assert [e.code for e in report.errors] == ["P-ENCODING"]
    assert report.path == str(path) and report.hands == []
    folder = audit_file(tmp_path)  # a folder given where a file is read
    assert [e.code for e in folder.errors] == ["P-IO"]


# ----------------------------------------------------------------------------- options


def _header(**kw: Any) -> Header:
    base: dict[str, Any] = {"game": "bourre", "players": ("ann", "bob")}
    return Header(**(base | kw))


def test_options_precedence(tmp_path: Path) -> None:
    # defaults < the log's rules file < its option lines < --rules (the command line)
    cli_rules = tmp_path / "cli.yaml"
    cli_rules.write_text("ante: 2\nlimit: 10\n")
    (tmp_path / "house.yaml").write_text("bourre:\n  limit: 20\n  cinch: true\n  ante: 3\n")
    header = _header(
        rules_path="house.yaml",
        options=(OptionLine("cinch", "false", 4, 1), OptionLine("ante", "5", 5, 1)),
    )
    options, errors = resolve_options(header, cli_rules, tmp_path)
    assert errors == []
    assert options == BourreOptions(ante=Decimal(2), limit=Decimal(10), cinch=False)
    options, errors = resolve_options(header, None, tmp_path)
    assert options == BourreOptions(ante=Decimal(5), limit=Decimal(20), cinch=False)


def test_options_defaults_for_euchre() -> None:
    options, errors = resolve_options(_header(game="bid-euchre"), None, None)
    assert options == EuchreOptions() and errors == []


def test_bad_option_line_is_p_rules_with_valid_keys() -> None:
    header = _header(options=(OptionLine("limt", "20", 4, 1),))
    options, errors = resolve_options(header, None, None)
    assert options is None
    (error,) = errors
    assert (error.code, error.line, error.column) == ("P-RULES", 4, 1)
    assert "limt" in error.message and "limit" in error.message and "ante" in error.message


def test_bad_value_names_valid_values() -> None:
    header = _header(options=(OptionLine("all_pass", "keep", 7, 1),))
    _, (error,) = resolve_options(header, None, None)
    assert "carry" in error.message and "dealer" in error.message


def test_missing_rules_path_points_at_the_rules_line(tmp_path: Path) -> None:
    header = _header(rules_path="nope.yaml", rules_line=3, rules_column=1)
    _, (error,) = resolve_options(header, None, tmp_path)
    assert (error.code, error.line, error.column) == ("P-RULES", 3, 1)
    assert "nope.yaml" in error.message


def test_bad_cli_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "r.yaml"
    rules.write_text("ante: [1\n")
    _, (error,) = resolve_options(_header(), rules, None)
    assert error.code == "P-RULES" and error.line is None
    assert "--rules" in error.message and "r.yaml" in error.message


def test_equal_values_written_differently_keep_their_own_options() -> None:
    """The options a batch's files share are kept by each value's exact form: ``2`` and
    ``2.00`` are equal Decimals, and each file's options keep the one it wrote."""
    found = []
    for text in ("2", "2.00", "2"):
        header = _header(options=(OptionLine("ante", text, 4, 1),))
        options, errors = resolve_options(header, None, None)
        assert errors == []
        found.append((repr(options.ante), repr(changed_options(options)["ante"])))
    assert found == [
        ("Decimal('2')", "Decimal('2')"),
        ("Decimal('2.00')", "Decimal('2.00')"),
        ("Decimal('2')", "Decimal('2')"),
    ]


def test_a_shared_rules_text_is_reported_under_each_path(tmp_path: Path) -> None:
    """Two house-rules files with the same text: each problem names its own file."""
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text("limt: 20\n")
    for name in ("a.yaml", "b.yaml", "a.yaml"):
        _, (error,) = resolve_options(_header(), tmp_path / name, None)
        assert error.message.startswith(f"--rules {tmp_path / name}:1:1: unknown option key")


def test_a_kept_file_result_is_used_only_for_its_own_parse(tmp_path: Path) -> None:
    """What a rules file says is kept by the parsed file's id, and used only while that id
    is the same parsed file's (an id may be reused once the parse is let go)."""
    from referee import houserules, options

    rules = tmp_path / "r.yaml"
    rules.write_text("limit: 20\n")
    parsed = options.load_rules_file(rules)
    key = ("file", "bourre", str(rules), id(parsed))
    houserules._KEPT[key] = (object(), ({"limit": Decimal(99)}, []))  # another parse's
    found, errors = resolve_options(_header(), rules, None)
    assert errors == [] and found.limit == Decimal(20)


# ----------------------------------------------------------------------------- judging


def test_audit_text_fills_the_report(fake_engine: dict[str, Any]) -> None:
    fake_engine["errors"] = [ReadError("P-SYNTAX", 12, 4, "what is this")]
    report = audit_text("ignored", "t.hlog")
    assert report.game == "bourre" and report.players == ["ann", "bob", "cy"]
    assert report.metadata == {"title": "t"}
    assert [h.number for h in report.hands] == [1, 2, 3]
    assert all(h.tricks == [] for h in report.hands)  # replay records dropped
    assert report.totals == {"ann": 3, "bob": 0, "cy": 0}
    assert [e.code for e in report.errors] == ["P-SYNTAX"]
    assert fake_engine["readers"][0].drained


def test_keep_tricks(fake_engine: dict[str, Any]) -> None:
    report = audit_text("x", keep_tricks=True)
    assert all(len(h.tricks) == 1 for h in report.hands)


def test_engine_crash_becomes_p_internal(fake_engine: dict[str, Any]) -> None:
    FakeSession.crash_on = 2
    fake_engine["errors"] = [ReadError("P-SYNTAX", 30, 1, "late parse error")]
    report = audit_text("x", "crash.hlog")
    assert [h.number for h in report.hands] == [1]
    codes = [(e.code, e.line) for e in report.errors]
    assert codes == [("P-INTERNAL", 10), ("P-SYNTAX", 30)]
    message = report.errors[0].message
    assert "bug in the referee" in message and "KeyError" in message and "boom" in message
    assert fake_engine["readers"][0].drained  # parse errors still collected


def test_parser_crash_becomes_p_internal(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("referee.parser")

    def read_text(text: str, **_: Any) -> Any:
        raise RuntimeError("parser exploded")

    module.read_text = read_text  # type: ignore[attr-defined]
    module.read_log = read_text  # type: ignore[attr-defined]  (what the stream reads with)
    monkeypatch.setitem(sys.modules, "referee.parser", module)
    report = audit_bytes(b"game bourre\n", "p.hlog")
    assert [e.code for e in report.errors] == ["P-INTERNAL"]
    assert "parser exploded" in report.errors[0].message


def test_p_rules_file_is_not_judged(fake_engine: dict[str, Any]) -> None:
    fake_engine["header"] = _header(options=(OptionLine("bogus", "1", 3, 1),))
    report = audit_text("x")
    assert report.hands == [] and [e.code for e in report.errors] == ["P-RULES"]
    assert report.game == "bourre"


def test_rules_path_relative_to_the_log(fake_engine: dict[str, Any], tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "house.yaml").write_text("limit: 20\n")
    fake_engine["header"] = _header(rules_path="house.yaml")
    log = tmp_path / "sub" / "a.hlog"
    log.write_text("game bourre\n")
    report = audit_file(log)
    assert report.errors == []
    assert report.options_changed == {"limit": Decimal(20)}


def test_no_header_gives_no_hands(fake_engine: dict[str, Any]) -> None:
    fake_engine["header"] = None
    fake_engine["errors"] = [ReadError("P-HEADER", 1, 1, "no game")]
    report = audit_text("x")
    assert report.game is None and report.hands == []
    assert [e.code for e in report.errors] == ["P-HEADER"]


FRIDAY = """\
game bourre
players ann bob cy dee eve
hand 1
dealer eve
trump 4h
trick 1: ann 7h, cy 9h, dee Jh, eve Ah
trick 2: eve 4h, ann Kh, cy 2h, dee 3h
trick 3: ann Td, cy Qd, dee 4d, eve Kd
trick 4: eve Jc, ann 3c, cy 6c, dee 8c
trick 5: eve 3s, ann 5d, cy 9c, dee Ks
"""


@pytest.mark.skipif(importlib.util.find_spec("referee.parser") is None, reason="needs the parser")
def test_a_parallel_batch_matches_a_serial_one(tmp_path: Path) -> None:
    # dee throws 8c on a diamond lead while holding 4d: a renege.
    renege = FRIDAY.replace("dee 4d", "dee XX").replace("dee 8c", "dee 4d").replace("XX", "8c")
    paths = []
    for i in range(5):
        path = tmp_path / f"{i}.hlog"
        text = FRIDAY if i != 1 else renege
        path.write_bytes(text.encode() if i != 2 else b"\x00")  # 2: binary
        paths.append(path)
    paths.insert(3, tmp_path / "missing.hlog")

    def run(jobs: int) -> tuple[list[dict[str, Any]], int]:
        out = io.StringIO()
        writer = JsonWriter(out)
        tally = run_batch(collect_inputs(paths), writer, Job("json"), jobs)
        writer.close()
        return json.loads(out.getvalue())["files"], tally.exit_code()

    serial, status = run(1)
    assert run(3) == (serial, status)
    assert [r["path"] for r in serial] == [str(p) for p in paths]
    assert [bool(r["errors"]) for r in serial] == [False, False, True, True, False, False]
    found = [any(h["violations"] for h in r["hands"]) for r in serial]
    assert found == [False, True, False, False, False, False]
    assert status == 2


# ----------------------------------------------------------------------------- filtering


def _violations_report() -> FileReport:
    rules = ["BR-FOLLOW", "BR-CINCH", "L-TURN", "BR-SETTLE-WIN"]
    hand = BourreHandResult(
        1, 1, "ann", "h", None, [Violation(r, None, None, None, 1, 1, "m") for r in rules]
    )
    return FileReport("f", "bourre", hands=[hand])


@pytest.mark.parametrize(
    ("select", "ignore", "kept"),
    [
        ((), (), ["BR-FOLLOW", "BR-CINCH", "L-TURN", "BR-SETTLE-WIN"]),
        (("br-cinch",), (), ["BR-CINCH"]),
        (("L-", "BR-SETTLE"), (), ["L-TURN", "BR-SETTLE-WIN"]),
        ((), ("L-",), ["BR-FOLLOW", "BR-CINCH", "BR-SETTLE-WIN"]),
        (("BR-",), ("BR-SETTLE-WIN", "BR-FOLLOW"), ["BR-CINCH"]),
    ],
)
def test_rule_filter(select: tuple[str, ...], ignore: tuple[str, ...], kept: list[str]) -> None:
    original = _violations_report()
    filtered = filter_report(original, rule_filter(select, ignore))
    assert [v.rule for v in filtered.hands[0].violations] == kept
    assert len(original.hands[0].violations) == 4  # the input is not changed


def test_exit_code() -> None:
    clean = FileReport("a", "bourre")
    dirty = _violations_report()
    broken = FileReport("b", errors=[ReadError("P-IO", None, None, "gone")])
    assert Report([clean]).exit_code() == 0
    assert Report([clean, dirty]).exit_code() == 1
    assert Report([dirty]).exit_code(exit_zero=True) == 0
    assert Report([dirty, broken]).exit_code(exit_zero=True) == 2
    assert Report([broken, dirty]).exit_code() == 2
    judged = [BourreHandResult(1, 1, "ann", "h", None)]  # (a hand judged, and clean)
    slip = FileReport("s", "bourre", hands=judged, errors=[ReadError("P-SYNTAX", 9, 1, "slip")])
    assert Report([clean, slip]).exit_code() == 1  # a line not read in a judged log: a finding
    assert Report([slip]).exit_code(exit_zero=True) == 0
    assert Report([slip, broken]).exit_code(exit_zero=True) == 2
    statuses = {
        (not_read, findings, zero): exit_status(
            not_read=not_read, findings=findings, exit_zero=zero
        )
        for not_read in (False, True)
        for findings in (False, True)
        for zero in (False, True)
    }
    assert statuses == {
        (False, False, False): 0,
        (False, False, True): 0,
        (False, True, False): 1,
        (False, True, True): 0,
        (True, False, False): 2,
        (True, False, True): 2,
        (True, True, False): 2,
        (True, True, True): 2,
    }


def test_session_start_crash_keeps_parse_errors(
    fake_engine: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(header: Header, options: Any, *_: Any) -> Any:
        raise ValueError("bad seats")

    monkeypatch.setattr(audit, "_new_session", broken)
    fake_engine["errors"] = [ReadError("P-SYNTAX", 9, 1, "odd line")]
    report = audit_text("x")
    assert [e.code for e in report.errors] == ["P-INTERNAL", "P-SYNTAX"]
    assert "bad seats" in report.errors[0].message and report.hands == []


# ----------------------------------------------------------------------------- streaming


def test_stream_text_is_lazy_and_completes_the_report(fake_engine: dict[str, Any]) -> None:
    from referee.audit import stream_text

    fake_engine["errors"] = [ReadError("P-SYNTAX", 12, 4, "what is this")]
    stream = stream_text("x", "s.hlog")
    # Header fields are known before any hand is judged.
    assert stream.report.game == "bourre" and stream.report.players == ["ann", "bob", "cy"]
    seen = []
    for hand in stream:
        seen.append(hand.number)
        assert stream.report.errors == []  # parse errors only once the file is read
        assert stream.report.totals == {}  # standings only at the end
    assert seen == [1, 2, 3]
    assert stream.report.hands == []  # nothing kept
    assert [e.code for e in stream.report.errors] == ["P-SYNTAX"]
    assert stream.report.totals == {"ann": 3, "bob": 0, "cy": 0}


def test_stream_collect_equals_audit_text(fake_engine: dict[str, Any]) -> None:
    from referee.audit import stream_text

    FakeSession.crash_on = 3
    assert stream_text("x", "a.hlog").collect() == audit_text("x", "a.hlog")


def test_a_finding_given_its_line_keeps_every_other_field() -> None:
    """``Violation.with_source`` is ``dataclasses.replace`` made directly: every field,
    this test's values none a default, comes through (a field added to the class and not
    to the method would be lost)."""
    import dataclasses

    from referee.report import Violation

    values: dict[str, Any] = {}
    for i, field in enumerate(dataclasses.fields(Violation)):
        kind = str(field.type)
        values[field.name] = (
            True if kind == "bool" else 7 + i if "int" in kind else f"{field.name}!"
        )
    finding = Violation(**values)
    fields = dataclasses.fields(Violation)
    assert all(getattr(finding, f.name) != f.default for f in fields)
    assert finding.with_source("trick 2: ann 9h", 3) == dataclasses.replace(
        finding, source_line="trick 2: ann 9h", source_start=3
    )
