"""The guide's pages (``docs/*.md``), for ``referee docs [PAGE]``.

The pages ship with the package: a wheel installs ``docs/`` as the package data folder
``referee/guide`` (``pyproject.toml``), and a checkout (an editable install) reads the
repository's own ``docs/``. A page is named by its file name without ``.md`` (``first-log``,
``log-format``); the guide's index, ``README.md``, is ``index``. The pages are listed in the
order the index links them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from referee.suggest import close_matches, did_you_mean

#: The index page's name (its file is README.md).
INDEX = "index"
_INDEX_FILE = "README.md"
_LINK = re.compile(r"\]\(([\w-]+)\.md[#)]")


class UnknownPage(LookupError):
    """A name that is no page of the guide (the message says what is close)."""


class GuideMissing(LookupError):
    """The guide's pages are not installed (a build without its package data)."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page: its name (``log-format``), its title (its first heading) and its file."""

    name: str
    title: str
    file: Traversable

    def text(self) -> str:
        """The page, as Markdown."""
        return self.file.read_text(encoding="utf-8")


def guide_folder() -> Traversable:
    """The folder of the pages: the installed package's ``guide`` or the checkout's
    ``docs``. Raises :class:`GuideMissing` when neither holds the index."""
    import referee

    package = Path(referee.__file__).resolve().parent
    for folder in (package / "guide", package.parent / "docs"):
        if (folder / _INDEX_FILE).is_file():
            return folder
    from importlib import resources

    try:  # (a zipped install)
        zipped = resources.files("referee") / "guide"
        if (zipped / _INDEX_FILE).is_file():
            return zipped
    except (ModuleNotFoundError, OSError):
        pass
    raise GuideMissing(
        "the guide's pages are not installed with this copy of referee; they are the "
        "docs/ folder of its source"
    )


def pages() -> list[Page]:
    """Every page: the index, then the pages in the order the index links them, then any
    other, by name."""
    folder = guide_folder()
    files = {_name(f.name): f for f in folder.iterdir() if f.name.endswith(".md")}
    index = files[INDEX].read_text(encoding="utf-8")
    linked = [name for name in dict.fromkeys(_LINK.findall(index)) if name in files]
    order = [INDEX, *linked, *sorted(set(files) - {INDEX, *linked})]
    return [
        Page(name, _title(files[name].read_text(encoding="utf-8"), name), files[name])
        for name in order
    ]


def find_page(word: str) -> Page:
    """The page ``word`` names (any case; ``.md`` and ``README`` too). Raises
    :class:`UnknownPage` with a "did you mean" otherwise."""
    known = pages()
    wanted = _name(word.strip().lower())
    for page in known:
        if page.name == wanted:
            return page
    raise UnknownPage(_unknown(word, [p.name for p in known]))


def _name(file_name: str) -> str:
    """A page's name from its file's (``log-format.md``: ``log-format``; ``README.md``:
    ``index``)."""
    stem = file_name.removesuffix(".md")
    return INDEX if stem.lower() == "readme" else stem


def _title(text: str, name: str) -> str:
    """A page's first heading (its name, when it has none)."""
    heading = re.search(r"^# (.+)$", text, re.M)
    return heading.group(1).strip() if heading else name


def _unknown(word: str, names: list[str]) -> str:
    """What to say about a name that is no page: the close ones, and where a statement, a
    rule or an option is explained."""
    from referee.topics import UnknownTopic, explain_topic

    shown = word.strip()
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    message = f"no page of the guide is called {shown!r}"
    hint = did_you_mean(close_matches(word.strip(), names))
    if hint:
        return f"{message}; {hint}"
    try:
        explain_topic(word)
    except UnknownTopic:
        return f"{message}; `referee docs` lists the pages"
    return f"{message}; `referee explain {shown}` explains it"
