"""What apps above the tournaments add to a tournament's own files and pages.

The tournaments app never imports the apps built on it (``leagues``: the
import-linter contract says so); they fill these registries from their
``AppConfig.ready`` instead:

* ``register_sheet``: an extra sheet of the tournament's workbook (leagues:
  the team sheet, when the tournament has teams), written after the
  tournament's own sheets;
* ``register_link``: an extra link of the tournament's public pages (the
  team tab) or of its staff page (team management);
* ``register_table_closed``: a call, with the table's id, once a table's
  session is closed and committed (leagues: queue the rating job, so the
  ratings follow each session);
* ``register_scope``: a named set of tournaments a filter of the API may
  ask for (leagues: ``league=<slug>`` of a player's statistics).

Each entry says for which tournaments it applies, so a tournament without
teams shows and exports exactly what it did before. Registering the same
key again replaces the entry (a reloaded app registers once).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from tournaments.models import Tournament

Place = Literal["public", "staff"]
PLACES: tuple[Place, ...] = ("public", "staff")


@dataclass(frozen=True)
class ExtraSheet:
    """A sheet the tournament's workbook carries when ``applies``.

    ``title`` is called in the workbook's language (a lazy text will do);
    ``write(tournament, ws)`` appends the rows to the write-only sheet, also
    in that language.
    """

    key: str
    title: Callable[[], str]
    applies: Callable[[Tournament], bool]
    write: Callable[[Tournament, Any], None]


@dataclass(frozen=True)
class ExtraLink:
    """A link of the tournament's public pages or staff page."""

    key: str
    place: Place
    label: Callable[[], str]
    url: Callable[[Tournament], str]
    applies: Callable[[Tournament], bool]


_sheets: dict[str, ExtraSheet] = {}
_links: dict[str, ExtraLink] = {}
_table_closed: dict[str, Callable[[int], None]] = {}
_scopes: dict[str, Callable[[str, Any], Any]] = {}


def register_sheet(sheet: ExtraSheet) -> ExtraSheet:
    _sheets[sheet.key] = sheet
    return sheet


def register_link(link: ExtraLink) -> ExtraLink:
    if link.place not in PLACES:
        raise ValueError(f"unknown place {link.place!r}: one of {PLACES}")
    _links[link.key] = link
    return link


def register_table_closed(key: str, callback: Callable[[int], None]) -> None:
    """``callback(table_id)`` runs after the commit of each table closed."""
    _table_closed[key] = callback


def register_scope(name: str, resolve: Callable[[str, Any], Any]) -> None:
    """``resolve(slug, user)``: the tournaments (a queryset) that the
    filter ``name=<slug>`` names for ``user``, or ``None`` for a slug
    unknown to them (the API answers 404)."""
    _scopes[name] = resolve


def tournament_scope(name: str, slug: str, user: Any) -> Any:
    """The tournaments of scope ``name`` named ``slug``; ``None`` when no
    app gives that scope or the slug names nothing ``user`` may see."""
    resolve = _scopes.get(name)
    return None if resolve is None else resolve(slug, user)


def unregister(key: str) -> None:
    """Forget the sheet, link, table-closed call and scope under ``key``
    (tests)."""
    _sheets.pop(key, None)
    _links.pop(key, None)
    _table_closed.pop(key, None)
    _scopes.pop(key, None)


def table_closed_callbacks() -> list[Callable[[int], None]]:
    """The registered table-closed calls, in key order."""
    return [callback for _key, callback in sorted(_table_closed.items())]


def extra_sheets(tournament: Tournament) -> list[ExtraSheet]:
    """The registered sheets that apply to ``tournament``, in key order."""
    return [
        sheet for _key, sheet in sorted(_sheets.items()) if sheet.applies(tournament)
    ]


def extra_links(tournament: Tournament, place: Place) -> list[tuple[str, str]]:
    """``(label, url)`` of the registered links of ``place`` that apply."""
    return [
        (str(link.label()), link.url(tournament))
        for _key, link in sorted(_links.items())
        if link.place == place and link.applies(tournament)
    ]
