"""Standings workbook and CSV from the database: selectors, service, task, pages."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from fractions import Fraction

import pytest
from django.utils import timezone
from django.utils.translation import trans_real
from openpyxl import load_workbook

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tests.integration.export_data import NAMES, played_tournament
from tournaments.export_labels import LABEL_TEXTS
from tournaments.exports.ema_sheet import EMA_HEADERS
from tournaments.exports.labels import DEFAULT_LABELS, standings_headers
from tournaments.models import ExportFile
from tournaments.selectors.standings import get_standings
from tournaments.services import exports as svc

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
URLS = pytest.mark.urls("tests.integration.exports_urls")

FRENCH = {
    "Standings": "Classement",
    "Rounds": "Manches",
    "Hands": "Mains",
    "Penalties": "Pénalités",
    "Rank": "Rang",
    "Player": "Joueur",
    "Table points": "Points de table",
    "Score": "Score",
    "East": "Est",
    "Self-drawn": "Zimo",
    "R%(round)s table points": "M%(round)s points de table",
}
"""French texts for the labels, injected into the catalogue for the test:
the wiring is what is tested, not the translators' choices."""


@pytest.fixture
def played(tournament, organiser):
    return played_tournament(tournament, organiser)


@pytest.fixture
def french_catalogue():
    catalogue = trans_real.translation("fr")._catalog
    saved = {key: catalogue[key] for key in FRENCH if key in catalogue}
    for key, text in FRENCH.items():
        catalogue[key] = text
    yield FRENCH
    for key in FRENCH:
        catalogue._catalogs[0].pop(key, None)
    for key, text in saved.items():
        catalogue[key] = text


def workbook(tournament, language="en"):
    filename, content = svc.build_export(
        tournament=tournament, kind="xlsx", language=language
    )
    assert filename == f"{tournament.slug}-standings.xlsx"
    return load_workbook(io.BytesIO(content))


def sheet_rows(sheet):
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def test_every_standings_cell_matches_the_selector(played):
    """Each cell of "Standings" is the selector's value: rank, names, points, rounds."""
    standings = get_standings(played)
    sheet = workbook(played)["Standings"]
    rows = sheet_rows(sheet)
    assert rows[0] == standings_headers(DEFAULT_LABELS, played.rounds_count)
    assert len(rows) == 1 + len(standings.rows) == 1 + len(NAMES)
    for line, (cells, row) in enumerate(
        zip(rows[1:], standings.rows, strict=True), start=2
    ):
        player = row.registration.player
        expected = [
            row.rank, player.name, player.club.name if player.club else None,
            player.country, player.ema_number or None,
            pytest.approx(float(row.table_points)), row.score, *row.places,
            row.best_session,
        ]  # fmt: skip
        for number in standings.round_numbers:
            result = row.rounds.get(number)
            expected.append(
                pytest.approx(float(result.table_points)) if result else None
            )
            expected.append(result.score if result else None)
        assert cells == expected
        shared_format = sheet.cell(line, 1).number_format == '0"="'
        assert shared_format == row.shared


def test_shared_ranks_are_one_number(played):
    """The four washout players tie completely: one shared rank, marked shared."""
    standings = get_standings(played)
    shared = [row for row in standings.rows if row.shared]
    assert len(shared) == 4
    assert len({row.rank for row in shared}) == 1
    assert all(row.table_points == Fraction(7, 2) for row in shared)


def test_ema_sheet_columns_and_positions(played):
    """The EMA sheet: its headers, one row per ranked player, shared positions."""
    standings = get_standings(played)
    sheet = workbook(played)["EMA"]
    rows = sheet_rows(sheet)
    assert tuple(rows[0]) == EMA_HEADERS
    players = [row[2:10] for row in rows[1:]]
    assert len(players) == len(standings.rows)
    for cells, row in zip(players, standings.rows, strict=True):
        player = row.registration.player
        assert cells == [
            row.rank, player.first_name, player.last_name, player.ema_number or None,
            pytest.approx(float(row.table_points)), row.score,
            1 if player.ema_number else 0, "FRA",
        ]  # fmt: skip
    assert rows[2][0] == played.name
    assert rows[2][1] == len(standings.rows)
    assert rows[2][11:17] == ["FRA", "Paris", None, None, "MCR", "14-15 March 2026"]


