"""Each rule's cases as data: ``tests/rule_cases/<RULE-ID>.yml``, judged through the library.

Every rule ID the referee has (``referee rules``: ``L-``, ``BR-``, ``BE-``) has a file of
named cases, and so do the read-error codes a log's text can give (``P-SYNTAX``,
``P-HEADER``, ``P-RULES``). Each case is a complete small log and what the rules documents
say the referee must find in it; the expectations were written from the rules, not copied
from the referee's output. A file::

    rule: BR-FOLLOW                 # the file's rule ID: its name without `.yml`
    cases:
      - name: off-suit-while-holding-the-led-suit   # lower-case words and `-`, unique
        kind: fail                  # `pass`: no finding at all, every hand settled;
                                    # `fail`: exactly the `findings` below
        description: why the case is legal or not, in words (optional)
        log: |                      # the whole log: header, `option` lines, hands
          game bourre
          ...
        findings:                   # `fail` only: every finding of the log, in any order
          - {rule: BR-FOLLOW, player: bob, trick: 1, card: Ac, line: 7, column: 18}
        settled: false              # optional: every hand is (not) settled, or one
                                    # true/false per hand: [true, false]
        xfail: the reason           # optional: the referee disagrees with the rules here

A finding of a rule names ``rule``, ``player``, ``trick``, ``card``, ``line`` and
``column`` (``null`` where the finding has none) and may add ``corrected: true`` (a card
taken back; false when not given). A read error (``P-``) names ``rule``, ``line`` and
``column`` only. Messages are not pinned: they are the renderers' business.

A case marked ``xfail`` is a verdict the referee gets wrong: it runs, and passes only while
the referee still disagrees (strict), so a fix shows up as a failure to unmark.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml

import referee
from referee.codes import READ_CODES
from referee.rulebook import all_rules

CASES_DIR = Path(__file__).parent / "rule_cases"

FILE_KEYS = frozenset({"rule", "description", "cases"})
CASE_KEYS = frozenset({"name", "kind", "description", "log", "findings", "settled", "xfail"})
FINDING_KEYS = frozenset({"rule", "player", "trick", "card", "line", "column", "corrected"})
#: The keys every finding of a rule must give (``corrected`` is optional).
RULE_FINDING_KEYS = frozenset({"rule", "player", "trick", "card", "line", "column"})
#: The keys a read error gives.
READ_ERROR_KEYS = frozenset({"rule", "line", "column"})
KINDS = ("pass", "fail")
CASE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

#: One finding as compared: rule, player, trick, card, line, column, corrected.
Finding = tuple[str, str | None, int | None, str | None, int | None, int | None, bool]


def rule_ids() -> set[str]:
    """Every rule ID of the registry (what ``referee rules`` lists under the games)."""
    return set(all_rules())


def read_codes() -> set[str]:
    return {code.id for code in READ_CODES}


# ----------------------------------------------------------------------------- the schema


def problems(name: str, data: object) -> list[str]:
    """What is wrong with a case file (``name`` is its file name), one sentence each."""
    if not isinstance(data, Mapping):
        return [f"{name}: the file must be a mapping with `rule` and `cases`"]
    found = unknown_keys(name, data, FILE_KEYS)
    rule = data.get("rule")
    known = rule_ids() | read_codes()
    if rule != Path(name).stem:
        found.append(f"{name}: `rule` is {rule!r}, not the file's name {Path(name).stem!r}")
    if rule not in known:
        found.append(f"{name}: {rule!r} is no rule ID or read-error code of the referee")
    if "description" in data and not isinstance(data["description"], str):
        found.append(f"{name}: `description` must be text")
    cases = data.get("cases")
    if not isinstance(cases, list) or not cases:
        return [*found, f"{name}: `cases` must be a non-empty list"]
    seen: set[str] = set()
    for index, case in enumerate(cases, 1):
        label = f"{name}: case {index}"
        if isinstance(case, Mapping) and isinstance(case.get("name"), str):
            label = f"{name}: case {case['name']!r}"
            if case["name"] in seen:
                found.append(f"{label}: the name is given twice")
            seen.add(case["name"])
        found += case_problems(label, case, known)
    return found


def case_problems(label: str, case: object, known: set[str]) -> list[str]:
    """What is wrong with one case (``label`` says which, in the messages)."""
    if not isinstance(case, Mapping):
        return [f"{label}: a case must be a mapping"]
    found = unknown_keys(label, case, CASE_KEYS)
    for key in ("name", "kind", "log"):
        if key not in case:
            found.append(f"{label}: `{key}` is missing")
    name = case.get("name")
    if "name" in case and not (isinstance(name, str) and CASE_NAME.fullmatch(name)):
        found.append(f"{label}: `name` must be lower-case words joined by `-`, not {name!r}")
    kind = case.get("kind")
    if "kind" in case and kind not in KINDS:
        found.append(f"{label}: `kind` must be `pass` or `fail`, not {kind!r}")
    log = case.get("log")
    if "log" in case and not (isinstance(log, str) and log.lstrip().startswith("game ")):
        found.append(f"{label}: `log` must be a whole log, starting with its `game` line")
    for key in ("description", "xfail"):
        if key in case and not (isinstance(case[key], str) and case[key].strip()):
            found.append(f"{label}: `{key}` must be text")
    settled = case.get("settled")
    if "settled" in case and not _settled_value(settled):
        found.append(f"{label}: `settled` must be true, false or a list of them (one a hand)")
    if kind == "pass" and False in (settled if isinstance(settled, list) else [settled]):
        found.append(f"{label}: a `pass` case settles every hand")
    findings = case.get("findings")
    if kind == "pass" and findings:
        found.append(f"{label}: a `pass` case has no findings")
    if kind == "fail":
        if not isinstance(findings, list) or not findings:
            found.append(f"{label}: a `fail` case lists its findings")
        else:
            for number, finding in enumerate(findings, 1):
                found += finding_problems(f"{label}: finding {number}", finding, known)
    return found


def finding_problems(label: str, finding: object, known: set[str]) -> list[str]:
    """What is wrong with one expected finding."""
    if not isinstance(finding, Mapping):
        return [f"{label}: a finding must be a mapping"]
    rule = finding.get("rule")
    if rule not in known:
        return [f"{label}: {rule!r} is no rule ID or read-error code of the referee"]
    found = unknown_keys(label, finding, FINDING_KEYS)
    keys = set(finding) & FINDING_KEYS
    needed = READ_ERROR_KEYS if rule in read_codes() else RULE_FINDING_KEYS
    what = "a read error" if rule in read_codes() else "a finding of a rule"
    if not needed <= keys:
        found.append(f"{label}: {what} gives {_keys(needed - keys)}")
    if rule in read_codes() and keys - READ_ERROR_KEYS:
        found.append(f"{label}: a read error gives only {_keys(READ_ERROR_KEYS)}")
    for key in ("line", "column"):
        if key in finding and not _positive(finding[key]):
            found.append(f"{label}: `{key}` must be a number from 1")
    if finding.get("trick") is not None and not _positive(finding["trick"]):
        found.append(f"{label}: `trick` must be a number from 1, or null")
    for key in ("player", "card"):
        if finding.get(key) is not None and not isinstance(finding[key], str):
            found.append(f"{label}: `{key}` must be text, or null")
    if "corrected" in finding and not isinstance(finding["corrected"], bool):
        found.append(f"{label}: `corrected` must be true or false")
    return found


def unknown_keys(label: str, mapping: Mapping[Any, Any], keys: frozenset[str]) -> list[str]:
    """One message for each key of ``mapping`` that is not one of ``keys``."""
    return [f"{label}: unknown key {k!r} (keys: {_keys(keys)})" for k in mapping if k not in keys]


def _settled_value(value: object) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, bool) for v in value)
    return isinstance(value, bool)


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _keys(keys: frozenset[str] | set[str]) -> str:
    return ", ".join(sorted(keys))


# ----------------------------------------------------------------------------- loading


@dataclass(frozen=True)
class Case:
    """One case of a file, as the runner needs it."""

    rule: str
    name: str
    kind: str
    log: str
    findings: tuple[Finding, ...]
    settled: bool | list[bool] | None
    xfail: str | None


def case_files() -> list[Path]:
    return sorted(CASES_DIR.glob("*.yml"))


@cache
def load(path: Path) -> Any:
    """A case file as YAML gives it (None when it is not YAML: the schema test says so)."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError:
        return None


