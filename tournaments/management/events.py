"""The event a command names, with a hint when it is in the venue's folder."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import CommandError

from tournaments.models import Tournament


def event_or_error(slug: str) -> Tournament:
    """The tournament ``slug``, else a CommandError that says where to look.

    Outside the venue's settings a command reads the development database:
    an organiser who typed ``python manage.py export_event`` on the venue
    laptop (without make, which sets MURAILLE_VENUE=1) would only be told
    that the event does not exist.
    """
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is not None:
        return tournament
    message = f"No tournament {slug!r}."
    if settings.VENUE_DIR is None and (Path(settings.BASE_DIR) / "venue").is_dir():
        message += (
            " The venue's events are in venue/: run the command with "
            "MURAILLE_VENUE=1 set (make publish and make export-event do)."
        )
    raise CommandError(message)
