"""Whether the calculator runs compiled (mypyc) or as Python; never compiled.

``scripts/compile_fans.py`` (run by ``make venv``) may compile the package's
modules into C extensions beside their sources and write ``native.stamp``,
the digest of the sources it compiled. Python prefers an extension to a
source of the same name, so an extension built from older sources would
shadow an edit: ``install`` (called by the package's ``__init__`` before it
imports anything else) therefore keeps the compiled modules only when the
stamp still matches the sources, and otherwise puts a finder first on
``sys.meta_path`` that loads the package's modules from their ``.py`` files.
``MURAILLE_PURE_PYTHON=1`` asks for the Python modules whatever is built.
Both answer every hand the same (``tests/unit/scoring/test_fans_native.py``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
PACKAGE = __name__.rpartition(".")[0]
# mypyc's shared library for the group is "<GROUP>__mypyc", here
# scoring/engine/mcr/fans/build__mypyc.*.so: inside the package.
GROUP = f"{PACKAGE}.build"
STAMP = PACKAGE_DIR / "native.stamp"
PURE_PYTHON_VARIABLE = "MURAILLE_PURE_PYTHON"
_NOT_COMPILED = frozenset({"__init__.py", "native.py"})


def compiled_sources() -> list[Path]:
    """The modules a build compiles: every one but ``__init__`` and this one."""
    return sorted(p for p in PACKAGE_DIR.glob("*.py") if p.name not in _NOT_COMPILED)


def sources_digest() -> str:
    """SHA-256 of the compiled modules' sources and the interpreter's tag."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in compiled_sources():
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def compiled_allowed() -> bool:
    """True when the stamp matches the sources and Python was not asked for."""
    if os.environ.get(PURE_PYTHON_VARIABLE):
        return False
    try:
        return STAMP.read_text(encoding="ascii").strip() == sources_digest()
    except OSError:
        return False


class SourceOnlyFinder:
    """Finds the package's modules as their ``.py`` sources, never compiled."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        source = PACKAGE_DIR / f"{name}.py"
        if package != PACKAGE or not source.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> None:
    """Keep compiled modules out unless ``compiled_allowed()``; idempotent."""
    if compiled_allowed():
        return
    if not any(isinstance(finder, SourceOnlyFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, SourceOnlyFinder())


def implementation(module: ModuleType) -> str:
    """``"compiled"`` if ``module`` came from an extension, else ``"python"``."""
    origin = getattr(module, "__file__", "") or ""
    return "python" if origin.endswith(".py") else "compiled"
