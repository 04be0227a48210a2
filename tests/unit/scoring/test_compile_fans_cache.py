"""scripts/compile_fans.py keeps its build in a cache keyed by the sources:
a fresh checkout of the same sources (CI's clean clone) copies it instead of
compiling for twenty seconds, and a damaged copy is built afresh. The
package folder and the loading check are stand-ins here: compiling is the
real script's and ``make venv``'s business."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.commands import ROOT


@pytest.fixture
def script(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "compile_fans_under_test", ROOT / "scripts" / "compile_fans.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    package = tmp_path / "package"
    package.mkdir()
    monkeypatch.setattr(module, "PACKAGE_DIR", package)
    monkeypatch.setattr(module, "STAMP", package / "native.stamp")
    monkeypatch.setenv("MURAILLE_BUILD_CACHE", str(tmp_path / "cache"))
    return module


def built(script, names=("calculator.so", "build__mypyc.so")) -> None:
    for name in names:
        (script.PACKAGE_DIR / name).write_bytes(b"extension " + name.encode())


def test_each_sources_digest_has_its_own_place(script, monkeypatch):
    assert script.cached_build("a") != script.cached_build("b")
    assert script.cached_build("a") == script.cached_build("a")
    monkeypatch.setenv("MURAILLE_BUILD_CACHE", "off")
    assert script.cached_build("a") is None


def test_a_kept_build_comes_back_in_place_with_its_stamp(script, monkeypatch):
    built(script)
    script.keep("digest")
    script.clean()
    monkeypatch.setattr(script, "_compiled_loads", lambda: True)
    assert script.restore("digest")
    assert sorted(p.name for p in script.PACKAGE_DIR.iterdir()) == [
        "build__mypyc.so",
        "calculator.so",
        "native.stamp",
    ]
    assert script.STAMP.read_text().strip() == "digest"
    assert not script.restore("other sources")


def test_a_damaged_copy_is_dropped_and_nothing_left_in_place(script, monkeypatch):
    built(script)
    script.keep("digest")
    monkeypatch.setattr(script, "_compiled_loads", lambda: False)
    assert not script.restore("digest")
    assert list(script.PACKAGE_DIR.iterdir()) == []
    assert not Path(script.cached_build("digest")).exists()
