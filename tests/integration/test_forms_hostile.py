"""Every form a person can reach, filled with hostile values: never a 500.

The API has schemathesis (CI); the pages had only the cases someone thought
of. This crawls the demo tournaments and league as their organiser (links
from the dashboard, the rounds, the tablets, the leagues, the public pages),
collects each distinct form, then submits it once per field and hostile
value, the other fields as the page filled them. Whatever the form says
(400 with a reason, a redirect, a 404 for an action that does not exist),
it must not be a server error.

PostgreSQL only (``make test-postgres``): a value longer than its column is
what it hunts, and SQLite keeps any length.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from leagues.demo import load_league_demo
from tests.integration.signups.helpers import open_registration, sign_up
from tournaments.demo import DEMO_USERNAME, load_demo
from tournaments.models import Tournament

# The demo seats through a job enqueued on commit: real commits are needed.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

HOSTILE = (
    "x" * 5000,
    "-1",
    "9" * 40,
    "1e309",
    "\x00",
    "<script>alert(1)</script>",
    "2026-02-31",
    "../../etc/passwd",
)
HOSTILE_FILES = (
    ("players.xlsx", b"PK\x03\x04 not a workbook"),
    ("players.csv", b"\xff\xfe\x00garbage;;\n" * 100),
    ("players.json", b"[" * 5000),
    ("empty.xlsx", b""),
)
START = ("/staff/", "/manage/leagues/", "/", "/accounts/login/")
# Leaving the session or the site's own areas is not what is tested here.
SKIP = re.compile(r"^/(admin|accounts/logout|i18n|static|api)/|\.(xlsx|csv|png|svg)$")
MAX_PAGES = 400


class _Page(HTMLParser):
    """Links and forms of one page, as a browser would submit them."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.forms: list[dict] = []
        self._form: dict | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "form":
            self._form = {
                "action": a.get("action", ""),
                "method": a.get("method", "get").lower(),
                "fields": {},
                "files": [],
            }
            self.forms.append(self._form)
        elif self._form is None or not a.get("name"):
            return
        elif tag == "input":
            kind = a.get("type", "text").lower()
            if kind == "file":
                self._form["files"].append(a["name"])
            elif kind != "submit":
                # A choice nobody ticked yet is still a field to try.
                self._form["fields"].setdefault(a["name"], a.get("value", ""))
        elif tag == "select":
            self._select = a["name"]
            self._form["fields"].setdefault(a["name"], "")
        elif (
            tag == "option" and self._select and not self._form["fields"][self._select]
        ):
            self._form["fields"][self._select] = a.get("value", "")
        elif tag == "textarea":
            self._textarea = a["name"]
            self._form["fields"].setdefault(a["name"], "")
        elif tag == "button" and a.get("value"):
            self._form["fields"].setdefault(a["name"], a["value"])

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea:
            self._form["fields"][self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def _shape(path: str, fields: dict) -> tuple:
    """One form per kind: the same form at every table is tried once."""
    return (re.sub(r"\d+|[A-Za-z0-9_-]{20,}", "#", path), tuple(sorted(fields)))


def _crawl(client: Client, extra: tuple[str, ...] = ()) -> list[tuple[str, dict]]:
    seen, queue, forms, shapes = set(), [*START, *extra], [], set()
    while queue and len(seen) < MAX_PAGES:
        path = queue.pop(0)
        if path in seen or SKIP.search(path):
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get(
            "Content-Type", ""
        ):
            continue
        page = _Page()
        page.feed(response.content.decode())
        for href in page.links:
            parts = urlsplit(urljoin(path, href))
            if parts.netloc in ("", "testserver") and parts.path not in seen:
                queue.append(parts.path)
        for form in page.forms:
            action = urlsplit(urljoin(path, form["action"])).path or path
            if SKIP.search(action):
                continue
            shape = _shape(action, form["fields"])
            if shape not in shapes:
                shapes.add(shape)
                forms.append((action, form))
    return forms


def _attempts(form: dict):
    """(field, what was sent, the form's data): one hostile value at a time."""
    for name in form["fields"]:
        if name == "csrfmiddlewaretoken":
            continue
        for value in HOSTILE:
            yield name, value[:20], {**form["fields"], name: value}
    for name in form["files"]:
        for filename, content in HOSTILE_FILES:
            upload = SimpleUploadedFile(filename, content)
            yield name, filename, {**form["fields"], name: upload}


def _registration_pages() -> tuple[str, ...]:
    """Registration open on a demo event, with one sign-up: its public form
    and the private page only a sign-up's link reaches."""
    tournament = Tournament.objects.order_by("pk").first()
    organiser = get_user_model().objects.get(username=DEMO_USERNAME)
    open_registration(
        tournament,
        organiser,
        capacity=1,
        questions=[
            {"key": "meal", "label": "Vegetarian meal?", "kind": "yes_no"},
            {"key": "allergies", "label": "Allergies", "kind": "text"},
        ],
    )
    signup = sign_up(tournament, "Ann Registrant")
    return (f"/t/{tournament.slug}/register/", f"/register/{signup.token}/")


def test_no_form_answers_a_server_error_whatever_is_typed():
    load_demo(with_login=True)
    load_demo(with_login=True, ruleset="riichi")
    load_league_demo(with_login=True)
    client = Client(raise_request_exception=False)
    client.force_login(get_user_model().objects.get(username=DEMO_USERNAME))
    forms = _crawl(client, extra=_registration_pages())
    # The crawl reached the organiser's forms and a tablet's hand entry.
    actions = " ".join(action for action, _form in forms)
    assert (
        "/staff/" in actions and "/table/" in actions and "/manage/leagues/" in actions
    )
    # And registration's: the public form, the private page, the organiser's.
    assert "/register/" in actions and "/registrations/settings/" in actions
    failures, tried = [], 0
    for action, form in forms:
        send = client.post if form["method"] == "post" else client.get
        for name, shown, data in _attempts(form):
            response = send(action, data, HTTP_HX_REQUEST="true")
            tried += 1
            if response.status_code >= 500:
                failures.append((action, name, shown, response.status_code))
    assert tried > 500
    assert not failures, "\n".join(map(repr, failures))
