"""Player import: preview every row, save all or nothing, never twice."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tournaments.imports.players import parse_player_file
from tournaments.imports.readers import MAX_FILE_BYTES
from tournaments.models import Player, Registration
from tournaments.services import imports as svc
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
URLS = pytest.mark.urls("tests.integration.exports_urls")


def forty_players_csv() -> bytes:
    lines = ["Prénom;Nom;Club;Pays;Numéro EMA"]
    for n in range(1, 41):
        ema = f"0401{n:04d}" if n % 2 else ""
        lines.append(f"Joueur{n};Nom{n};Club {n % 5};France;{ema}")
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


def xlsx(rows: list[list[object]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def preview(data: bytes, name: str = "players.csv"):
    return svc.preview_upload(name, len(data), lambda: data)


def test_forty_players_are_registered(tournament, organiser):
    result = svc.import_players(
        tournament=tournament, preview=preview(forty_players_csv()), actor=organiser
    )
    assert len(result.registrations) == 40 == result.created_players
    registrations = tournament.registrations.order_by("number")
    assert [r.number for r in registrations] == list(range(1, 41))
    first = registrations[0].player
    assert (first.first_name, first.last_name, first.country) == (
        "Joueur1",
        "Nom1",
        "FRA",
    )
    assert first.ema_number == "04010001"
    assert first.club.name == "Club 1"


def test_the_same_file_twice_creates_nobody_twice(tournament, organiser):
    """A second import matches every row: no new player, no new registration."""
    data = forty_players_csv()
    svc.import_players(tournament=tournament, preview=preview(data), actor=organiser)
    again = svc.import_players(
        tournament=tournament, preview=preview(data), actor=organiser
    )
    assert again.registrations == []
    assert again.already_registered == 40
    assert Player.objects.count() == 40
    assert Registration.objects.count() == 40


def test_known_players_are_reused_in_another_tournament(tournament, organiser):
    """Matched on EMA number whatever the spelling, else on the name."""
    by_number = PlayerFactory(
        first_name="Ana", last_name="Lefevre", ema_number="04010013"
    )
    by_name = PlayerFactory(first_name="Bo", last_name="Chen", ema_number="")
    data = "Name,EMA\r\nAnaïs Lefèvre,4010013\r\nbo  CHEN,\r\nNew Comer,\r\n"
    result = svc.import_players(
        tournament=tournament, preview=preview(data.encode()), actor=organiser
    )
    players = {r.player_id for r in result.registrations}
    assert {by_number.pk, by_name.pk} <= players
    assert (result.known_players, result.created_players) == (2, 1)
    newcomer = Player.objects.get(last_name="Comer")
    assert newcomer.first_name == "New"


def test_a_namesake_with_another_ema_number_is_another_player(tournament, organiser):
    namesake = PlayerFactory(first_name="Li", last_name="Wei", ema_number="04010001")
    data = b"First name,Last name,EMA number\r\nLi,Wei,04010002\r\n"
    result = svc.import_players(
        tournament=tournament, preview=preview(data), actor=organiser
    )
    assert result.created_players == 1
    assert result.registrations[0].player_id != namesake.pk


def test_a_full_name_file_imported_twice_matches_itself(tournament, organiser):
    data = b"Name,Club\r\nAnna van der Berg,Leiden\r\n"
    svc.import_players(tournament=tournament, preview=preview(data), actor=organiser)
    other = TournamentFactory()
    result = svc.import_players(
        tournament=other, preview=preview(data), actor=organiser
    )
    assert result.known_players == 1
    assert Player.objects.count() == 1


def test_xlsx_file_is_read(tournament, organiser):
    data = xlsx([["Player", "Country", "EMA number"], ["Zoé Martin", "FR", 4010013]])
    result = svc.import_players(
        tournament=tournament, preview=preview(data, "list.xlsx"), actor=organiser
    )
    player = result.registrations[0].player
    assert (player.name, player.country, player.ema_number) == (
        "Zoé Martin",
        "FRA",
        "04010013",
    )


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("empty.csv", b"", "empty_file"),
        ("blank.csv", b" \r\n\r\n", "empty_file"),
        ("columns.csv", b"Colour,Size\r\nred,4\r\n", "no_name_column"),
        ("latin.csv", b"Name\r\n\x00\x81\x8d\x8f\x90\x9d\r\n", "bad_encoding"),
        ("table.ods", b"PK\x03\x04junk", "unknown_format"),
        ("broken.xlsx", b"PK\x03\x04 not a workbook", "unreadable_xlsx"),
        ("header.csv", b"Name,Club\r\n", "no_rows"),
    ],
)
def test_broken_files_are_reported_and_nothing_is_saved(
    tournament, organiser, name, data, code
):
    result = preview(data, name)
    assert [problem.code for problem in result.problems] == [code]
    with pytest.raises(ServiceError) as error:
        svc.import_players(tournament=tournament, preview=result, actor=organiser)
    assert error.value.code == "import_has_problems"
    assert Player.objects.count() == 0
    assert Registration.objects.count() == 0


def test_a_10_mb_file_is_refused_before_reading(tournament):
    """The size is checked first: the 10 MB are never read or parsed."""

    def read():
        raise AssertionError("read despite its size")

    result = svc.preview_upload("big.csv", 10 * 1024 * 1024, read)
    assert result.problems[0].code == "file_too_large"
    assert result.problems[0].params["limit"] == MAX_FILE_BYTES


def test_row_problems_block_the_whole_import(tournament, organiser):
    """One bad row among good ones: every problem listed, no row saved."""
    data = (
        b"Name,EMA number\r\nAnna Good,04010001\r\n,04010002\r\n"
        b"Bob Twice,\r\nbob twice,\r\nCarl Bad,12AB\r\n"
    )
    result = preview(data)
    problems = [(p.row_number, p.code) for p in result.all_problems]
    assert problems == [
        (3, "missing_name"),
        (5, "duplicate_in_file"),
        (6, "malformed_ema_number"),
    ]
    with pytest.raises(ServiceError):
        svc.import_players(tournament=tournament, preview=result, actor=organiser)
    assert Player.objects.count() == 0


def test_token_round_trip_and_tampering(tournament):
    original = parse_player_file("p.csv", forty_players_csv())
    token = svc.preview_token(tournament, original)
    assert svc.preview_from_token(tournament, token).rows == original.rows
    with pytest.raises(ServiceError):
        svc.preview_from_token(tournament, token[:-2] + "xx")
    with pytest.raises(ServiceError):
        svc.preview_from_token(TournamentFactory(), token)


# Pages ---------------------------------------------------------------------


def upload(client, tournament, data: bytes, name: str = "players.csv"):
    return client.post(
        f"/staff/{tournament.slug}/import/",
        {"file": SimpleUploadedFile(name, data)},
    )


@URLS
def test_the_page_shows_the_accepted_columns(client, tournament, organiser):
    client.force_login(organiser)
    page = client.get(f"/staff/{tournament.slug}/import/").content.decode()
    for title in ("First name", "Last name", "Club", "Country", "EMA number"):
        assert title in page
    example = client.get(f"/staff/{tournament.slug}/import/example.csv")
    assert parse_player_file("example.csv", example.content).is_valid


@URLS
def test_upload_preview_then_confirm(client, tournament, organiser):
    """40 players: the preview lists each, one button imports them all."""
    client.force_login(organiser)
    page = upload(client, tournament, forty_players_csv())
    assert page.status_code == 200
    html = page.content.decode()
    assert "Import 40 players" in html
    assert html.count("New player") == 40
    assert Player.objects.count() == 0
    response = client.post(
        f"/staff/{tournament.slug}/import/confirm/", {"token": page.context["token"]}
    )
    assert response.status_code == 302
    assert tournament.registrations.count() == 40
    again = upload(client, tournament, forty_players_csv()).content.decode()
    assert again.count("Already registered") == 40
    assert "Import 40 players" not in again


@URLS
def test_preview_lists_every_problem_by_row(client, tournament, organiser):
    client.force_login(organiser)
    data = b"Name,EMA number\r\nAnna Good,1\r\n,2\r\nCarl Bad,12AB\r\n"
    html = upload(client, tournament, data).content.decode()
    assert "2 problems found" in html
    assert "A player needs a name." in html
    assert "EMA number “12AB” is not made of up to 8 digits" in html
    assert "Anna Good" in html and "Carl Bad" in html
    assert "confirm" not in html.split('id="upload"')[0]


@URLS
@pytest.mark.parametrize(
    ("data", "text"),
    [
        (b"", "The file is empty."),
        (b"Colour\r\nred\r\n", "No column of names was found."),
        (b"Name\r\n\x00\x81\x8d\r\n", "The file is not readable text."),
    ],
)
def test_broken_uploads_get_a_clear_report(client, tournament, organiser, data, text):
    client.force_login(organiser)
    html = upload(client, tournament, data).content.decode()
    assert text in html
    assert Player.objects.count() == 0


@URLS
def test_a_forged_token_saves_nothing(client, tournament, organiser):
    client.force_login(organiser)
    response = client.post(
        f"/staff/{tournament.slug}/import/confirm/", {"token": "forged"}, follow=True
    )
    assert "This preview has expired" in response.content.decode()
    assert Registration.objects.count() == 0


@URLS
def test_only_organisers_import(client, tournament):
    RegistrationFactory(tournament=tournament)
    stranger = PlayerFactory()  # noqa: F841
    from tests.factories import UserFactory

    client.force_login(UserFactory(username="someone"))
    response = upload(client, tournament, forty_players_csv())
    assert response.status_code == 403
    assert Player.objects.count() == 2


@URLS
def test_a_10_mb_upload_gets_a_clear_report(client, tournament, organiser):
    client.force_login(organiser)
    data = b"Name\r\n" + b"Anna Martin\r\n" * (10 * 1024 * 1024 // 13)
    html = upload(client, tournament, data).content.decode()
    assert "The file is too large" in html
    assert "the limit is 5.0" in html
    assert Player.objects.count() == 0


def test_a_new_player_stored_meanwhile_by_another_import_is_reused(
    tournament, organiser, monkeypatch
):
    """The issue's race: two imports (two tournaments) register the same new
    EMA player at once; the second one's insert meets the unique EMA number.
    It must reuse the stored player, not answer 500."""
    data = b"First name,Last name,EMA number\r\nZoe,Martin,04010013\r\n"
    checked = preview(data)
    # The other request commits between this import's lookup and its insert.
    monkeypatch.setattr(svc._Directory, "find", lambda self, row: None)
    stored = PlayerFactory(first_name="Zoe", last_name="Martin", ema_number="04010013")
    result = svc.import_players(tournament=tournament, preview=checked, actor=organiser)
    assert [r.player_id for r in result.registrations] == [stored.pk]
    assert Player.objects.filter(ema_number="04010013").count() == 1
