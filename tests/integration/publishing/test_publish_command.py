"""``python manage.py publish_event``: the remote URL and what changed, or
the failure in words with exit code 1 and no traceback."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command, load_command_class

from tests.integration.publishing.conftest import free_port
from tests.integration.publishing.fake_remote import fake_remote, json_answer

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]
TOKEN = "f" * 40
ANSWER = {"slug": "printemps", "url": "https://club.example/t/printemps/",
          "created": False, "changed": True,
          "changes": ["Round 2, table 1: hand 3 changed"]}  # fmt: skip


def test_the_command_prints_the_online_address_and_the_changes(event, capsys):
    with fake_remote() as remote:
        remote.answer = json_answer(200, ANSWER)
        call_command("publish_event", event.slug, "--to", remote.url, "--token", TOKEN)
    out = capsys.readouterr().out
    assert "Updated on the other Muraille: https://club.example/t/printemps/" in out
    assert "  Round 2, table 1: hand 3 changed" in out
    assert remote.received[0].headers["Authorization"] == f"Token {TOKEN}"


def test_the_token_may_come_from_the_environment(event, monkeypatch, capsys):
    monkeypatch.setenv("MURAILLE_PUBLISH_TOKEN", TOKEN)
    with fake_remote() as remote:
        remote.answer = json_answer(200, {**ANSWER, "changed": False, "changes": []})
        call_command("publish_event", event.slug, "--to", remote.url)
    assert remote.received[0].headers["Authorization"] == f"Token {TOKEN}"
    assert capsys.readouterr().out.startswith("Unchanged:")


def test_a_refused_token_is_a_command_error(event):
    with fake_remote() as remote:
        remote.answer = json_answer(401, {"error": "authentication_failed"})
        with pytest.raises(CommandError, match="refused the API token"):
            call_command("publish_event", event.slug, "--to", remote.url, "--token=x")


def test_an_unknown_tournament_is_named(db):
    with pytest.raises(CommandError, match="No tournament 'nowhere'"):
        call_command("publish_event", "nowhere", "--to", "https://x.org/")


def test_from_a_shell_a_failure_exits_1_with_the_message_only(
    event, monkeypatch, capsys
):
    """As run from a shell: exit code 1 and one line, never a traceback."""
    # The command closes the connections when it ends; the test's own
    # transaction must outlive it.
    monkeypatch.setattr("django.db.connections.close_all", lambda: None)
    command = load_command_class("tournaments", "publish_event")
    url = f"http://127.0.0.1:{free_port()}/"
    argv = ["manage.py", "publish_event", event.slug, "--to", url, "--token", TOKEN]
    with pytest.raises(SystemExit) as exit_:
        command.run_from_argv(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 1
    assert "cannot be reached" in err
    assert "Traceback" not in err
    assert TOKEN not in err
