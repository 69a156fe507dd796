"""setuptools' entry: the extension modules the build backend asks for (none: pure Python).

Everything else is in ``pyproject.toml``; what is compiled, and when, is
``build_support/referee_build.py``'s.
"""

import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).resolve().parent / "build_support"))

import referee_build

setup(**referee_build.setup_arguments())
