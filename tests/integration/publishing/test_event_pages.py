"""The organiser's pages: "Publish online" and the archive download on the
tournament page; "Import an event archive" (upload, preview, import) on the
dashboard."""

from __future__ import annotations

import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import UserFactory, organiser_account
from tests.integration.publishing.conftest import free_port
from tests.integration.publishing.fake_remote import fake_remote, json_answer
from tournaments.models import AuditEvent, Tournament
from tournaments.selectors.archive import build_archive
from tournaments.views import staff_events

pytestmark = pytest.mark.django_db
TOKEN = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    """Pending uploads go to a folder of the test's own."""
    settings.MEDIA_ROOT = tmp_path / "media"


def pending_uploads(settings) -> list:
    folder = settings.MEDIA_ROOT / "event-imports"
    return sorted(folder.iterdir()) if folder.exists() else []


@pytest.fixture
def staff_client(client, organiser):
    client.force_login(organiser)
    return client


def test_the_tournament_page_offers_publishing_and_the_archive(staff_client, event):
    page = staff_client.get(reverse("staff:tournament", args=[event.slug]))
    html = page.content.decode()
    assert 'id="publish"' in html
    assert reverse("staff:event-publish", args=[event.slug]) in html
    assert reverse("staff:event-archive", args=[event.slug]) in html
    assert 'type="password"' in html


