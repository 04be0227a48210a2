"""An event carried by its archive: exported, the original deleted, imported
again; the copy's standings, workbook and EMA sheet are the original's, and
its archive is the one that was imported."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.integration.archive.helpers import carried, results, without_identity
from tournaments.demo import delete_demo, demo_organiser, load_demo
from tournaments.models import Hand, Table, Tournament
from tournaments.selectors.archive import build_archive
from tournaments.services.archive import import_archive

pytestmark = pytest.mark.db_sensitive


def trip(tournament: Tournament, actor) -> tuple[dict, tuple, Tournament]:
    """The archive, the original's results, and the copy imported from it
    once the original is gone (with the players only it registered)."""
    document = carried(tournament)
    before = results(tournament)
    delete_demo(tournament)
    outcome = import_archive(document=document, actor=actor)
    assert outcome.created and outcome.changed
    return document, before, outcome.tournament


def assert_same_event(document, before, copy) -> None:
    standings, workbook = results(copy)
    assert standings == before[0]
    assert workbook.keys() == before[1].keys()
    for title, rows in before[1].items():
        assert workbook[title] == rows, title
    assert without_identity(carried(copy)) == without_identity(document)
    assert carried(copy)["event"]["uid"] == document["event"]["uid"]
    # The venue's audit trail, every event with its time, and the import's.
    trail = carried(copy)["audit"]
    assert [event for event in trail if event["action"] != "event.import"] == (
        document["audit"]
    )
    assert [event["action"] for event in trail].count("event.import") == 1


@pytest.mark.django_db
def test_a_played_mcr_event_travels_whole(played, organiser):
    """Wins, washouts, a fan breakdown, penalties with their referee, shared
    ranks, accents: the copy's workbook (EMA sheet included) is the same."""
    document, before, copy = trip(played, organiser)
    assert "EMA" in " ".join(before[1])  # the EMA sheet is compared too
    assert copy.slug == document["event"]["slug"]
    assert_same_event(document, before, copy)
    assert copy.organisers.filter(pk=organiser.pk).exists()


@pytest.mark.django_db
def test_the_copys_pages_open(played, organiser, client):
    """Standings, organiser page, a round and a table's sheet of the copy."""
    _document, _before, copy = trip(played, organiser)
    client.force_login(organiser)
    table = Table.objects.get(round__tournament=copy, round__number=1, number=1)
    for url in (
        reverse("public:standings", kwargs={"slug": copy.slug}),
        reverse("staff:tournament", kwargs={"slug": copy.slug}),
        reverse("staff:round", kwargs={"slug": copy.slug, "number": 1}),
        reverse("referee:table", kwargs={"token": table.token}),
    ):
        assert client.get(url).status_code == 200, url


@pytest.mark.django_db
def test_a_french_event_travels_whole(french_event, organiser):
    """The French hand sheets are computed again here and equal the sender's."""
    document, before, copy = trip(french_event, organiser)
    assert_same_event(document, before, copy)
    assert all(hand.fans for hand in Hand.objects.filter(table__round__tournament=copy))


# The demos seat through a job enqueued on commit: real commits are needed.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("ruleset", ["mcr", "riichi"])
def test_the_demos_travel_whole(ruleset):
    """The MCR demo and the riichi demo (hanchans with honba and deposits)."""
    tournament = load_demo(ruleset=ruleset, with_login=True)
    document, before, copy = trip(tournament, demo_organiser())
    assert_same_event(document, before, copy)
    assert copy.ruleset == ruleset


@pytest.mark.django_db
def test_an_unchanged_event_gives_the_same_document(
    played, django_assert_max_num_queries
):
    """Same text twice, in a bounded number of queries."""
    with django_assert_max_num_queries(8):
        first = json.dumps(build_archive(played))
    assert json.dumps(build_archive(played)) == first


@pytest.mark.django_db
def test_the_archive_carries_no_secret_and_no_account(played):
    """No tablet token, no user id, no IP address anywhere in the file."""
    text = json.dumps(build_archive(played))
    table = played.rounds.get(number=1).tables.get(number=1)
    assert table.token not in text
    for key in ('"token"', '"ip_address"', '"actor"', '"entered_by"', '"user"'):
        assert key not in text
