"""The venue as the organiser starts it: ``manage.py venue`` in a real
process, 30 tablets recording at the same moment, wrong links, the links the
round page hands out. Traffic to 127.0.0.1 only."""

from __future__ import annotations

import re
import threading
from collections import Counter

import pytest
import requests

from tests.integration.venue.conftest import (
    TABLETS,
    Template,
    copy_venue,
    make_organiser_of,
    stored_hands,
)
from tests.integration.venue.venue_process import LOGIN, Tablet, venue_server
from tournaments.venue.addresses import lan_addresses

# The venue in processes of its own, on its SQLite files whatever the
# suite's database: run once, in the SQLite pass; on one xdist worker, which
# builds the venue template once.
pytestmark = [pytest.mark.own_sqlite, pytest.mark.xdist_group("venue_template")]

MADE_UP_HOST = "tablets.hall.invalid"


@pytest.fixture(scope="module")
def venue(venue_template, tmp_path_factory):
    folder = copy_venue(venue_template, tmp_path_factory.mktemp("venue-server"))
    with venue_server(folder, VENUE_HOST=MADE_UP_HOST) as server:
        server.folder = folder  # type: ignore[attr-defined]
        yield server


def test_first_start_prints_the_login_once_and_the_addresses(venue_template):
    """The first start prints one organiser login line and a tablet address
    for every non-loopback IPv4 address of the machine, with the port."""
    output = venue_template.first_output
    assert len(LOGIN.findall(output)) == 1
    tablets = re.findall(r"^Tablets: (\S+)$", output, re.MULTILINE)
    port = venue_template.port
    assert tablets == [f"http://{ip}:{port}/" for ip in lan_addresses()]
    assert not any("127.0.0.1" in url for url in tablets)


def test_listens_on_every_interface(venue_template):
    """The server's listening socket is bound to 0.0.0.0 (read off the
    socket, the traffic itself going to 127.0.0.1)."""
    assert venue_template.listening == {"0.0.0.0"}
    assert f"Listening on 0.0.0.0:{venue_template.port}" in (
        venue_template.first_output
    )


def test_ctrl_c_stops_the_venue_cleanly(venue_template):
    """Ctrl-C ends the server with exit code 0 and a last line."""
    assert venue_template.exit_code == 0
    assert "Venue stopped." in venue_template.stopped_output


def test_the_password_is_stored_nowhere_in_clear(venue_template: Template):
    """The printed password is in no file of the venue's folder."""
    (_user, password), *_ = LOGIN.findall(venue_template.first_output)
    for path in venue_template.folder.rglob("*"):
        if path.is_file() and path.stat().st_size < 50_000_000:
            assert password.encode() not in path.read_bytes(), path


def test_a_restart_prints_no_login(venue):
    """The organiser's account exists: a later start prints no password."""
    assert not LOGIN.search(venue.output)
    assert "Listening on 0.0.0.0:" in venue.output


def test_thirty_tablets_record_at_the_same_moment(venue, venue_template):
    """30 tablets press "Record" together: 30 answers 200, no 503, and each
    hand stored once."""
    tablets = [Tablet(venue.url, table) for table in venue_template.event["tables"]]
    tablets = tablets[:TABLETS]
    keys = [f"race-{n}" for n in range(TABLETS)]
    start = threading.Barrier(TABLETS)
    answers: dict[int, int] = {}

    def record(n: int) -> None:
        data = tablets[n].hand(keys[n], n)
        start.wait()
        answers[n] = tablets[n].post(data).status_code

    threads = [threading.Thread(target=record, args=(n,)) for n in range(TABLETS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert sorted(answers.values()) == [200] * TABLETS
    stored = Counter(key for _t, _n, key in stored_hands(venue.folder))
    assert {key: stored[key] for key in keys} == dict.fromkeys(keys, 1)


def test_a_wrong_link_gets_muraille_404_page(venue):
    """DEBUG is off: a wrong link gets Muraille's own page, and a mistyped
    or replaced table link the page that says what to do."""
    answer = requests.get(f"{venue.url}/nowhere/", timeout=30)
    assert answer.status_code == 404
    assert "Page not found" in answer.text
    assert "Muraille" in answer.text and "Traceback" not in answer.text
    table = requests.get(f"{venue.url}/table/not-a-token/", timeout=30)
    assert table.status_code == 404
    assert "This table link is no longer valid" in table.text
    assert "Traceback" not in table.text


def test_static_files_are_served(venue):
    """whitenoise serves the hashed stylesheet the pages name."""
    page = requests.get(f"{venue.url}/", timeout=30).text
    css = re.search(r'href="(/static/css/muraille\.[0-9a-f]+\.css)"', page)
    assert css, "the page names no hashed stylesheet"
    assert requests.get(venue.url + css.group(1), timeout=30).status_code == 200


def test_a_tablet_on_a_lan_address_posts_over_plain_http(venue, venue_template):
    """A tablet that opened the venue by its LAN address (Host and Origin
    http://<address>:<port>, no TLS) records a hand: CSRF passes."""
    lan = f"192.0.2.44:{venue.port}"
    table = venue_template.event["tables"][TABLETS]  # a table of its own
    tablet = Tablet(venue.url, table)
    tablet.base = f"http://{lan}"
    data = tablet.hand("lan-hand", 0)
    # Its cookie as a browser on that address holds it (requests would match
    # the cookie's domain against the Host header).
    cookie = f"csrftoken={tablet.session.cookies['csrftoken']}"
    answer = requests.post(
        f"{tablet.url}hands/",
        data=data,
        headers={
            "Cookie": cookie,
            "Host": lan,
            "HX-Request": "true",
            "X-CSRFToken": tablet.csrf,
            "Origin": f"http://{lan}",
        },
        timeout=30,
    )
    assert answer.status_code == 200, answer.text[:500]
    assert "lan-hand" in [key for _t, _n, key in stored_hands(venue.folder)]


def test_round_page_links_carry_the_venue_host(venue, venue_template):
    """Logged in from 127.0.0.1 with the printed login, the organiser's round
    page and printed slips link the tablets to http://VENUE_HOST:port/table/."""
    ((user, password),) = LOGIN.findall(venue_template.first_output)
    make_organiser_of(venue.folder, user, venue_template.event["slug"])
    browser = requests.Session()
    login_url = f"{venue.url}/accounts/login/"
    form = browser.get(login_url, timeout=30).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
    assert token
    browser.post(
        login_url,
        data={
            "username": user,
            "password": password,
            "csrfmiddlewaretoken": token.group(1),
        },
        headers={"Origin": venue.url},
        timeout=30,
    ).raise_for_status()
    slug, number = venue_template.event["slug"], venue_template.event["round"]
    first = venue_template.event["tables"][0]["token"]
    link = f"http://{MADE_UP_HOST}:{venue.port}/table/{first}/"
    for page in ("", "print/"):
        url = f"{venue.url}/staff/{slug}/rounds/{number}/{page}"
        answer = browser.get(url, timeout=30)
        assert answer.status_code == 200, url
        assert link in answer.text
        assert "127.0.0.1" not in answer.text
