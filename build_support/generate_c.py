"""mypyc's C for the compiled build, in a process of its own (run by ``referee_build.py``).

    python generate_c.py SPEC.json

SPEC names the modules, the folder to write to, mypyc's options and any folder to add to
``sys.path`` (where the backend installed mypy). mypy type-checks the modules as ``mypy
referee`` does (``[tool.mypy]`` in ``pyproject.toml``), mypyc writes the C, and the
extension modules that build it are written to ``extensions.json`` in the folder for
setuptools to build. mypy's messages go to standard output; a type error ends with exit
status 1.

A process of its own, ended with ``os._exit``: mypy's state (hundreds of MB of objects)
would otherwise take the backend's process seconds to free at exit, and importing mypyc
changes nothing in the backend.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import traceback
from pathlib import Path
from typing import Any

#: What setuptools needs of each of mypyc's extensions.
FIELDS = ("name", "sources", "include_dirs", "depends", "extra_compile_args")


def generate(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """mypyc's C for ``spec["modules"]`` in ``spec["folder"]``; the extensions, as dicts of
    setuptools.Extension's arguments.

    mypyc's runtime headers are copied beside the C (``lib-rt``) and the extensions point
    there, so that the mypy the backend installed can be removed before the C compiler
    runs, while it is still cheap to (seconds after it was written, before the system has
    given its files disk blocks)."""
    sys.path.extend(spec["paths"])
    from mypyc.build import include_dir, mypycify

    folder = Path(spec["folder"])
    extensions = mypycify(
        ["--cache-dir", str(folder / "mypy-cache"), *spec["modules"]],
        target_dir=str(folder / "c"),
        group_name=spec["group"],
        **spec["options"],
    )
    runtime = str(folder / "lib-rt")
    shutil.copytree(include_dir(), runtime, ignore=shutil.ignore_patterns("__pycache__"))
    described = []
    for ext in extensions:
        arguments = {field: getattr(ext, field) for field in FIELDS}
        arguments["include_dirs"] = [
            runtime + path.removeprefix(include_dir()) if path.startswith(include_dir()) else path
            for path in ext.include_dirs
        ]
        described.append(arguments)
    return described


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text("utf-8"))
    try:
        extensions = generate(spec)
    except SystemExit as exc:  # (mypyc ends mypy's errors so; they are printed)
        if isinstance(exc.code, str):
            print(exc.code)
        status = exc.code if isinstance(exc.code, int) and exc.code else 1
    except Exception:  # (a crash of mypyc: its traceback, for the build's output)
        traceback.print_exc()
        status = 1
    else:
        Path(spec["folder"], "extensions.json").write_text(json.dumps(extensions), "utf-8")
        status = 0
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":
    main()
