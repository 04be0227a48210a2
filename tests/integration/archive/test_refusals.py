"""A broken or hand-edited archive is refused whole, naming its problem, and
nothing is stored; the sender's payments are never trusted; players are
matched as every list matches them; only organisers import."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.factories import PlayerFactory, UserFactory, organiser_account
from tests.integration.archive.helpers import carried, row_counts
from tournaments.messages import error_message
from tournaments.models import Hand, Player, Tournament
from tournaments.selectors.exports import get_export_standings
from tournaments.services.archive import ArchiveForbidden, import_archive
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

FIRST_HAND = ("rounds", 0, "tables", 0, "hands", 0)


def edit(document: dict, path: tuple, value) -> dict:
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return document


def refused(document: dict, actor) -> ServiceError:
    counts = row_counts()
    with pytest.raises(ServiceError) as caught:
        import_archive(document=document, actor=actor)
    assert row_counts() == counts  # nothing stored, not even a player
    return caught.value


TAMPERED = [
    # A hand's winner who is not seated at its table.
    ((*FIRST_HAND, "winner"), 99, "archive_not_seated"),
    # A registration number missing: a seat points at nobody.
    (("rounds", 0, "tables", 0, "seats", 0, "registration"), 42,
     "archive_unknown_registration"),
    (("version",), 2, "archive_version_unsupported"),
    (("rounds", 0, "tables", 0, "number"), "1", "archive_bad_type"),
    ((*FIRST_HAND, "result", "fan_total"), 7, "archive_rule_refused"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "value", "code"), TAMPERED)
def test_a_tampered_archive_is_refused_whole(played, organiser, path, value, code):
    document = edit(carried(played), path, value)
    document["event"]["uid"] = "7f0c6a2e-0000-4000-8000-000000000001"
    error = refused(document, organiser)
    assert error.code == code
    with translation.override("en"):
        message = error_message(error)
    assert error.code not in message
    if error.field:
        assert error.field in message  # the path, as in the file


def test_a_refused_rule_speaks_the_rule_sets_words(played, organiser):
    document = edit(carried(played), (*FIRST_HAND, "result", "fan_total"), 7)
    document["event"]["uid"] = "7f0c6a2e-0000-4000-8000-000000000002"
    error = refused(document, organiser)
    with translation.override("en"):
        message = error_message(error)
    assert message.startswith("rounds[0].tables[0].hands[0].result: ")
    # The engine's own sentence, not its code.
    assert message.endswith("below the 8-point minimum.")
    assert "_" not in message.split(": ", 1)[1]


def test_an_edited_payment_is_ignored_payments_are_computed_here(played, organiser):
    """The file's ``deltas`` are the sender's: the copy pays every hand itself."""
    document = carried(played)
    original = get_export_standings(played)
    honest = document["rounds"][0]["tables"][0]["hands"][0]["deltas"]
    edit(document, (*FIRST_HAND, "deltas"), [5000, -5000, 0, 0])
    document["event"]["uid"] = "7f0c6a2e-0000-4000-8000-000000000003"
    copy = import_archive(document=document, actor=organiser).tournament
    hand = Hand.objects.get(
        table__round__tournament=copy, table__round__number=1, table__number=1, number=1
    )
    assert hand.deltas == honest
    assert get_export_standings(copy) == original


def test_an_ema_number_of_another_person_is_an_error_naming_both(played, organiser):
    document = carried(played)
    player = document["registrations"][0]["player"]
    PlayerFactory(first_name="Zoé", last_name="Quentin", ema_number="99990001")
    player["ema_number"] = "99990001"
    document["event"]["uid"] = "7f0c6a2e-0000-4000-8000-000000000004"
    error = refused(document, organiser)
    assert error.code == "archive_ema_number_conflict"
    with translation.override("en"):
        message = error_message(error)
    assert "Zoé Quentin" in message and player["last_name"] in message


def test_players_are_matched_by_ema_number_then_by_name(played, organiser):
    """The event imported again elsewhere registers the same people: nobody
    is created twice (EMA numbers, and names for players without one)."""
    document = carried(played)
    document["event"]["uid"] = "7f0c6a2e-0000-4000-8000-000000000005"
    players = Player.objects.count()
    outcome = import_archive(document=document, actor=organiser)
    assert Player.objects.count() == players
    assert outcome.counts["players_matched"] == len(document["registrations"])
    assert set(outcome.tournament.registrations.values_list("player_id")) == set(
        played.registrations.values_list("player_id")
    )
    assert outcome.tournament.slug != played.slug  # the slug was taken


def test_only_an_organiser_of_the_event_updates_it(played, organiser):
    document = carried(played)
    other = organiser_account(username="another-organiser")
    with pytest.raises(ArchiveForbidden) as caught:
        import_archive(document=document, actor=other)
    assert caught.value.code == "archive_not_organiser"
    assert caught.value.status_code == 403


def test_creating_an_event_needs_the_organiser_permission(played):
    document = carried(played)
    document["event"]["uid"] = "7f0c6a2e-0000-4000-8000-000000000006"
    with pytest.raises(ArchiveForbidden) as caught:
        import_archive(document=document, actor=UserFactory(username="someone"))
    assert caught.value.code == "archive_may_not_create"
    assert not Tournament.objects.filter(uid=document["event"]["uid"]).exists()
