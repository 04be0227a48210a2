"""Player import from a spreadsheet: preview, then save all rows or none.

``tournaments.imports`` parses the file without touching the database. Here
the preview is matched against the players already known, carried between
the preview page and the confirmation in a signed token, and saved.

Matching, so that importing the same file twice creates nobody twice: a row
with an EMA number is the player holding that number; otherwise (or when
nobody holds it) the player with the same name, compared without case,
accents or extra spaces, provided that player has no other EMA number and
no other club (``namesakes_differ``: two namesakes of two clubs are two
people).

An EMA number held by a known player whose name shares no word with the
row's is a conflict, never a match: a mistyped number must not register
another person. The row gets an ``ema_number_conflict`` problem and the
import is refused until the list is corrected.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Max

from tournaments.imports.names import name_key, split_full_name
from tournaments.imports.players import (
    ImportPreview,
    ImportProblem,
    ImportRow,
    names_agree,
    namesakes_differ,
    parse_player_file,
    with_problem,
)
from tournaments.imports.readers import MAX_FILE_BYTES
from tournaments.models import Club, Player, Registration, Tournament
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError

TOKEN_MAX_AGE_S = 3600
"""A preview may be confirmed within an hour of the upload."""
_TOKEN_SALT = "tournaments.player-import"


class Match(StrEnum):
    NEW = "new"
    KNOWN = "known"
    REGISTERED = "registered"


class MatchedBy(StrEnum):
    NOTHING = ""
    EMA_NUMBER = "ema_number"
    NAME = "name"


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What an import did: new registrations, and how the rows matched."""

    registrations: list[Registration]
    created_players: int
    known_players: int
    already_registered: int


def preview_upload(filename: str, size: int, data: Any) -> ImportPreview:
    """Parse an upload; a file over the limit is refused before it is read.

    ``data`` is a callable returning the bytes (an uploaded file's ``read``),
    called only when ``size`` is within ``MAX_FILE_BYTES``.
    """
    if size > MAX_FILE_BYTES:
        problem = ImportProblem(
            None, "file_too_large", {"size": size, "limit": MAX_FILE_BYTES}
        )
        return ImportPreview((), (problem,))
    return parse_player_file(filename, data())


class _Directory:
    """The known players, indexed the way the import matches them."""

    def __init__(self, tournament: Tournament) -> None:
        # One query over every player, because names are compared without
        # accents, which SQL cannot do portably; a federation's few thousand
        # players are a few hundred kilobytes.
        players = Player.objects.values_list(
            "pk", "first_name", "last_name", "ema_number", "club__name"
        )
        self.by_number: dict[str, int] = {}
        self.by_name: dict[str, list[tuple[int, str, str]]] = {}
        self.names: dict[int, str] = {}
        for pk, first, last, number, club in players.iterator():
            if number:
                self.by_number[number] = pk
            self.names[pk] = f"{first} {last}".strip()
            key = name_key(self.names[pk])
            self.by_name.setdefault(key, []).append((pk, number, club or ""))
        self.registered = set(
            tournament.registrations.values_list("player_id", flat=True)
        )

    def find(self, row: ImportRow) -> int | None:
        return self.find_how(row)[0]

    def find_how(self, row: ImportRow) -> tuple[int | None, MatchedBy]:
        if row.ema_number and row.ema_number in self.by_number:
            return self.by_number[row.ema_number], MatchedBy.EMA_NUMBER
        namesakes = [
            (pk, club)
            for pk, number, club in self.by_name.get(name_key(row.name), [])
            if not namesakes_differ(row.ema_number, row.club, number, club)
        ]
        if not namesakes:
            return None, MatchedBy.NOTHING
        # The namesake of the row's own club before one without a club.
        namesakes.sort(key=lambda namesake: not namesake[1])
        return namesakes[0][0], MatchedBy.NAME

    def conflict(self, row: ImportRow) -> str:
        """The known player's name when the row's EMA number is theirs but
        the names disagree, else ""."""
        pk = self.by_number.get(row.ema_number or "")
        if pk is None or names_agree(row.name, self.names[pk]):
            return ""
        return self.names[pk]

    def match(self, row: ImportRow) -> tuple[Match, MatchedBy]:
        pk, how = self.find_how(row)
        if pk is None:
            return Match.NEW, how
        return (Match.REGISTERED if pk in self.registered else Match.KNOWN), how


def list_row_matches(tournament: Tournament, preview: ImportPreview) -> list[Match]:
    """For each row of the preview: a new player, a known one, or registered."""
    return [match for match, _how in list_row_details(tournament, preview)]


