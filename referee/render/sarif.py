"""The SARIF report (``--format sarif``): SARIF 2.1.0, for code-scanning tools and editors.

One SARIF log with one run. The run's tool is the referee, whose driver lists every rule
ID of the registry and every read-error code (``P-``), found or not, each with:

* ``id``; ``name``, the ID in words (``bourre-follow``, ``log-not-held``, ``read-syntax``);
* ``shortDescription``, its summary (as ``referee rules``), ``fullDescription``, what it
  covers, and ``help``, the whole text ``referee explain ID`` prints;
* ``defaultConfiguration.level`` and ``properties`` (``game``, ``kind``, ``tags``).

Every finding is a result, in the order of the JSON report: file by file, each file's
violations hand by hand as they are judged, then its read errors (``P-`` codes, which are
complete only at the file's end). A result has ``ruleId``, ``ruleIndex``, ``level``
(``error`` or ``warning``, by the rule's kind: :mod:`referee.severity`), ``message``
(the finding's message, then its evidence, one line each; ``(corrected)`` first for a play
taken back), one location (the file, and the line and column when known) and
``properties`` (``hand``, and ``player``, ``trick``, ``card``, ``corrected`` for a
violation).

A file's location is its path relative to the current folder, percent-encoded with ``/``
separators, under the base ``%SRCROOT%`` (given in ``originalUriBaseIds`` as the current
folder's ``file:`` URI), so a run from a repository's root names files as the repository
does; a file outside the current folder has its absolute ``file:`` URI. Standard input has
no URI, only the description ``<stdin>``. Columns count Unicode code points
(``columnKind``), from 1.

Written as it is judged: the document up to ``"results": [`` at once, each result as its
hand is judged, the closing brackets at the end; a worker process writes its file's results
into a part. Text is UTF-8, indented by two spaces, keys in a fixed order.
"""

from __future__ import annotations

import io
import json
import os
from functools import cache
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote_from_bytes

from referee import __version__
from referee.codes import READ_CODES, explain_code_text
from referee.inputs import STDIN_NAME
from referee.render.jsontext import card_text, escaped
from referee.report import FileReport, HandResult, ReadError, Violation
from referee.rulebook import all_rules
from referee.severity import error_level, rule_level, violation_level
from referee.topics import explain_rule_text

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
#: The base the relative artifact URIs are resolved against: the current folder.
SRCROOT = "%SRCROOT%"
#: The words for each rule ID's prefix, in a rule's ``name``.
_PREFIX_WORDS = {"BR": "bourre", "BE": "bid-euchre", "L": "log", "P": "read"}
#: A rule's tags for its game (``both``: a log fault or read error, of either game).
_GAME_TAGS = {
    "bourre": ("bourre",),
    "bid-euchre": ("bid-euchre",),
    "both": ("bourre", "bid-euchre"),
}
#: Where the results go in the document: replaced by them.
_RESULTS = "\0results\0"
_RESULT_INDENT = " " * 8  # a result is an item of runs[0].results


class SarifWriter:
    """Streams the SARIF log: its head at once, a file at a time, each a hand at a time.

    For each file call :meth:`begin`, :meth:`hand` for each of its hands, then :meth:`end`
    (or :meth:`file` for a complete report, or :meth:`part` for a file's results rendered
    elsewhere); finally :meth:`close`. With ``document`` False the writer renders one file's
    results only, for :meth:`take_part` (a worker process's share of a batch).
    """

    def __init__(self, out: TextIO, *, document: bool = True, root: str | None = None) -> None:
        self._out = out
        self._document = document
        self._root = root if root is not None else current_folder()
        self._results = 0  # results written (a document's, or the part's)
        self._path = ""
        self._location: dict[str, Any] = {}
        self._tail = ""
        if document:  # (a worker's part is its results only)
            head, self._tail = _skeleton(self._root)
            self._out.write(head)

    def begin(self, report: FileReport) -> None:
        """A file starts: where its results are."""
        self._path = report.path
        self._location = artifact_location(report.path, self._root)

    def errors(self, errors: list[ReadError]) -> None:
        """Read errors found so far: written with the file's end, when all are known."""

    def hand(self, hand: HandResult) -> None:
        """Write the results of one judged hand's violations."""
        for violation in hand.violations:
            self._result(violation_result(violation, hand.number, self._location))

    def end(self, report: FileReport) -> None:
        """Write the file's read errors."""
        location = artifact_location(report.path, self._root)
        for error in report.errors:
            self._result(error_result(error, location))

    def file(self, report: FileReport) -> None:
        """Write a complete report."""
        self.begin(report)
        for hand in report.hands:
            self.hand(hand)
        self.end(report)

    def part(self, text: str) -> None:
        """Write the results of a file that another writer rendered (:meth:`take_part`)."""
        if text:
            self._out.write(("\n" if not self._results else ",\n") + text)
            self._results += 1

    def take_part(self) -> str:
        """The results written so far (``document`` False), and start afresh."""
        assert isinstance(self._out, io.StringIO) and not self._document
        text = self._out.getvalue()
        self._out.seek(0)
        self._out.truncate()
        self._results = 0
        return text

    def close(self) -> None:
        """Finish the document."""
        self._out.write(self._tail)

    def _result(self, result: dict[str, Any]) -> None:
        text = json.dumps(result, ensure_ascii=False, indent=2)
        text = escaped(_RESULT_INDENT + text.replace("\n", "\n" + _RESULT_INDENT))
        if self._document or self._results:
            text = ("\n" if not self._results else ",\n") + text
        self._out.write(text)
        self._results += 1


