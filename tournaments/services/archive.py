"""Import an event archive (``tournaments.archive``): create or update.

Work in progress: the interface below is the contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Tournament
from tournaments.services.audit import Actor


@dataclass(frozen=True)
class ImportOutcome:
    """What an import did (or, with ``dry_run``, would do)."""

    tournament: Tournament
    created: bool
    changed: bool
    changes: list[str] = field(default_factory=list)


def import_archive(
    *, document: object, actor: Actor, dry_run: bool = False
) -> ImportOutcome:
    raise NotImplementedError
