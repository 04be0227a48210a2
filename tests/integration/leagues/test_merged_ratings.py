"""A merge joins two careers: the merged player's ratings are rated again at
once from the joined history, not left blank until beat's next sweep."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.models import PlayerRating
from leagues.services.merges import merge_players
from leagues.services.ratings import request_ratings
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_a_merge_rates_the_joined_career(organiser, django_capture_on_commit_callbacks):
    """ "Ann A" one week, "Anne A" the next (a typo): two careers of one
    session each; once merged, Ann's rating counts both sessions."""
    league = make_league(organiser, is_public=True)
    first = night(league, organiser, date(2026, 1, 8), ["Ann A, Bob B, Cy C, Dee D"])
    play(tables_of(first)[0], winner=0, discarder=1)
    second = night(league, organiser, date(2026, 1, 15), ["Anne A, Bob B, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    with django_capture_on_commit_callbacks(execute=True):
        request_ratings(actor=organiser)
    ann = Player.objects.get(first_name="Ann")
    anne = Player.objects.get(first_name="Anne")
    assert PlayerRating.objects.get(player=ann).sessions == 1
    with django_capture_on_commit_callbacks(execute=True):
        merge_players(
            keep_id=ann.pk, drop_id=anne.pk, actor=organiser, different_names=True
        )
    assert PlayerRating.objects.get(player=ann).sessions == 2
