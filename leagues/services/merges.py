"""Merging two player rows that are one person, after the organiser confirms.

The duplicate's registrations (and with them their seats, results and
hands) move to the player kept; the kept player takes the club, country,
EMA number and account it lacks; the duplicate is deleted, and a rating job
is queued at once (the kept player's rating counts the joined history). The
merge is refused when both rows are registered in one tournament (one person
cannot play twice there) or hold two different EMA numbers. Audited in the
league trail (before and after of both rows) and in each tournament touched.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from leagues.models import PlayerRating
from leagues.selectors.players import name_key
from leagues.services.audit import record_league_event
from leagues.services.ratings import request_ratings
from tournaments.models import Player, Registration, Tournament
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.tables import lock_rows

FILLED = ("club_id", "country", "ema_number", "user_id")


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


def names_alike(keep: Player, drop: Player) -> bool:
    """The likeness the duplicates page lists by (``name_key``: accents,
    case and the order of first and last name aside)."""
    return name_key(keep.first_name, keep.last_name) == name_key(
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
    return list(Tournament.objects.filter(registrations__player=drop).distinct())


@transaction.atomic
def merge_players(
    *, keep_id: int, drop_id: int, actor: Actor, different_names: bool = False
) -> Player:
    """Merge player ``drop_id`` into ``keep_id``; returns the player kept.

    Locks both player rows (in primary-key order) for the check and the
    move: a registration made meanwhile waits, then sees the merged row.
    """
    locked = {
        p.pk: p for p in lock_rows(Player.objects.filter(pk__in=[keep_id, drop_id]))
    }
    for player_id in (keep_id, drop_id):
        if player_id not in locked:
            raise ServiceError("unknown_player", field="player", player=player_id)
    keep, drop = locked[keep_id], locked[drop_id]
    tournaments = check_merge(keep, drop, different_names=different_names)
    before = {"kept": _snapshot(keep), "merged": _snapshot(drop)}
    moved = list(Registration.objects.filter(player=drop).values_list("pk", flat=True))
    Registration.objects.filter(player=drop).update(player=keep)
    PlayerRating.objects.filter(player__in=[keep, drop]).delete()
    filled = {f: getattr(drop, f) for f in FILLED if not getattr(keep, f)}
    drop.delete()  # first: its EMA number and account are unique
    for name, value in filled.items():
        setattr(keep, name, value)
    keep.save()
    after = {"kept": _snapshot(keep), "registrations": moved}
    record_league_event(
        action="player.merge", obj=keep, actor=actor, before=before, after=after
    )
    for tournament in tournaments:
        record_event(
            tournament=tournament,
            action="player.merge",
            obj=keep,
            actor=actor,
            before=before,
            after=after,
        )
    # Both rows' ratings are gone: rate the joined career now rather than
    # leave the kept player unrated until beat's next sweep.
    request_ratings(actor=actor)
    return keep
