"""The error codes a rule set can raise, read from its source.

A rule set's modules are the files of the package that defines its class
(every module of it, its command-line tool included) and, transitively,
every module of the project they import by name (``from scoring.engine.tiles
import ...`` brings ``scoring/engine/tiles.py``, not the whole
``scoring.engine`` package). In them, every ``EngineError(...)`` call is read:
its first argument must be a string constant (a code is a constant of the
rule set, so this scan, the catalogue and a reader all see it), or the
re-raise ``EngineError(error.code, ...)`` of a code caught from a call.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ERROR_CLASS = "EngineError"


@dataclass
class RaisedCodes:
    """Each constant code with the files raising it, and each call whose
    code is computed (``file:line: source``)."""

    codes: dict[str, set[str]] = field(default_factory=dict)
    computed: list[str] = field(default_factory=list)


def _module_file(name: str) -> Path | None:
    """The project's source file of module ``name``; ``None`` outside the
    project. Read from the tree, not the import system: the fan calculator
    compiled by mypyc imports from a .so beside its source."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path.resolve()
    return None


def _imported_files(tree: ast.Module, package: str) -> set[Path]:
    files = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found = [_module_file(alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            # ``from package import module`` brings the module alone, not
            # the whole package; ``from module import name`` the module.
            found = [_module_file(f"{base}.{alias.name}") for alias in node.names]
            if not any(found):
                found = [_module_file(base)]
        else:
            continue
        files |= {path for path in found if path is not None}
    return files


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def ruleset_files(ruleset: object) -> set[Path]:
    """The files of ``ruleset``'s package and every project module they import."""
    start = Path(inspect.getfile(type(ruleset))).resolve()
    pending = set(start.parent.rglob("*.py"))
    seen: set[Path] = set()
    while pending:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = _module_name(path)
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        pending |= _imported_files(tree, package) - seen
    return seen


def _is_reraise(node: ast.expr) -> bool:
    """``error.code``: the code of an error caught from a call, raised
    again with another field (its own constant is scanned where raised)."""
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "code"
        and isinstance(node.value, ast.Name)
    )


def raised_codes(files: set[Path]) -> RaisedCodes:
    """The codes raised in ``files``."""
    found = RaisedCodes()
    for path in sorted(files):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            if name != ERROR_CLASS:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.codes.setdefault(first.value, set()).add(where)
            elif not _is_reraise(first):
                found.computed.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found
