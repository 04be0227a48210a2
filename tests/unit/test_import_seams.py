"""The leagues' seam with tournaments: every tournaments module is either
part of its public surface or listed as forbidden to the leagues in the
import-linter contract, so a new module cannot slip past ``lint-imports``
unclassified."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import tournaments
import tournaments.imports

ROOT = Path(__file__).resolve().parents[2]
CONTRACT = "Leagues use tournaments through its public surface"

PUBLIC = {
    "tournaments.charts",
    "tournaments.clock",
    "tournaments.demo",
    "tournaments.downloads",
    "tournaments.exact_points",
    "tournaments.exports",
    "tournaments.extensions",
    "tournaments.imports",  # names only: its other modules are forbidden
    "tournaments.limits",
    "tournaments.messages",
    "tournaments.models",
    "tournaments.page_access",
    "tournaments.permissions",
    "tournaments.seating",
    "tournaments.selectors",
    "tournaments.services",  # except services.tables
    "tournaments.tasks",
}
"""What the leagues may import (the contract lists the rest)."""


def _contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (found,) = [c for c in contracts if c["name"].startswith(CONTRACT)]
    return found


def _modules(package) -> set[str]:
    return {
        f"{package.__name__}.{info.name}"
        for info in pkgutil.iter_modules(package.__path__)
        if info.name != "__init__"
    }


def test_the_contract_forbids_the_leagues_every_inside_of_tournaments():
    contract = _contract()
    assert contract["type"] == "forbidden"
    assert contract["source_modules"] == ["leagues"]
    forbidden = set(contract["forbidden_modules"])
    unclassified = _modules(tournaments) - PUBLIC - forbidden
    assert unclassified == set(), "add each to PUBLIC or to the contract"
    assert PUBLIC & forbidden == set()


def test_the_table_write_steps_and_the_import_readers_stay_inside():
    forbidden = set(_contract()["forbidden_modules"])
    assert "tournaments.services.tables" in forbidden
    assert {"tournaments.views", "tournaments.forms", "tournaments.api"} <= forbidden
    assert _modules(tournaments.imports) - forbidden == {"tournaments.imports.names"}
