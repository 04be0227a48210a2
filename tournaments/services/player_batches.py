"""Find or create the players of a list in a bounded number of queries.

The one way a player is found or created from a row (pasted list, file
import, API), applied to a whole list: the player with the row's EMA number,
else a namesake (first and last name compared as one full name without case
or accents) who holds no other EMA number and belongs to no other club
(``imports.players.namesakes_differ``), else a new player; a known player
gets the club, country and EMA number the row gives where the stored player
has none. Rows are resolved in order against the known players
and the players created by earlier rows, then everything is written with
``bulk_create``/``bulk_update``: a 1,000-player list is a few dozen queries,
not several thousand.

Callers hold a transaction (``setup.register_players``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.db import IntegrityError, transaction

from tournaments.imports.names import full_name_key
from tournaments.imports.players import normalise_ema_number
from tournaments.limits import FIRST_NAME_MAX_LENGTH, LAST_NAME_MAX_LENGTH
from tournaments.models import Club, Player
from tournaments.services.errors import ServiceError

BLANK_FIELDS = ["club", "country", "ema_number"]


def _differ(player: Player, ema_number: str, club: Club | None) -> bool:
    """``namesakes_differ`` on a known player, clubs compared as rows."""
    if ema_number and player.ema_number and ema_number != player.ema_number:
        return True
    return club is not None and player.club_id not in (None, club.pk)


class _Players:
    """Known and pending players, indexed as the rows match them."""

    def __init__(self) -> None:
        self.by_ema: dict[str, Player] = {}
        self.by_name: dict[str, list[Player]] = {}
        self.new: list[Player] = []
        self.changed: dict[int, Player] = {}
        # One query over every player, as the file import does: names are
        # compared without case, which SQL cannot do for a list portably.
        for player in Player.objects.only(*BLANK_FIELDS, "first_name", "last_name"):
            self._index(player)

    def _index(self, player: Player) -> None:
        if player.ema_number:
            self.by_ema[player.ema_number] = player
        key = full_name_key(player.first_name, player.last_name)
        self.by_name.setdefault(key, []).append(player)

    def find(
        self, first_name: str, last_name: str, ema_number: str, club: Club | None
    ) -> Player | None:
        if ema_number and ema_number in self.by_ema:
            return self.by_ema[ema_number]
        # A namesake holding another EMA number, or of another club, is
        # another person; one of the row's own club comes first.
        namesakes = [
            player
            for player in self.by_name.get(full_name_key(first_name, last_name), [])
            if not _differ(player, ema_number, club)
        ]
        namesakes.sort(key=lambda player: player.club_id is None)
        return namesakes[0] if namesakes else None

    def fill_blanks(
        self, player: Player, club: Club | None, country: str, ema_number: str
    ) -> None:
        filled = False
        if player.club_id is None and club is not None:
            player.club, filled = club, True
        if not player.country and country:
            player.country, filled = country, True
        if not player.ema_number and ema_number:
            player.ema_number, filled = ema_number, True
            self.by_ema[ema_number] = player
        if filled and player.pk is not None:
            self.changed[player.pk] = player

    def create(self, **fields: object) -> Player:
        player = Player(**fields)
        self.new.append(player)
        self._index(player)
        return player

    def save(self) -> dict[int, Player]:
        """Write the new and changed players. Returns, by ``id()`` of a pending
        player, the stored one that another request created meanwhile with
        the same EMA number (the same person, registered at once elsewhere)."""
        taken: dict[int, Player] = {}
        try:
            with transaction.atomic():
                Player.objects.bulk_create(self.new)
        except IntegrityError:
            numbers = [p.ema_number for p in self.new if p.ema_number]
            stored = {
                p.ema_number: p for p in Player.objects.filter(ema_number__in=numbers)
            }
            if not stored:
                raise
            taken = {
                id(p): stored[p.ema_number] for p in self.new if p.ema_number in stored
            }
            Player.objects.bulk_create(p for p in self.new if id(p) not in taken)
        if self.changed:
            Player.objects.bulk_update(self.changed.values(), BLANK_FIELDS)
        return taken


def _clubs(names: set[str]) -> dict[str, Club]:
    """The clubs of these names, the missing ones created."""
    clubs = {club.name: club for club in Club.objects.filter(name__in=names)}
    missing = [Club(name=name) for name in names - clubs.keys()]
    if missing:
        # A club created meanwhile by another request is simply reused.
        Club.objects.bulk_create(missing, ignore_conflicts=True)
        created = Club.objects.filter(name__in=[club.name for club in missing])
        clubs.update({club.name: club for club in created})
    return clubs


def clean_ema_number(value: str) -> str:
    """Eight digits, or "" for none (see ``normalise_ema_number``)."""
    digits = normalise_ema_number(value)
    if digits is None:
        raise ServiceError("malformed_ema_number", field="ema_number", value=value)
    return digits


def _clean(row_number: int, fields: Mapping[str, str]) -> dict[str, str]:
    """The row's stripped fields; a missing or too long name raises."""
    first_name = (fields.get("first_name") or "").strip()
    last_name = (fields.get("last_name") or "").strip()
    try:
        if not last_name:
            raise ServiceError("missing_name", field="name")
        # The codes are constants, so that the catalogue's scan finds them.
        for field, value, limit, code in (
            ("first_name", first_name, FIRST_NAME_MAX_LENGTH, "first_name_too_long"),
            ("last_name", last_name, LAST_NAME_MAX_LENGTH, "last_name_too_long"),
        ):
            if len(value) > limit:
                raise ServiceError(code, field=field, max=limit)
        ema_number = clean_ema_number(fields.get("ema_number") or "")
    except ServiceError as error:
        error.params["row"] = row_number
        raise
    return {
        "first_name": first_name,
        "last_name": last_name,
        "club": (fields.get("club") or "").strip(),
        "country": (fields.get("country") or "").strip().upper()[:3],
        "ema_number": ema_number,
    }


def find_or_create_players(rows: Sequence[Mapping[str, str]]) -> list[Player]:
    """The player of each row (saved), in row order; see the module docstring.

    Raises ``ServiceError`` with the 1-based ``row`` for a row without a last
    name, with a name too long or a malformed EMA number; nothing is written
    then.
    """
    cleaned = [_clean(number, row) for number, row in enumerate(rows, start=1)]
    clubs = _clubs({row["club"] for row in cleaned if row["club"]})
    players = _Players()
    found = []
    for row in cleaned:
        club = clubs.get(row["club"]) if row["club"] else None
        player = players.find(
            row["first_name"], row["last_name"], row["ema_number"], club
        )
        if player is None:
            player = players.create(**{**row, "club": club})
        else:
            players.fill_blanks(player, club, row["country"], row["ema_number"])
        found.append(player)
    taken = players.save()
    return [taken.get(id(player), player) for player in found]


def find_known_player(
    first_name: str, last_name: str, ema_number: str, club_name: str
) -> Player | None:
    """The stored player a row would be matched to by the rules above, or
    None; nothing is written (a public registration shows it to the
    organiser, who decides)."""
    club = Club.objects.filter(name=club_name.strip()).first() if club_name else None
    return _Players().find(first_name, last_name, ema_number, club)
