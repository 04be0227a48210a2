"""The JSON document to archive values, every record checked.

``parse`` refuses the whole archive at its first problem (``ArchiveError``
with the path of the record): types, required and unknown keys, the format
and version, bounds, numbering, and the references between records (a seat's
registration exists, a hand's winner sits at its table). Hand results and
penalties are read by the event's own rule set, as the receiving side will
score them. The tables are in ``play.py``.
"""

from __future__ import annotations

import re
import uuid
from decimal import Decimal, InvalidOperation

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet, get_ruleset
from scoring.engine.standings import clean_tiebreaks
from tournaments.archive import limits
from tournaments.archive.errors import ArchiveError, rule_refused
from tournaments.archive.nodes import Node
from tournaments.archive.play import Rules, parse_audit, parse_rounds
from tournaments.archive.records import (
    FORMAT,
    VERSION,
    EventArchive,
    EventSettings,
    PlayerRecord,
    RegistrationRecord,
)

_SLUG = re.compile(r"^[-a-zA-Z0-9_]+$")
_DECIMAL = re.compile(r"^\d{1,2}(\.\d{1,2})?$")
_EMA_NUMBER = re.compile(r"^(\d{8})?$")
"""Eight digits or none, as the house stores them (``normalise_ema_number``)."""

TOP_KEYS = ("format", "version", "event", "registrations", "rounds", "audit")
EVENT_KEYS = (
    "uid", "slug", "name", "city", "country", "start_date", "end_date",
    "ruleset", "ruleset_options", "rounds_count", "session_minutes",
    "seating_mode", "status", "is_public", "mers_weight", "tiebreaks",
    "created_at",
)  # fmt: skip
REGISTRATION_KEYS = ("number", "status", "table_pin", "player")
PLAYER_KEYS = (
    "first_name", "last_name", "club", "club_country", "country", "ema_number",
)  # fmt: skip


def parse(document: object) -> EventArchive:
    """The archive in ``document`` (``json.loads``'s value), or
    ``ArchiveError`` naming the first problem."""
    _check_header(document)
    top = Node(document, "", TOP_KEYS)
    event, rules = _event(Node(top.raw("event"), "event", EVENT_KEYS))
    registrations = _registrations(top)
    numbers = {registration.number for registration in registrations}
    rounds = parse_rounds(top, rules, numbers, event.rounds_count)
    tables = {(r.number, t.number) for r in rounds for t in r.tables}
    audit = parse_audit(top, tables)
    return EventArchive(event, registrations, rounds, audit)


def _check_header(document: object) -> None:
    """Format and version first: a newer archive is refused by its version,
    not by the first key this reader does not know."""
    if not isinstance(document, dict):
        raise ArchiveError("archive_not_muraille", "")
    if document.get("format") != FORMAT:
        raise ArchiveError("archive_not_muraille", "format")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ArchiveError("archive_bad_type", "version", expected="integer")
    if version > VERSION:
        raise ArchiveError(
            "archive_version_unsupported", "version", version=version, supported=VERSION
        )


def _event(node: Node) -> tuple[EventSettings, Rules]:
    ruleset, options = _rule_set(node)
    tiebreaks = [_tiebreak(item, path) for item, path in node.items("tiebreaks", 20)]
    try:
        clean_tiebreaks(tiebreaks)
    except EngineError as error:
        raise rule_refused(node.at("tiebreaks"), error) from None
    event = EventSettings(
        uid=_uid(node),
        slug=_slug(node),
        name=node.string("name", limits.NAME_LENGTH, blank=False),
        city=node.string("city", limits.CITY_LENGTH),
        country=node.string("country", limits.COUNTRY_LENGTH),
        start_date=node.day("start_date"),
        end_date=node.day("end_date"),
        ruleset=ruleset.code,
        ruleset_options=options,
        rounds_count=node.integer("rounds_count", 1, limits.MAX_ROUNDS),
        session_minutes=node.integer("session_minutes", 1, limits.SMALL_INT),
        seating_mode=node.choice("seating_mode", limits.SEATING_MODES),
        status=node.choice("status", limits.TOURNAMENT_STATUSES),
        is_public=node.boolean("is_public"),
        mers_weight=_decimal(node, "mers_weight"),
        tiebreaks=tuple(tiebreaks),
        created_at=node.moment("created_at", nullable=True),
    )
    return event, Rules(ruleset, ruleset.clean_options(options))


