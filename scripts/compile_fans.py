"""Compile the MCR fan calculator with mypyc, in place (optional speed-up).

    .venv/bin/python scripts/compile_fans.py          # build when possible
    .venv/bin/python scripts/compile_fans.py --clean  # remove the build

``make venv`` (so ``make run`` and ``make test``) runs it. The modules of
``scoring/engine/mcr/fans`` (all but ``__init__.py``) become C extensions
beside their sources, and a stamp (``native.stamp``) records the digest of
the sources they were built from. The package's ``__init__`` loads the
compiled modules only when that digest still matches the sources (and
``MURAILLE_PURE_PYTHON`` is unset): an edited source is never shadowed by
an old build, it is simply read as Python until the next build.

Without mypyc or a C compiler, or when the build fails, the script removes
any partial build, says why on standard error and exits 0: the pure-Python
calculator, the same answers, is what runs then.

A build is kept in the user's cache (``~/.cache/muraille/fans-native/``,
or the folder ``MURAILLE_BUILD_CACHE`` names; ``off`` for none), under the
digest of the sources, the interpreter, mypyc and the platform: a fresh
checkout of the same sources, as CI's clean clone, copies it in a second
instead of compiling for twenty.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.engine.mcr.fans.native import (  # noqa: E402
    GROUP,
    PACKAGE_DIR,
    STAMP,
    compiled_sources,
    sources_digest,
)


def built_files() -> list[Path]:
    """Every file a build leaves in the package (extensions and the stamp)."""
    return [*PACKAGE_DIR.glob("*.so"), *PACKAGE_DIR.glob("*.pyd"), STAMP]


def clean() -> None:
    for path in built_files():
        path.unlink(missing_ok=True)


def _compiler() -> str | None:
    for name in (os.environ.get("CC", ""), "cc", "gcc", "clang"):
        if name and shutil.which(name.split()[0]):
            return name
    return None


def cached_build(digest: str) -> Path | None:
    """The folder that keeps (or will keep) the extensions built from these
    sources by this interpreter, mypyc and platform; None when caching is off."""
    setting = os.environ.get("MURAILLE_BUILD_CACHE", "")
    if setting == "off":
        return None
    from mypy.version import __version__ as mypyc_version

    key = hashlib.sha256(
        "\0".join(
            (
                digest,
                sys.version,
                mypyc_version,
                platform.platform(),
                str(sysconfig.get_config_var("EXT_SUFFIX")),
            )
        ).encode()
    ).hexdigest()[:32]
    base = Path(setting) if setting else _user_cache() / "muraille" / "fans-native"
    return base / key


def _user_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


def _extensions(folder: Path) -> list[Path]:
    return [*folder.glob("*.so"), *folder.glob("*.pyd")]


def _compiled_loads() -> bool:
    """True when a fresh interpreter runs the calculator compiled."""
    check = (
        "from scoring.engine.mcr.fans import IMPLEMENTATION, count_fans; "
        "import sys; sys.exit(IMPLEMENTATION != 'compiled')"
    )
    done = subprocess.run(
        [sys.executable, "-c", check], cwd=ROOT, capture_output=True, timeout=120
    )
    return done.returncode == 0


def restore(digest: str) -> bool:
    """Copy a cached build in place; True when it loads compiled."""
    folder = cached_build(digest)
    if folder is None or not _extensions(folder):
        return False
    clean()
    for path in _extensions(folder):
        shutil.copy2(path, PACKAGE_DIR / path.name)
    STAMP.write_text(digest + "\n", encoding="ascii")
    if _compiled_loads():
        return True
    clean()  # a damaged or foreign cache: build afresh
    shutil.rmtree(folder, ignore_errors=True)
    return False


def keep(digest: str) -> None:
    """Copy the extensions just built to the cache (whole or not at all)."""
    folder = cached_build(digest)
    if folder is None or folder.exists():
        return
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        temp = Path(tempfile.mkdtemp(prefix=".part-", dir=folder.parent))
        for path in _extensions(PACKAGE_DIR):
            shutil.copy2(path, temp / path.name)
        temp.rename(folder)
    except OSError as error:  # a read-only or full disk: no cache, no harm
        print(f"compile_fans: build not cached ({error})", file=sys.stderr)


def build() -> bool:
    """Compile in place; True when the extensions and the stamp are written."""
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as error:
        print(f"compile_fans: no mypyc ({error}); pure Python", file=sys.stderr)
        return False
    if _compiler() is None:
        print("compile_fans: no C compiler; pure Python", file=sys.stderr)
        return False
    if restore(sources_digest()):
        print("compile_fans: these sources' build, from the cache", file=sys.stderr)
        return True
    clean()
    paths = [str(path.relative_to(ROOT)) for path in compiled_sources()]
    digest = sources_digest()
    with tempfile.TemporaryDirectory(prefix="muraille-mypyc-") as temp:
        here = Path.cwd()
        os.chdir(ROOT)
        try:
            setup(
                name="muraille-fans-native",
                packages=[],
                py_modules=[],
                ext_modules=mypycify(
                    ["--ignore-missing-imports", *paths],
                    opt_level="3",
                    group_name=GROUP,
                    target_dir=str(Path(temp) / "c"),
                ),
                script_args=[
                    "-q",
                    "build_ext",
                    "--inplace",
                    "--build-temp",
                    temp,
                    "--build-lib",
                    str(Path(temp) / "lib"),
                ],
            )
        except (Exception, SystemExit) as error:  # a failed build: stay pure Python
            print(f"compile_fans: build failed ({error}); pure Python", file=sys.stderr)
            clean()
            return False
        finally:
            os.chdir(here)
    STAMP.write_text(digest + "\n", encoding="ascii")
    keep(digest)
    count = len(compiled_sources())
    print(f"compile_fans: {count} modules compiled", file=sys.stderr)
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clean", action="store_true", help="remove the build")
    options = parser.parse_args()
    if options.clean:
        clean()
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
