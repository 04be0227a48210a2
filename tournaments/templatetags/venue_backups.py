"""``{% backups_available as on %}``: whether this server has backups to
offer (an SQLite database file), for the dashboard's "Back up now"."""

from __future__ import annotations

from django import template

from tournaments.venue.backups import backup_folder

register = template.Library()


@register.simple_tag
def backups_available() -> bool:
    return backup_folder() is not None
