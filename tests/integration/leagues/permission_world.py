"""The world the permission table walks: two leagues (public, private), a
public night and a private one (both played, the private one counted in the
public league too), and the five accounts that read and write them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.urls import URLPattern, URLResolver

from leagues.models import League, LeagueEvent, RatingJob
from leagues.services.leagues import add_event
from tests.factories import UserFactory, organiser_account
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player

#: What no one but the private night's organisers (and the admin) may read.
SECRETS = ("Secret night", "Sam Secret", "Pia Private", "Back room")
ACTORS = ("anonymous", "plain", "other", "organiser", "admin")


@dataclass
class World:
    users: dict[str, Any]
    values: dict[str, dict[str, object]]


def build_world() -> World:
    owner = organiser_account(username="owner")
    private = make_league(owner, name="Back room", is_public=False)
    hidden = night(
        private,
        owner,
        date(2026, 1, 8),
        ["Sam Secret, Pia Private, Hal Hidden, Quin Quiet"],
    )
    hidden.tournament.name = "Secret night"
    hidden.tournament.save()
    play(tables_of(hidden)[0], winner=0, discarder=1)
    public = make_league(owner, name="Open league", is_public=True)
    shown = night(
        public, owner, date(2026, 1, 15), ["Ann Open, Bob Open, Cy Open, Dee Open"]
    )
    play(tables_of(shown)[0], winner=0, discarder=1)
    add_event(league=public, tournament=hidden.tournament, actor=owner)
    job = RatingJob.objects.create(status=RatingJob.Status.DONE)
    users = {
        "anonymous": None,
        "plain": UserFactory(username="plain"),
        "other": organiser_account(username="other"),
        "organiser": owner,
        "admin": UserFactory(username="admin", is_superuser=True, is_staff=True),
    }
    values: dict[str, dict[str, object]] = {
        # The URL arguments of each variant of a row.
        "public": {
            "slug": public.slug,
            "event": _event(public, shown.tournament_id),
            "player": Player.objects.get(last_name="Open", first_name="Ann").pk,
            "job": job.pk,
            "number": 1,
        },
        "private": {
            "slug": private.slug,
            "event": _event(private, hidden.tournament_id),
            "player": Player.objects.get(last_name="Secret").pk,
            "job": job.pk,
            "number": 1,
        },
        # Tournaments' routes (teams) take a tournament's slug.
        "public tournament": {"slug": shown.tournament.slug, "number": 1},
        "private tournament": {"slug": hidden.tournament.slug, "number": 1},
        # The private night as counted in the public league.
        "private in public": {
            "slug": public.slug,
            "event": _event(public, hidden.tournament_id),
        },
        "none": {},
        # A merge of the public night's Ann with the private night's Sam.
        "merge": {
            "keep": Player.objects.get(last_name="Open", first_name="Ann").pk,
            "drop": Player.objects.get(last_name="Secret").pk,
        },
    }
    return World(users, values)


def _event(league: League, tournament_id: int) -> int:
    return LeagueEvent.objects.get(league=league, tournament_id=tournament_id).pk


def walk(patterns: list[Any], prefix: str = "") -> list[str]:
    """Every route of ``patterns``, as its full pattern text."""
    routes = []
    for entry in patterns:
        if isinstance(entry, URLResolver):
            routes += walk(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            routes.append(prefix + str(entry.pattern))
    return routes


def fill(route: str, values: dict[str, object]) -> str:
    """The URL of ``route`` with its arguments ("<int:event>") filled in."""
    path = route
    for key, value in values.items():
        for kind in ("slug", "int"):
            path = path.replace(f"<{kind}:{key}>", str(value))
    assert "<" not in path, (route, values)
    return "/" + path
