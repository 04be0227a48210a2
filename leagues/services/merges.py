"""Merging two player rows that are one person: the league's side.

The rows of the tournaments (registrations, the players, each tournament's
audit trail) are rewritten by ``tournaments.services.player_merges``, which
takes its locks in docs/locking.md's order; here, in the same transaction,
the league's part follows: the kept player's rating is dropped (the
duplicate's went with its row), the merge enters the league trail, and a
rating job is queued at once (the kept player's rating counts the joined
history).
"""

from __future__ import annotations

from django.db import transaction

from leagues.models import PlayerRating
from leagues.services.audit import record_league_event
from leagues.services.ratings import request_ratings
from tournaments.models import Player
from tournaments.services import player_merges
from tournaments.services.audit import Actor


@transaction.atomic
def merge_players(
    *, keep_id: int, drop_id: int, actor: Actor, different_names: bool = False
) -> Player:
    """Merge player ``drop_id`` into ``keep_id``; returns the player kept."""
    merge = player_merges.merge_players(
        keep_id=keep_id, drop_id=drop_id, actor=actor, different_names=different_names
    )
    PlayerRating.objects.filter(player=merge.kept).delete()
    record_league_event(
        action="player.merge",
        obj=merge.kept,
        actor=actor,
        before=merge.before,
        after=merge.after,
    )
    # Both rows' ratings are gone: rate the joined career now rather than
    # leave the kept player unrated until beat's next sweep.
    request_ratings(actor=actor)
    return merge.kept
