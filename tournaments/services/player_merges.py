"""Merging two player rows that are one person, after the organiser confirms.

The duplicate's registrations (and with them their seats, results, hands
and team places) move to the player kept; the kept player takes the club,
country, EMA number and account it lacks; the duplicate is deleted. The
merge is refused when both rows are registered in one tournament (one
person cannot play twice there), hold two different EMA numbers, or bear
unlike names the organiser has not confirmed. Audited in each tournament
touched (before and after of both rows).

Locks (docs/locking.md): the duplicate's tournaments, then both players,
each level in primary-key order. A registration in one of those
tournaments waits for the merge and then finds the kept row registered;
one referencing either player elsewhere waits on the player lock.

What the leagues keep about a player (ratings, their own audit trail) is
theirs to update: ``leagues.services.merges`` calls this in its
transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from tournaments.imports.names import likeness_key
from tournaments.models import Player, Registration, Tournament
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows

FILLED = ("club_id", "country", "ema_number", "user_id")
"""What the kept player takes from the duplicate when it has none."""


@dataclass(frozen=True)
class PlayerMerge:
    """A merge done: the row kept, and the audit's before and after."""

    kept: Player
    before: dict[str, Any]
    after: dict[str, Any]


def names_alike(keep: Player, drop: Player) -> bool:
    """The likeness the duplicates page lists by (``likeness_key``: accents,
    case and the order of first and last name aside)."""
    return likeness_key(keep.first_name, keep.last_name) == likeness_key(
        drop.first_name, drop.last_name
    )


def check_merge(
    keep: Player, drop: Player, *, different_names: bool = False
) -> list[Tournament]:
    """The tournaments the duplicate played (to move); refuses a bad merge.

    Unlike names are not refused outright (a married name, a misspelt
    entry are one person) but need ``different_names``: the organiser has
    seen the two names differ, and a mistyped id cannot merge two people."""
    if keep.pk == drop.pk:
        raise ServiceError("merge_same_player", field="drop")
    if keep.ema_number and drop.ema_number and keep.ema_number != drop.ema_number:
        raise ServiceError(
            "merge_two_ema_numbers",
            field="drop",
            first=keep.ema_number,
            second=drop.ema_number,
        )
    both = Tournament.objects.filter(registrations__player=keep).filter(
        registrations__player=drop
    )
    names = sorted(both.values_list("name", flat=True))
    if names:
        raise ServiceError(
            "merge_both_played", field="drop", tournaments=", ".join(names)
        )
    if not different_names and not names_alike(keep, drop):
        raise ServiceError(
            "merge_unlike_names",
            field="different_names",
            first=keep.name,
            second=drop.name,
        )
    return list(
        Tournament.objects.filter(registrations__player=drop).distinct().order_by("pk")
    )


@transaction.atomic
def merge_players(
    *, keep_id: int, drop_id: int, actor: Actor, different_names: bool = False
) -> PlayerMerge:
    """Merge player ``drop_id`` into ``keep_id``, all or nothing."""
    _lock_tournaments_of(drop_id)
    keep, drop = _lock_players(keep_id, drop_id)
    tournaments = check_merge(keep, drop, different_names=different_names)
    before = {"kept": _snapshot(keep), "merged": _snapshot(drop)}
    moved = list(Registration.objects.filter(player=drop).values_list("pk", flat=True))
    Registration.objects.filter(player=drop).update(player=keep)
    filled = {f: getattr(drop, f) for f in FILLED if not getattr(keep, f)}
    drop.delete()  # first: its EMA number and account are unique
    for name, value in filled.items():
        setattr(keep, name, value)
    keep.save()
    after = {"kept": _snapshot(keep), "registrations": moved}
    for tournament in tournaments:
        record_event(
            tournament=tournament,
            action="player.merge",
            obj=keep,
            actor=actor,
            before=before,
            after=after,
        )
    return PlayerMerge(kept=keep, before=before, after=after)


def _lock_tournaments_of(player_id: int) -> None:
    """Lock the tournaments the duplicate is registered in, as read before
    any lock: a registration there waits, then reads the merged rows.

    One the duplicate joins between this read and the player lock is moved
    all the same, without its lock (locking it after the players would go
    back up the order); from the player lock on, no registration that names
    either player can be written until the merge commits."""
    played = Registration.objects.filter(player_id=player_id).values("tournament_id")
    list(lock_rows(Tournament.objects.filter(pk__in=played)))


def _lock_players(keep_id: int, drop_id: int) -> tuple[Player, Player]:
    """Both rows, locked in primary-key order. ``FOR UPDATE`` (not the
    ``NO KEY`` of ``lock_rows``): the duplicate is deleted, and a new
    registration pointing at either row must wait for the merge rather than
    slip in between the check and the move."""
    rows = Player.objects.select_for_update(of=("self",)).filter(
        pk__in=[keep_id, drop_id]
    )
    locked = {player.pk: player for player in rows.order_by("pk")}
    for player_id in (keep_id, drop_id):
        if player_id not in locked:
            raise ServiceError("unknown_player", field="player", player=player_id)
    return locked[keep_id], locked[drop_id]


def _snapshot(player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "first_name": player.first_name,
        "last_name": player.last_name,
        "club": player.club_id,
        "country": player.country,
        "ema_number": player.ema_number,
        "user": player.user_id,
    }
