"""``export_event`` and ``import_event``: the archive through a file."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from tests.integration.archive.helpers import COPY_UID, row_counts
from tournaments.models import Tournament
from tournaments.selectors.archive import build_archive

pytestmark = pytest.mark.django_db


def test_export_writes_the_archive_to_a_file_or_stdout(played, tmp_path, capsys):
    path = tmp_path / "event.json"
    call_command("export_event", played.slug, str(path))
    played.refresh_from_db()  # the rounds' services set its status since
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(build_archive(played)))
    call_command("export_event", played.slug, "-")
    assert json.loads(capsys.readouterr().out) == written
    # An unchanged event, the same bytes.
    again = tmp_path / "again.json"
    call_command("export_event", played.slug, str(again))
    assert again.read_bytes() == path.read_bytes()


def test_export_of_an_unknown_event_is_an_error(db, tmp_path):
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_event", "nowhere", str(tmp_path / "x.json"))


def test_an_event_missing_here_but_a_venue_folder_beside_says_where_to_look(
    db, tmp_path, settings
):
    """Without make, the command reads the development database: the
    organiser is told that the venue's events need MURAILLE_VENUE=1."""
    (tmp_path / "venue").mkdir()
    settings.BASE_DIR = tmp_path
    with pytest.raises(CommandError, match="MURAILLE_VENUE=1"):
        call_command("export_event", "spring", "-")
    with pytest.raises(CommandError, match="MURAILLE_VENUE=1"):
        call_command("publish_event", "spring", to="https://example.org")


def test_import_previews_then_imports_then_changes_nothing(played, organiser, tmp_path):
    path = tmp_path / "event.json"
    call_command("export_event", played.slug, str(path))
    document = json.loads(path.read_text(encoding="utf-8"))
    document["event"]["uid"] = COPY_UID
    path.write_text(json.dumps(document), encoding="utf-8")
    counts = row_counts()

    def run(*flags: str) -> str:
        out = io.StringIO()
        call_command(
            "import_event", str(path), "--user", "organiser", *flags, stdout=out
        )
        return out.getvalue()

    preview = run("--dry-run")
    assert "would be created" in preview and "hands added" in preview
    assert row_counts() == counts
    assert "created" in run()
    copy = Tournament.objects.get(uid=COPY_UID)
    assert run() == f"{copy.slug}: unchanged.\n  8 players already known here.\n"


def test_import_names_the_problem(organiser, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "muraille-event", "version": 9}', encoding="utf-8")
    with pytest.raises(CommandError, match="version 9"):
        call_command("import_event", str(path), "--user", "organiser")
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(CommandError, match="not JSON"):
        call_command("import_event", str(path), "--user", "organiser")
    with pytest.raises(CommandError, match="No account"):
        call_command("import_event", str(path), "--user", "nobody")