def valid_files() -> Iterator[tuple[Path, Mapping[str, Any]]]:
    """The case files that pass the schema (the others fail `test_the_case_files_are_valid`)."""
    for path in case_files():
        data = load(path)
        if not problems(path.name, data):
            yield path, data


def all_cases() -> list[Case]:
    return [
        Case(
            rule=data["rule"],
            name=case["name"],
            kind=case["kind"],
            log=case["log"],
            findings=tuple(expected_finding(f) for f in case.get("findings") or ()),
            settled=case.get("settled"),
            xfail=case.get("xfail"),
        )
        for _, data in valid_files()
        for case in data["cases"]
    ]


def expected_finding(finding: Mapping[str, Any]) -> Finding:
    return (
        finding["rule"],
        finding.get("player"),
        finding.get("trick"),
        finding.get("card"),
        finding["line"],
        finding["column"],
        finding.get("corrected", False),
    )


def params() -> list[Any]:
    return [
        pytest.param(
            case,
            id=f"{case.rule}:{case.name}",
            marks=[pytest.mark.xfail(reason=case.xfail, strict=True)] if case.xfail else [],
        )
        for case in all_cases()
    ]


# ----------------------------------------------------------------------------- judging


def actual_findings(report: referee.FileReport) -> list[Finding]:
    """Every finding of a report: each hand's violations, then the read errors."""
    found: list[Finding] = [
        (v.rule, v.player, v.trick, v.card, v.line, v.column, v.corrected)
        for hand in report.hands
        for v in hand.violations
    ]
    found += [(e.code, None, None, None, e.line, e.column, False) for e in report.errors]
    return found


