"""Players who may be one person: found by name (accents, case and the
order of first and last name ignored), never two holders of different EMA
numbers. The organiser confirms each merge."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count

from leagues.selectors.visibility import Audience
from tournaments.imports.names import likeness_key
from tournaments.models import Player, Tournament


@dataclass(frozen=True)
class DuplicateGroup:
    players: list[Player]


def list_duplicates(*, audience: Audience) -> list[DuplicateGroup]:
    """Groups of players with the same name (two queries at most); a group
    whose players all hold different EMA numbers is not listed. Only the
    players ``audience`` may see every event of (a private event's players
    are its organisers' to name)."""
    hidden = Tournament.objects.exclude(audience.tournaments())
    players = (
        Player.objects.select_related("club")
        .exclude(registrations__tournament__in=hidden)
        .annotate(events=Count("registrations"))
    )
    groups: dict[tuple[str, ...], list[Player]] = {}
    for player in players:
        groups.setdefault(likeness_key(player.first_name, player.last_name), []).append(
            player
        )
    found = []
    for key in sorted(groups):
        members = groups[key]
        numbers = [p.ema_number for p in members if p.ema_number]
        if len(members) > 1 and len(numbers) < len(members):
            found.append(DuplicateGroup(sorted(members, key=lambda p: p.pk)))
    return found
