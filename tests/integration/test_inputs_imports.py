"""Player lists and spreadsheets of any size or shape: a clear report, no 500."""

from __future__ import annotations

import io
import tracemalloc
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournaments.imports.players import parse_player_file, parse_player_lines
from tournaments.imports.readers import (
    MAX_CELL_CHARS,
    MAX_SHARED_STRINGS_BYTES,
    MAX_XLSX_UNPACKED_BYTES,
)
from tournaments.limits import MAX_PLAYERS_AT_ONCE
from tournaments.models import Player
from tournaments.services import imports as svc
from tournaments.services import setup
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
URLS = pytest.mark.urls("tests.integration.exports_urls")
LONG = "x" * 200


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def paste(staff_client, tournament, text):
    url = reverse("staff:players-add", args=[tournament.slug])
    return staff_client.post(url, {"players": text})


def upload(client, tournament, data: bytes, name: str = "players.xlsx"):
    return client.post(
        f"/staff/{tournament.slug}/import/", {"file": SimpleUploadedFile(name, data)}
    )


def xlsx(rows: list[list[object]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def with_huge_shared_string(megabytes: int) -> bytes:
    """A small workbook whose sharedStrings.xml unpacks to ``megabytes`` MB,
    written in chunks so that the test itself stays small."""
    source = zipfile.ZipFile(io.BytesIO(xlsx([["Name"], ["Anna Bell"]])))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            if item.filename != "xl/sharedStrings.xml":
                target.writestr(item, source.read(item))
        with target.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
            part.write(b'<sst xmlns="http://schemas.openxmlformats.org/')
            part.write(b'spreadsheetml/2006/main"><si><t>Name</t></si><si><t>')
            chunk = b"A" * 1024 * 1024
            for _ in range(megabytes):
                part.write(chunk)
            part.write(b"</t></si></sst>")
    return buffer.getvalue()


def test_a_huge_shared_string_is_refused_without_unpacking_it():
    """200 MB of shared strings in a 0.2 MB file: refused from the zip
    directory, with a fraction of the memory the string would take."""
    data = with_huge_shared_string(200)
    assert len(data) < 1024 * 1024
    tracemalloc.start()
    try:
        preview = svc.preview_upload("players.xlsx", len(data), lambda: data)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [p.code for p in preview.problems] == ["xlsx_too_large"]
    assert preview.problems[0].params["limit"] == MAX_SHARED_STRINGS_BYTES
    assert peak < 200 * 1024 * 1024 / 20


def test_shared_strings_within_the_cap_are_read():
    """A few kilobytes of shared strings go through as before."""
    preview = parse_player_file("p.xlsx", xlsx([["Name"], ["Anna Bell"], ["Bo Li"]]))
    assert preview.is_valid
    assert [row.name for row in preview.rows] == ["Anna Bell", "Bo Li"]


def test_a_workbook_unpacking_beyond_the_cap_is_refused():
    """The parts together beyond the cap: refused before openpyxl reads them."""
    buffer = io.BytesIO()
    sheet = "xl/worksheets/sheet1.xml"
    with (
        zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open(sheet, "w", force_zip64=True) as part,
    ):
        for _ in range(MAX_XLSX_UNPACKED_BYTES // (1024 * 1024) + 1):
            part.write(b" " * 1024 * 1024)
    preview = parse_player_file("p.xlsx", buffer.getvalue())
    assert [p.code for p in preview.problems] == ["xlsx_too_large"]


@pytest.mark.parametrize("name", ["p.xlsx", "p.csv"])
def test_a_cell_over_the_cap_is_refused(name):
    """A cell longer than the cap names its row; nothing is previewed."""
    rows = [["Name", "Club"], ["Anna Bell", "x" * (MAX_CELL_CHARS + 1)]]
    if name.endswith(".csv"):
        data = "\r\n".join(",".join(row) for row in rows).encode()
    else:
        data = xlsx(rows)
    preview = parse_player_file(name, data)
    assert [(p.code, p.params.get("row")) for p in preview.problems] == [
        ("cell_too_long", 2)
    ]


@URLS
def test_upload_of_a_huge_shared_string_gets_a_clear_report(
    client, tournament, organiser
):
    client.force_login(organiser)
    response = upload(client, tournament, with_huge_shared_string(50))
    assert response.status_code == 200
    assert "The workbook unpacks to more than" in response.content.decode()
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    "line",
    [LONG, f"Anna {LONG}", f"{LONG} Bell", f"Anna {LONG}, Club, FRA"],
)
def test_a_pasted_name_too_long_is_the_lines_problem(line):
    preview = parse_player_lines(f"Bo Li\n{line}\n")
    assert preview.rows[0].is_valid
    assert [p.code for p in preview.rows[1].problems] == ["name_too_long"]


@URLS
@pytest.mark.parametrize(
    "rows",
    [
        [["Name"], [f"Anna {LONG}"]],
        [["First name", "Last name"], [LONG, "Bell"]],
        [["First name", "Last name"], ["Anna", LONG]],
    ],
)
def test_a_file_name_too_long_is_the_rows_problem(client, tournament, organiser, rows):
    client.force_login(organiser)
    html = upload(client, tournament, xlsx(rows)).content.decode()
    assert "This name is too long" in html
    assert not Player.objects.exists()


def test_the_paste_page_reports_a_long_name(staff_client, organiser, tournament):
    """A 200-character name pasted: the preview names the line, nothing stored."""
    response = paste(staff_client, tournament, f"Bo Li\nAnna {LONG}\n")
    assert response.status_code == 200
    page = response.content.decode()
    assert "This name is too long" in page
    assert "token" not in response.context or not response.context["token"]
    assert not Player.objects.exists()


def test_the_paste_page_refuses_too_many_lines(staff_client, tournament):
    lines = "\n".join(f"Player {n}" for n in range(MAX_PLAYERS_AT_ONCE + 1))
    response = paste(staff_client, tournament, lines)
    assert response.status_code == 400
    assert f"Paste at most {MAX_PLAYERS_AT_ONCE} players at once" in (
        response.content.decode()
    )
    assert not Player.objects.exists()


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"first_name": LONG, "last_name": "Bell"}, "first_name_too_long"),
        ({"first_name": "Anna", "last_name": LONG}, "last_name_too_long"),
    ],
)
def test_register_players_names_the_row_of_a_long_name(
    tournament, organiser, fields, code
):
    rows = [{"last_name": "Li"}, fields]
    with pytest.raises(ServiceError) as raised:
        setup.register_players(tournament=tournament, players=rows, actor=organiser)
    assert (raised.value.code, raised.value.params["row"]) == (code, 2)
    assert not Player.objects.exists()