def list_row_details(
    tournament: Tournament, preview: ImportPreview
) -> list[tuple[Match, MatchedBy]]:
    """For each row: what importing it does, and what matched a known player."""
    directory = _Directory(tournament)
    return [directory.match(row) for row in preview.rows]


def check_known_players(
    tournament: Tournament, preview: ImportPreview
) -> ImportPreview:
    """The preview with an ``ema_number_conflict`` problem on every row whose
    EMA number belongs to a known player of another name."""
    return _flag_conflicts(_Directory(tournament), preview)


def _flag_conflicts(directory: _Directory, preview: ImportPreview) -> ImportPreview:
    rows = []
    for row in preview.rows:
        known = directory.conflict(row)
        if known:
            params = {"ema_number": row.ema_number, "known": known}
            problem = ImportProblem(row.row_number, "ema_number_conflict", params)
            row = with_problem(row, problem)
        rows.append(row)
    return ImportPreview(
        tuple(rows), preview.problems, preview.file_format, preview.encoding
    )


def split_name(row: ImportRow) -> tuple[str, str]:
    """First and last name as the preview read them (``split_full_name``:
    "Anna van der Berg" gives "Anna" and "van der Berg"); a first name alone
    is also the last name. Matching compares full names, so the split never
    causes a duplicate."""
    if row.first_name or row.last_name:
        return row.first_name, row.last_name or row.first_name
    return split_full_name(row.name)


@transaction.atomic
def import_players(
    *, tournament: Tournament, preview: ImportPreview, actor: Actor
) -> ImportResult:
    """Register every row of a clean preview, or raise and save nothing.

    Raises ``ServiceError("import_has_problems")`` when the preview holds any
    problem, an EMA number conflict included (checked again here: the players
    may have changed since the preview). Players already known are reused
    (see the module docstring); players already registered are left as they
    are.
    """
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    directory = _Directory(tournament)
    problems = _flag_conflicts(directory, preview).all_problems
    if problems or not preview.rows:
        raise ServiceError("import_has_problems", count=len(problems))
    next_number = (tournament.registrations.aggregate(m=Max("number"))["m"] or 0) + 1
    clubs: dict[str, Club] = {}
    created, known, already, registrations = 0, 0, 0, []
    for row in preview.rows:
        player_id = directory.find(row)
        if player_id is None:
            player_id = _create_player(row, clubs).pk
            created += 1
        elif player_id in directory.registered:
            already += 1
            continue
        else:
            known += 1
        registrations.append(
            Registration(tournament=tournament, player_id=player_id, number=next_number)
        )
        directory.registered.add(player_id)
        next_number += 1
    Registration.objects.bulk_create(registrations)
    record_event(
        tournament=tournament,
        action="players.import",
        obj=tournament,
        actor=actor,
        after={"registered": [r.player_id for r in registrations]},
    )
    return ImportResult(registrations, created, known, already)


def _create_player(row: ImportRow, clubs: dict[str, Club]) -> Player:
    first_name, last_name = split_name(row)
    club = None
    if row.club:
        if row.club not in clubs:
            clubs[row.club] = Club.objects.get_or_create(name=row.club[:120])[0]
        club = clubs[row.club]
    fields = {
        "first_name": first_name[:80],
        "last_name": last_name[:80],
        "club": club,
        "country": row.country or "",
        "ema_number": row.ema_number or "",
    }
    try:
        with transaction.atomic():
            return Player.objects.create(**fields)
    except IntegrityError:
        # Another request (another tournament's import) stored the same new
        # player meanwhile: the EMA number is unique, so it is that person.
        if not fields["ema_number"]:
            raise
        return Player.objects.get(ema_number=fields["ema_number"])


def preview_token(tournament: Tournament, preview: ImportPreview) -> str:
    """The clean rows of a preview, signed for the confirmation step."""
    rows = [
        [r.row_number, r.name, r.first_name, r.last_name, r.club, r.country,
         r.ema_number]
        for r in preview.rows
    ]  # fmt: skip
    return signing.dumps(
        {"t": tournament.pk, "rows": rows}, salt=_TOKEN_SALT, compress=True
    )


def preview_from_token(tournament: Tournament, token: str) -> ImportPreview:
    """The preview signed by ``preview_token``; ``ServiceError`` if expired,
    tampered with, or signed for another tournament."""
    try:
        data = signing.loads(token, salt=_TOKEN_SALT, max_age=TOKEN_MAX_AGE_S)
    except signing.BadSignature as error:
        raise ServiceError("import_expired") from error
    if data.get("t") != tournament.pk:
        raise ServiceError("import_expired")
    rows = tuple(ImportRow(*values) for values in data["rows"])
    return ImportPreview(rows, ())