def test_the_archive_downloads_as_a_json_file(staff_client, event):
    response = staff_client.get(reverse("staff:event-archive", args=[event.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    disposition = response["Content-Disposition"]
    assert disposition == f'attachment; filename="{event.slug}.muraille.json"'
    expected = json.loads(json.dumps(build_archive(event)))
    assert json.loads(response.content) == expected


def test_only_organisers_publish_or_download(client, event):
    client.force_login(UserFactory())
    publish = reverse("staff:event-publish", args=[event.slug])
    archive = reverse("staff:event-archive", args=[event.slug])
    assert client.get(archive).status_code in (403, 404)
    data = {"base_url": "http://127.0.0.1:9/", "token": TOKEN}
    assert client.post(publish, data).status_code in (403, 404)
    client.logout()
    assert client.get(archive).status_code == 302  # to the login page


def test_publishing_from_the_page_shows_the_online_copy(staff_client, event):
    answer = {"slug": event.slug, "url": f"/t/{event.slug}/", "created": True,
              "changed": True, "changes": []}  # fmt: skip
    url = reverse("staff:event-publish", args=[event.slug])
    with fake_remote() as remote:
        remote.answer = json_answer(201, answer)
        response = staff_client.post(url, {"base_url": remote.url, "token": TOKEN})
    html = response.content.decode()
    assert response.status_code == 200
    assert "The event is now online" in html
    assert f'href="{remote.url}t/{event.slug}/"' in html
    assert TOKEN not in html
    # The next visit offers the same address, and says when it was sent.
    page = staff_client.get(reverse("staff:tournament", args=[event.slug]))
    assert f'value="{remote.url}"' in page.content.decode()
    assert "Last published on" in page.content.decode()


def test_a_refused_publication_is_explained_and_the_token_not_echoed(
    staff_client, event
):
    url = reverse("staff:event-publish", args=[event.slug])
    with fake_remote() as remote:
        remote.answer = json_answer(403, {"error": "permission_denied"})
        response = staff_client.post(url, {"base_url": remote.url, "token": TOKEN})
    html = response.content.decode()
    assert response.status_code == 400
    assert "must be an organiser there" in html
    assert TOKEN not in html
    assert not AuditEvent.objects.filter(action="event.publish").exists()


def test_an_unreachable_address_is_explained(staff_client, event):
    url = reverse("staff:event-publish", args=[event.slug])
    base = f"http://127.0.0.1:{free_port()}/"
    response = staff_client.post(url, {"base_url": base, "token": TOKEN})
    assert response.status_code == 400
    assert "cannot be reached" in response.content.decode()


def test_the_dashboard_offers_the_import_to_organisers_only(client, organiser):
    client.force_login(organiser)
    link = reverse("staff:event-import")
    assert link in client.get(reverse("staff:dashboard")).content.decode()
    client.force_login(UserFactory())
    assert link not in client.get(reverse("staff:dashboard")).content.decode()
    assert client.get(link).status_code == 403


def archive_file(document, name: str = "event.muraille.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(
        name, json.dumps(document).encode(), content_type="application/json"
    )


@pytest.fixture
def carried(event):
    """The archive of an event this site does not have: another identity,
    short name and name than the event it was written from."""
    document = json.loads(json.dumps(build_archive(event)))
    document["event"].update(
        uid=str(uuid.uuid4()), slug="carried-open", name="Carried Open"
    )
    return document


def upload(client, document, **kwargs):
    file = archive_file(document, **kwargs)
    return client.post(reverse("staff:event-import"), {"file": file})


def test_upload_preview_then_import(staff_client, carried, settings):
    """The preview stores nothing in the tournaments; the import creates the
    event and opens its page; the same preview cannot be imported twice."""
    name = carried["event"]["name"]
    response = upload(staff_client, carried)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Importing creates the event" in html and name in html
    assert "8 players" in html and "2 rounds" in html
    assert not Tournament.objects.filter(name=name).exists()
    token = response.context["token"]
    confirm = reverse("staff:event-import-confirm")
    response = staff_client.post(confirm, {"token": token})
    imported = Tournament.objects.get(name=name)
    assert response["Location"] == reverse("staff:tournament", args=[imported.slug])
    assert pending_uploads(settings) == []
    again = staff_client.post(confirm, {"token": token}, follow=True)
    assert "has expired or was not yours" in again.content.decode()
    assert Tournament.objects.filter(name=name).count() == 1


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\x89PNG\r\n\x1a\n", "not a JSON document"),
        (b"First name,Last name\r\nAnna,Martin\r\n", "not a JSON document"),
        (b"[1, 2, 3]", "not a JSON document"),
        (b"", "not a JSON document"),
        # Found by the hostile-forms crawl: it recursed the server into a 500.
        (b"[" * 5000, "not a JSON document"),
    ],
)
def test_a_file_that_is_not_an_archive_is_refused(
    staff_client, settings, content, words
):
    file = SimpleUploadedFile("players.json", content)
    response = staff_client.post(reverse("staff:event-import"), {"file": file})
    assert response.status_code == 400
    assert words in response.content.decode()
    assert "token" not in response.context or not response.context["token"]
    assert pending_uploads(settings) == []


def test_a_json_file_of_something_else_is_refused_by_the_archive_check(
    staff_client, settings
):
    before = Tournament.objects.count()
    response = upload(staff_client, {"hello": "world"})
    assert response.status_code == 400
    assert 'class="error"' in response.content.decode()
    assert pending_uploads(settings) == []
    assert Tournament.objects.count() == before


def test_a_file_over_the_limit_is_refused_unread(
    staff_client, carried, settings, monkeypatch
):
    monkeypatch.setattr(staff_events, "ARCHIVE_MAX_BYTES", 100)
    response = upload(staff_client, carried)
    assert response.status_code == 400
    assert "too large for an event archive" in response.content.decode()
    assert pending_uploads(settings) == []


def test_someone_elses_preview_cannot_be_imported(client, carried, settings):
    """Another organiser holding the token (a shared link, a form) is
    refused; the uploader still can."""
    uploader, other = organiser_account(), organiser_account()
    client.force_login(uploader)
    token = upload(client, carried).context["token"]
    client.force_login(other)
    confirm = reverse("staff:event-import-confirm")
    response = client.post(confirm, {"token": token}, follow=True)
    assert "has expired or was not yours" in response.content.decode()
    assert not Tournament.objects.filter(name=carried["event"]["name"]).exists()
    client.force_login(uploader)
    client.post(confirm, {"token": token})
    assert Tournament.objects.filter(name=carried["event"]["name"]).exists()


def test_a_tampered_token_is_refused(staff_client, carried):
    token = upload(staff_client, carried).context["token"]
    confirm = reverse("staff:event-import-confirm")
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    response = staff_client.post(confirm, {"token": forged}, follow=True)
    assert "has expired or was not yours" in response.content.decode()
    assert not Tournament.objects.filter(name=carried["event"]["name"]).exists()


def test_a_hand_edited_archive_is_refused_naming_the_record(staff_client, carried):
    """One broken record refuses the whole file; the page says where."""
    carried["rounds"][0]["tables"][0]["hands"][0]["kind"] = "miracle"
    response = upload(staff_client, carried)
    html = response.content.decode()
    assert response.status_code == 400
    assert "rounds[0].tables[0].hands[0]" in html
    assert not Tournament.objects.filter(name="Carried Open").exists()


def test_the_archive_of_an_event_already_here_changes_nothing(staff_client, event):
    response = upload(staff_client, json.loads(json.dumps(build_archive(event))))
    html = response.content.decode()
    assert response.status_code == 200
    assert "is already here as in this file" in html


def test_an_event_organised_by_others_is_not_updated_by_an_upload(client, event):
    """An organiser here, but not of this event: refused at the preview."""
    client.force_login(organiser_account())
    response = upload(client, json.loads(json.dumps(build_archive(event))))
    assert response.status_code == 400
    assert response.context.get("token") is None


def test_the_token_is_hidden_from_error_reports(staff_client, event, monkeypatch):
    """Should publishing crash, Django's error report does not show it."""
    from django.views.debug import SafeExceptionReporterFilter

    def crash(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(staff_events, "publish_event", crash)
    staff_client.raise_request_exception = False
    url = reverse("staff:event-publish", args=[event.slug])
    response = staff_client.post(url, {"base_url": "https://x.org/", "token": TOKEN})
    assert response.status_code == 500
    request = response.wsgi_request
    seen = SafeExceptionReporterFilter().get_post_parameters(request)
    assert seen["token"] != TOKEN