def _rule_set(node: Node) -> tuple[AnyRuleSet, dict[str, object]]:
    code = node.string("ruleset", limits.RULESET_LENGTH, blank=False)
    options = node.mapping("ruleset_options") or {}
    try:
        ruleset = get_ruleset(code)
    except EngineError as error:
        raise rule_refused(node.at("ruleset"), error) from None
    try:
        ruleset.clean_options(options)
    except EngineError as error:
        raise rule_refused(node.at("ruleset_options"), error) from None
    return ruleset, options


def _tiebreak(value: object, path: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise ArchiveError("archive_bad_type", path, expected="string")
    return value


def _uid(node: Node) -> str:
    value = node.string("uid", 36, blank=False)
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise ArchiveError("archive_bad_uid", node.at("uid"), value=value) from None


def _slug(node: Node) -> str:
    value = node.string("slug", limits.SLUG_LENGTH, blank=False)
    if not _SLUG.fullmatch(value):
        raise ArchiveError("archive_bad_slug", node.at("slug"), value=value)
    return value


def _decimal(node: Node, key: str) -> Decimal | None:
    value = node.raw(key)
    if value is None:
        return None
    if not isinstance(value, str) or not _DECIMAL.fullmatch(value):
        raise ArchiveError("archive_bad_decimal", node.at(key), value=str(value)[:20])
    try:
        return Decimal(value)
    except InvalidOperation:  # pragma: no cover: the pattern admits decimals only
        raise ArchiveError("archive_bad_decimal", node.at(key), value=value) from None


def _registrations(top: Node) -> tuple[RegistrationRecord, ...]:
    found: list[RegistrationRecord] = []
    numbers: set[int] = set()
    ema_numbers: dict[str, int] = {}
    for item, path in top.items("registrations", limits.MAX_REGISTRATIONS):
        node = Node(item, path, REGISTRATION_KEYS)
        number = node.integer("number", 1, limits.BIG_INT)
        if number in numbers:
            raise ArchiveError("archive_duplicate", node.at("number"), value=number)
        numbers.add(number)
        player = _player(Node(node.raw("player"), node.at("player"), PLAYER_KEYS))
        if player.ema_number:
            if player.ema_number in ema_numbers:
                raise ArchiveError(
                    "archive_duplicate_player",
                    node.at("player.ema_number"),
                    value=player.ema_number,
                    registration=ema_numbers[player.ema_number],
                )
            ema_numbers[player.ema_number] = number
        found.append(
            RegistrationRecord(
                number=number,
                status=node.choice("status", limits.REGISTRATION_STATUSES),
                table_pin=node.optional_integer("table_pin", 1, limits.SMALL_INT),
                player=player,
            )
        )
    return tuple(found)


def _player(node: Node) -> PlayerRecord:
    ema_number = node.string("ema_number", 16)
    if not _EMA_NUMBER.fullmatch(ema_number):
        raise ArchiveError(
            "archive_bad_ema_number", node.at("ema_number"), value=ema_number
        )
    return PlayerRecord(
        first_name=node.string("first_name", limits.PERSON_NAME_LENGTH).strip(),
        last_name=node.string(
            "last_name", limits.PERSON_NAME_LENGTH, blank=False
        ).strip(),
        club=node.string("club", limits.CLUB_LENGTH).strip(),
        club_country=node.string("club_country", limits.COUNTRY_LENGTH),
        country=node.string("country", limits.COUNTRY_LENGTH),
        ema_number=ema_number,
    )