def in_order(findings: list[Finding] | tuple[Finding, ...]) -> list[Finding]:
    return sorted(findings, key=lambda f: tuple("" if x is None else str(x) for x in f))


def shown(findings: list[Finding], log: str) -> str:
    """Findings one per line, each with the log's line it points at."""
    lines = log.splitlines()
    out = []
    for rule, player, trick, card, line, column, corrected in findings:
        text = lines[line - 1] if line and 0 < line <= len(lines) else ""
        mark = " (corrected)" if corrected else ""
        out.append(
            f"  {rule} player={player} trick={trick} card={card} at {line}:{column}{mark}"
            f"    | {text}"
        )
    return "\n".join(out) or "  (none)"


@pytest.mark.parametrize("case", params())
def test_rule_case(case: Case) -> None:
    report = referee.audit_text(case.log, path=f"{case.rule}.hlog")
    found = in_order(actual_findings(report))
    expected = in_order(case.findings)
    assert found == expected, (
        f"{case.rule}:{case.name}\nexpected:\n{shown(expected, case.log)}\n"
        f"found:\n{shown(found, case.log)}"
    )
    settled = [hand.settled for hand in report.hands]
    if case.kind == "pass":
        assert report.hands and all(settled), f"not every hand settled: {settled}"
    if isinstance(case.settled, list):
        assert settled == case.settled, f"settled, hand by hand: {settled}"
    elif case.settled is not None:
        assert settled and all(s == case.settled for s in settled), settled


# ----------------------------------------------------------------------------- the files


def test_every_rule_has_a_file_with_a_legal_and_an_illegal_case() -> None:
    """Every rule ID of the registry: a valid file with a `pass` case and a `fail` case that
    finds that rule (a new rule is its code and its case file)."""
    by_rule: dict[str, list[Case]] = {}
    for case in all_cases():
        by_rule.setdefault(case.rule, []).append(case)
    missing = []
    for rule in sorted(rule_ids()):
        cases = by_rule.get(rule, [])
        passes = any(case.kind == "pass" for case in cases)
        fails = any(case.kind == "fail" and rule in {f[0] for f in case.findings} for case in cases)
        if not cases:
            missing.append(f"{rule}: no valid file tests/rule_cases/{rule}.yml")
        elif not (passes and fails):
            missing.append(f"{rule}: needs a `pass` case and a `fail` case that finds {rule}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("path", case_files(), ids=lambda p: p.name)
def test_the_case_files_are_valid(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        pytest.fail(f"{path.name} is not YAML: {exc}")
    found = problems(path.name, data)
    assert not found, "\n".join(found)


def test_every_file_is_named_for_a_rule_or_a_read_error_code() -> None:
    known = rule_ids() | read_codes()
    assert case_files()
    assert [p.name for p in case_files() if p.stem not in known] == []


def test_the_schema_check_says_what_is_wrong() -> None:
    """The check itself: a file with one fault of each kind gets one message for each."""
    bad = {
        "rule": "BR-FOLLOW",
        "colour": "red",
        "cases": [
            {"name": "Bad Name", "kind": "maybe", "log": "hand 1"},
            {"name": "twice", "kind": "pass", "log": "game bourre", "findings": [{}]},
            {"name": "twice", "kind": "fail", "log": "game bourre"},
            {"name": "unsettled-pass", "kind": "pass", "log": "game x", "settled": [True, False]},
            {"name": "odd-settled", "kind": "pass", "log": "game bourre", "settled": "yes"},
            {
                "name": "odd-findings",
                "kind": "fail",
                "log": "game bourre",
                "typo": 1,
                "findings": [
                    {"rule": "BR-NOPE"},
                    {"rule": "BR-FOLLOW", "player": "ann", "line": 0, "column": 1},
                    {"rule": "P-SYNTAX", "line": 2, "column": 1, "card": "As"},
                ],
            },
        ],
    }
    found = "\n".join(problems("BR-FOLLOW.yml", bad))
    for words in (
        "unknown key 'colour'",
        "`name` must be lower-case words",
        "`kind` must be `pass` or `fail`, not 'maybe'",
        "`log` must be a whole log",
        "a `pass` case has no findings",
        "case 'twice': the name is given twice",
        "a `fail` case lists its findings",
        "unknown key 'typo'",
        "'BR-NOPE' is no rule ID",
        "a finding of a rule gives card, trick",
        "`line` must be a number from 1",
        "a read error gives only column, line, rule",
        "case 'unsettled-pass': a `pass` case settles every hand",
        "case 'odd-settled': `settled` must be true, false or a list of them",
    ):
        assert words in found, words
    assert problems("BR-HEAD.yml", {"rule": "BR-FOLLOW", "cases": []}) == [
        "BR-HEAD.yml: `rule` is 'BR-FOLLOW', not the file's name 'BR-HEAD'",
        "BR-HEAD.yml: `cases` must be a non-empty list",
    ]