def render_sarif(reports: list[FileReport], root: str | None = None) -> str:
    """The whole SARIF log for complete reports (for tests and embedding)."""
    out = io.StringIO()
    writer = SarifWriter(out, root=root)
    for report in reports:
        writer.file(report)
    writer.close()
    return out.getvalue()


# ----------------------------------------------------------------------------- the run


def _skeleton(root: str) -> tuple[str, str]:
    """The document before its results (ending ``"results": [``) and after them."""
    log = {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {"driver": driver()},
                "originalUriBaseIds": {SRCROOT: {"uri": _folder_uri(root)}},
                "columnKind": "unicodeCodePoints",
                "results": [_RESULTS],
            }
        ],
    }
    text = escaped(json.dumps(log, ensure_ascii=False, indent=2))
    marker = _RESULT_INDENT + json.dumps(_RESULTS)
    head, _, tail = text.partition(marker)
    return head.rstrip("\n"), "\n" + tail.lstrip("\n") + "\n"


@cache
def driver() -> dict[str, Any]:
    """The tool's driver: the referee, and every rule and read-error code it reports."""
    return {
        "name": "referee",
        "version": __version__,
        "rules": rule_descriptors(),
    }


def rule_descriptors() -> list[dict[str, Any]]:
    """Every rule ID (the registry's order), then every read-error code, described."""
    described: list[dict[str, Any]] = []
    for rule in all_rules().values():
        described.append(
            _descriptor(
                rule.id,
                rule.summary,
                rule.explanation,
                explain_rule_text(rule),
                {"game": rule.game, "kind": rule.kind},
            )
        )
    for code in READ_CODES:
        described.append(
            _descriptor(
                code.id,
                code.summary,
                code.explanation,
                explain_code_text(code),
                {"game": "both", "kind": code.kind},
            )
        )
    return described


def _descriptor(
    rule_id: str, summary: str, explanation: str, help_text: str, about: dict[str, str]
) -> dict[str, Any]:
    return {
        "id": rule_id,
        "name": rule_name(rule_id),
        "shortDescription": {"text": summary},
        "fullDescription": {"text": " ".join(explanation.split())},
        "help": {"text": help_text.rstrip("\n")},
        "defaultConfiguration": {"level": rule_level(rule_id)},
        "properties": {**about, "tags": [*_GAME_TAGS.get(about["game"], ()), about["kind"]]},
    }


def rule_name(rule_id: str) -> str:
    """A rule ID in words: ``BR-FOLLOW`` is ``bourre-follow``, ``L-NOT-HELD``
    ``log-not-held``, ``P-SYNTAX`` ``read-syntax``."""
    prefix, _, rest = rule_id.partition("-")
    return f"{_PREFIX_WORDS.get(prefix, prefix.lower())}-{rest.lower()}"


@cache
def rule_indexes() -> dict[str, int]:
    """Each rule ID's and read-error code's place in the driver's rules."""
    return {descriptor["id"]: i for i, descriptor in enumerate(driver()["rules"])}


# ----------------------------------------------------------------------------- results


def violation_result(v: Violation, hand: int, location: dict[str, Any]) -> dict[str, Any]:
    """The result for one violation of hand number ``hand``."""
    lines = [("(corrected) " if v.corrected else "") + v.message]
    lines += [line for line in v.evidence.splitlines() if line.strip()]
    properties: dict[str, Any] = {"hand": hand}
    if v.player is not None:
        properties["player"] = v.player
    if v.trick is not None:
        properties["trick"] = v.trick
    if v.card is not None:
        properties["card"] = card_text(v.card)
    properties["corrected"] = v.corrected
    return _result(
        v.rule, violation_level(v), "\n".join(lines), location, v.line, v.column, properties
    )


def error_result(error: ReadError, location: dict[str, Any]) -> dict[str, Any]:
    """The result for one read error."""
    return _result(
        error.code, error_level(error), error.message, location, error.line, error.column, None
    )


def _result(
    rule_id: str,
    level: str,
    message: str,
    location: dict[str, Any],
    line: int | None,
    column: int | None,
    properties: dict[str, Any] | None,
) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": location}
    if line is not None and line >= 1:
        region = {"startLine": line}
        if column is not None and column >= 1:
            region["startColumn"] = column
        physical["region"] = region
    result: dict[str, Any] = {"ruleId": rule_id}
    index = rule_indexes().get(rule_id)
    if index is not None:
        result["ruleIndex"] = index
    result["level"] = level
    result["message"] = {"text": message}
    result["locations"] = [{"physicalLocation": physical}]
    if properties:
        result["properties"] = properties
    return result


# ----------------------------------------------------------------------------- locations


def artifact_location(path: str, root: str) -> dict[str, Any]:
    """Where a file is: relative to ``root`` (the current folder) under :data:`SRCROOT`
    when it is inside it, else its absolute ``file:`` URI; standard input is described,
    with no URI."""
    if path == STDIN_NAME:
        return {"description": {"text": STDIN_NAME}}
    full = os.path.normpath(os.path.join(root, path))
    try:
        relative = os.path.relpath(full, root)
    except ValueError:  # (another drive, on Windows)
        relative = os.pardir
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return {"uri": Path(full).as_uri()}
    parts = relative.split(os.sep)
    return {"uri": "/".join(_segment(part) for part in parts), "uriBaseId": SRCROOT}


def current_folder() -> str:
    """The current folder (``/`` when it is gone: every path is then taken as absolute)."""
    try:
        return os.getcwd()
    except OSError:
        return os.sep


def _segment(part: str) -> str:
    """One path segment percent-encoded (its bytes as the file system has them)."""
    return quote_from_bytes(os.fsencode(part), safe="")


def _folder_uri(root: str) -> str:
    uri = Path(os.path.abspath(root)).as_uri()
    return uri if uri.endswith("/") else uri + "/"