def test_register_players_refuses_more_than_the_cap(tournament, organiser):
    rows = [{"last_name": f"P{n}"} for n in range(MAX_PLAYERS_AT_ONCE + 1)]
    with pytest.raises(ServiceError) as raised:
        setup.register_players(tournament=tournament, players=rows, actor=organiser)
    assert raised.value.code == "too_many_players"
    assert not Player.objects.exists()


def test_register_players_in_bulk_keeps_the_matching_rules(tournament, organiser):
    """Known by EMA number or name (any case), blanks filled, repeats once."""
    known = Player.objects.create(first_name="Li", last_name="Wei", ema_number="")
    holder = Player.objects.create(
        first_name="Ann", last_name="Roy", ema_number="00000007"
    )
    rows = [
        {"first_name": "li", "last_name": "WEI", "club": "Lyon", "ema_number": "12"},
        {"first_name": "Other", "last_name": "Name", "ema_number": "7"},
        {"first_name": "New", "last_name": "Person", "country": "fra"},
        {"first_name": "new", "last_name": "person", "ema_number": "99"},
    ]
    created = setup.register_players(
        tournament=tournament, players=rows, actor=organiser
    )
    known.refresh_from_db()
    assert (known.club.name, known.ema_number) == ("Lyon", "00000012")
    new = Player.objects.get(last_name="Person")
    assert (new.country, new.ema_number) == ("FRA", "00000099")
    assert [r.player_id for r in created] == [known.pk, holder.pk, new.pk]
    assert [r.number for r in created] == [1, 2, 3]
    assert Player.objects.count() == 3
