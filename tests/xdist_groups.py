"""``xdist_group`` under pytest 9: the tests of a group on one worker again.

pytest-xdist's ``--dist loadgroup`` sends the tests whose node id ends in
``@<group>`` to one worker; it adds that suffix by setting ``item._nodeid``,
which pytest 9 no longer reads (a node's id is now ``item._id``). So every
group was spread over both workers: the venue template, meant to be built
once for its two modules, was built on each (80 s of CPU twice), and the
live-publishing module's one server started twice. ``add_group_suffixes``
gives the ids their suffix when xdist's did not take; tests/conftest.py
imports the hook below, which calls it on each worker.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest


def group_of(item: pytest.Item) -> str | None:
    names = sorted(
        str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
        for mark in item.iter_markers("xdist_group")
    )
    return "_".join(names) if names else None


def add_group_suffixes(items: Iterable[pytest.Item]) -> None:
    from _pytest.nodeid import NodeId  # pytest 9's structured node ids

    for item in items:
        group = group_of(item)
        if group and not item.nodeid.endswith(f"@{group}"):
            item._id = NodeId.parse(f"{item.nodeid}@{group}")  # type: ignore[attr-defined]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    # A worker's own "dist" is "no"; xdist tells it of loadgroup this way.
    if getattr(config.option, "loadgroup", False):
        add_group_suffixes(items)