def test_rounds_hands_and_penalties_sheets(played, organiser):
    """Rounds list the closed sessions; Hands every hand; Penalties with referee."""
    book = workbook(played)
    rounds = sheet_rows(book["Rounds"])[1:]
    assert len(rounds) == 2 * 2 * 4
    assert [row[2] for row in rounds[:4]] == ["East", "South", "West", "North"]
    hands = sheet_rows(book["Hands"])[1:]
    assert len(hands) == 2 * (4 + 2)
    first = hands[0]
    assert first[:4] == [1, 1, 1, "East"]
    assert first[6] == 90  # 88 points and two flowers
    assert first[7] == "Big Four Winds 88; Flower Tiles 1×2"
    assert sum(first[9:16:2]) == 0
    assert any(row[5] == "Self-drawn" for row in hands)
    assert any(row[4] == "Draw" for row in hands)
    penalties = sheet_rows(book["Penalties"])[1:]
    assert [row[4:] for row in penalties] == [[-5, "slow play", "organiser"]] * 2


def test_formula_like_names_stay_text(played):
    """A name starting with "=" is written as text, never run as a formula."""
    sheet = workbook(played)["Standings"]
    cells = [row[1] for row in sheet.iter_rows(min_row=2)]
    formula_cell = next(cell for cell in cells if str(cell.value).startswith("="))
    assert formula_cell.data_type == "s"


def test_french_workbook_has_french_labels(played, french_catalogue):
    """Under language "fr" the sheet titles, headers, winds and fans are French."""
    book = workbook(played, language="fr")
    assert book.sheetnames[:1] == ["Classement"]
    assert "Manches" in book.sheetnames and "EMA" in book.sheetnames
    header = [cell.value for cell in book["Classement"][1]]
    assert header[:2] == ["Rang", "Joueur"]
    assert "M1 points de table" in header
    hands = sheet_rows(book["Mains"])[1:]
    assert hands[0][3] == "Est"
    assert hands[0][7].startswith("Quatre grands vents 88")
    assert sheet_rows(book["EMA"])[0][2] == "Position"


def test_every_label_is_translatable():
    """Every key of the format layer has a Django-side text."""
    assert set(LABEL_TEXTS) == set(DEFAULT_LABELS)


def test_export_reads_in_a_bounded_number_of_queries(
    played, django_assert_max_num_queries
):
    """Standings, seats, sessions, hands, penalties: a handful of queries,
    the closed tables' version (four) that keys the cached statistics, and
    on a miss the statistics' six (results, hands, penalties, rules,
    players...)."""
    with django_assert_max_num_queries(17):
        svc.build_export(tournament=played, kind="xlsx", language="en")


def test_csv_is_utf8_with_bom(played):
    """CSV: a BOM for Excel, the standings' columns, exact points with 2 decimals."""
    filename, content = svc.build_export(tournament=played, kind="csv", language="en")
    assert filename.endswith(".csv")
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    standings = get_standings(played)
    assert rows[0] == standings_headers(DEFAULT_LABELS, played.rounds_count)
    names = [r.player.name for r in standings.rows]
    # A cell that a spreadsheet would run as a formula is quoted.
    assert [row[1] for row in rows[1:]] == [
        "'" + name if name.startswith("=") else name for name in names
    ]
    assert "3.50" in {row[5] for row in rows[1:]}


def test_semicolon_csv_uses_decimal_commas(played):
    _, content = svc.build_export(
        tournament=played, kind="csv", language="en", separator="semicolon"
    )
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))
    assert "3,50" in {row[5] for row in rows[1:]}


