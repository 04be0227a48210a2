"""Placeholder: replaced by the backups branch."""

from __future__ import annotations


def start_backup_scheduler() -> object | None:
    """Start the venue's backup thread; replaced by the backups branch."""
    return None