def test_celery_export_is_ready_with_full_progress(
    played, organiser, django_capture_on_commit_callbacks
):
    """A requested export is built by the (eager) task and kept in its row."""
    with django_capture_on_commit_callbacks(execute=True):
        export = svc.request_export(
            tournament_id=played.pk, kind="xlsx", language="en", actor=organiser
        )
    export.refresh_from_db()
    assert export.status == ExportFile.Status.READY
    assert export.progress == 100
    assert export.task_id
    assert export.created_by == organiser
    assert load_workbook(io.BytesIO(bytes(export.content))).sheetnames[0] == "Standings"


def test_a_second_request_reuses_the_waiting_build(played, organiser):
    """Two requests while a build waits give the same row (one build)."""
    first = svc.request_export(
        tournament_id=played.pk, kind="xlsx", language="en", actor=organiser
    )
    again = svc.request_export(
        tournament_id=played.pk, kind="xlsx", language="en", actor=None
    )
    assert again.pk == first.pk
    assert ExportFile.objects.count() == 1


def test_a_failed_build_is_recorded(played, organiser, monkeypatch):
    """A builder error marks the row failed instead of killing the worker."""
    export = ExportFile.objects.create(tournament=played, kind="xlsx")

    def broken(**kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(svc, "build_export", broken)
    result = svc.run_export(export_id=export.pk, on_progress=lambda percent: None)
    assert result.status == ExportFile.Status.FAILED
    assert result.error == "ValueError"


def test_unknown_kind_or_language_is_refused(played):
    with pytest.raises(svc.ServiceError):
        svc.build_export(tournament=played, kind="pdf", language="en")
    with pytest.raises(svc.ServiceError):
        svc.build_export(tournament=played, kind="xlsx", language="de")


def test_empty_tournament_exports(tournament):
    """Before any registration the workbook and CSV still build."""
    book = workbook(tournament)
    assert sheet_rows(book["Standings"])[1:] == []
    _, content = svc.build_export(tournament=tournament, kind="csv", language="en")
    assert content.decode("utf-8-sig").count("\r\n") == 1


# Pages ---------------------------------------------------------------------


@URLS
def test_public_files_follow_visibility(client, played):
    """Anyone may download a public event's files; a private event is a 404."""
    response = client.get(f"/t/{played.slug}/standings.xlsx")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert "attachment" in response["Content-Disposition"]
    load_workbook(io.BytesIO(response.content))
    played.is_public = False
    played.save()
    assert client.get(f"/t/{played.slug}/standings.xlsx").status_code == 404
    assert client.get(f"/t/{played.slug}/standings.csv").status_code == 404


@URLS
def test_organiser_downloads_a_private_event(client, played, organiser):
    played.is_public = False
    played.save()
    client.force_login(organiser)
    response = client.get(f"/t/{played.slug}/standings.csv?sep=semicolon")
    assert response.status_code == 200
    assert response.content.startswith(b"\xef\xbb\xbf")
    assert b";" in response.content.splitlines()[0]


@URLS
def test_french_page_language_gives_french_csv(client, played, french_catalogue):
    client.cookies["django_language"] = "fr"
    response = client.get(f"/t/{played.slug}/standings.csv")
    assert response.content.decode("utf-8-sig").startswith("Rang,Joueur,")


@URLS
def test_a_large_event_is_built_in_the_background(
    client, played, monkeypatch, django_capture_on_commit_callbacks
):
    """Above the limit: a page that waits for the build, then the fresh file."""
    monkeypatch.setattr(svc, "DIRECT_EXPORT_MAX_PLAYERS", 4)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.get(f"/t/{played.slug}/standings.xlsx")
    assert response.status_code == 202
    assert b"Preparing the workbook" in response.content
    export = ExportFile.objects.get()
    assert export.status == ExportFile.Status.READY
    response = client.get(f"/t/{played.slug}/standings.xlsx")
    assert response.status_code == 200
    assert response.content == bytes(export.content)


@URLS
def test_staff_builds_follows_and_downloads(
    client, played, organiser, django_capture_on_commit_callbacks
):
    """The exports page: build button, progress line, download link."""
    client.force_login(organiser)
    page = client.get(f"/staff/{played.slug}/exports/")
    assert page.status_code == 200
    assert b"Build the workbook" in page.content
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/staff/{played.slug}/exports/", {"kind": "xlsx"})
    assert response.status_code == 302
    export = ExportFile.objects.get()
    line = client.get(
        f"/staff/{played.slug}/exports/{export.pk}/progress/", HTTP_HX_REQUEST="true"
    )
    assert b"hx-trigger" not in line.content
    assert f"/exports/{export.pk}/download/".encode() in line.content
    download = client.get(f"/staff/{played.slug}/exports/{export.pk}/download/")
    assert download.status_code == 200
    assert download.content == bytes(export.content)


@URLS
def test_a_waiting_build_is_polled(client, played, organiser):
    export = ExportFile.objects.create(tournament=played, kind="xlsx", progress=40)
    client.force_login(organiser)
    line = client.get(f"/staff/{played.slug}/exports/{export.pk}/progress/")
    assert b'hx-trigger="every 1s"' in line.content
    assert b'value="40"' in line.content


@URLS
def test_staff_pages_need_an_organiser(client, played):
    other = PlayerFactory()  # noqa: F841 (a database row unrelated to access)
    response = client.get(f"/staff/{played.slug}/exports/")
    assert response.status_code == 302  # to the login page
    stranger = TournamentFactory()
    RegistrationFactory(tournament=stranger)
    assert client.get(f"/staff/{stranger.slug}/import/").status_code == 302


def test_old_files_are_pruned(played, organiser, django_capture_on_commit_callbacks):
    """Only the newest KEEP_FILES finished files of a kind and language stay."""
    for _ in range(svc.KEEP_FILES + 2):
        with django_capture_on_commit_callbacks(execute=True):
            svc.request_export(
                tournament_id=played.pk, kind="csv", language="en", actor=organiser
            )
    assert ExportFile.objects.filter(kind="csv").count() == svc.KEEP_FILES


def test_progress_rises_to_100(played, monkeypatch):
    """The task's callback sees whole percentages, rising, ending at 100."""
    monkeypatch.setattr("tournaments.exports.play_sheets.PROGRESS_EVERY", 2)
    export = ExportFile.objects.create(tournament=played, kind="xlsx")
    seen: list[int] = []
    svc.run_export(export_id=export.pk, on_progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == 100
    assert len(seen) > 5


def test_a_build_waiting_long_in_a_busy_queue_is_not_built_twice(played, organiser):
    """The issue: a build still queued after 10 minutes was presumed lost and
    a second one started. A pending build is never doubled (the sweep sends
    it again if its task got lost)."""
    waiting = svc.request_export(
        tournament_id=played.pk, kind="xlsx", language="en", actor=organiser
    )
    ExportFile.objects.filter(pk=waiting.pk).update(
        created_at=waiting.created_at - timedelta(hours=1)
    )
    again = svc.request_export(
        tournament_id=played.pk, kind="xlsx", language="en", actor=organiser
    )
    assert again.pk == waiting.pk
    assert ExportFile.objects.filter(tournament=played).count() == 1


def test_a_build_whose_worker_died_is_started_again_not_doubled(
    played, organiser, django_capture_on_commit_callbacks
):
    dead = svc.request_export(
        tournament_id=played.pk, kind="xlsx", language="en", actor=organiser
    )
    ExportFile.objects.filter(pk=dead.pk).update(
        status="running", heartbeat_at=timezone.now() - timedelta(hours=1)
    )
    with django_capture_on_commit_callbacks(execute=True):
        again = svc.request_export(
            tournament_id=played.pk, kind="xlsx", language="en", actor=organiser
        )
    assert again.pk == dead.pk
    again.refresh_from_db()
    assert again.status == "ready"  # eager: the revived job ran
    assert ExportFile.objects.filter(tournament=played).count() == 1
