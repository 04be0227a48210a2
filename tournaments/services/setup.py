"""Tournaments, players, registrations and rounds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.text import slugify

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import AnyRuleSet, get_ruleset, option_presets_of
from scoring.engine.standings import clean_tiebreaks
from tournaments.imports.names import split_full_name
from tournaments.imports.players import split_pasted_line
from tournaments.limits import MAX_PLAYERS_AT_ONCE
from tournaments.models import (
    Hand,
    Registration,
    Round,
    Table,
    Tournament,
)
from tournaments.services.audit import Actor, record_event
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows
from tournaments.services.player_batches import find_or_create_players
from tournaments.services.tables import lock_round


@transaction.atomic
def create_tournament(
    *,
    name: str,
    actor: Actor,
    slug: str = "",
    rounds_count: int = 4,
    ruleset: str = "mcr",
    ruleset_options: Mapping[str, Any] | None = None,
    preset: str = "",
    **fields: Any,
) -> Tournament:
    """Create a tournament with its rounds; the actor becomes its organiser.

    ``preset`` names settings of the rule set to start from (riichi's
    ``"ema"``, ``"modern"``); ``ruleset_options`` override them. The rule
    set checks the result.
    """
    rule_set = get_ruleset(ruleset)
    options = dict(preset_options(rule_set, preset))
    options.update(ruleset_options or {})
    rule_set.clean_options(options)
    if not 1 <= rounds_count <= 40:
        raise ServiceError("bad_rounds_count", field="rounds_count", value=rounds_count)
    tournament = create_with_free_slug(
        slug or slugify(name) or "tournament",
        name=name,
        rounds_count=rounds_count,
        ruleset=ruleset,
        ruleset_options=options,
        **fields,
    )
    Round.objects.bulk_create(
        Round(tournament=tournament, number=n) for n in range(1, rounds_count + 1)
    )
    if actor is not None and actor.is_authenticated:
        tournament.organisers.add(actor)
    record_event(
        tournament=tournament,
        action="tournament.create",
        obj=tournament,
        actor=actor,
        after={"name": name, "ruleset": ruleset, "rounds": rounds_count},
    )
    return tournament


def preset_options(rule_set: AnyRuleSet, preset: str) -> Mapping[str, Any]:
    """The settings named ``preset`` (none for a blank name); a name the
    rule set does not have is not one of its settings (``unknown_option``)."""
    if not preset:
        return {}
    presets = option_presets_of(rule_set)
    if preset not in presets:
        raise EngineError("unknown_option", field="preset", option=preset)
    return presets[preset]


UPDATABLE = (
    "name", "city", "country", "start_date", "end_date", "session_minutes",
    "seating_mode", "is_public", "ruleset_options", "tiebreaks", "rounds_count",
    "mers_weight", "uses_checkin", "self_checkin_opens_at", "players_confirm_tables",
)  # fmt: skip


@transaction.atomic
def update_tournament(
    *, tournament_id: int, actor: Actor, **changes: Any
) -> Tournament:
    """Change a tournament's settings; rounds are added or dropped as needed.

    Rounds can only be dropped while they have no tables.
    """
    tournament = lock_rows(Tournament.objects.filter(pk=tournament_id)).get()
    unknown = set(changes) - set(UPDATABLE)
    if unknown:
        raise ServiceError("unknown_setting", field=min(unknown), setting=min(unknown))
    if "ruleset_options" in changes:
        _check_options_change(tournament, changes["ruleset_options"])
    if "tiebreaks" in changes:
        clean_tiebreaks(changes["tiebreaks"])
    if "rounds_count" in changes:
        _resize_rounds(tournament, changes["rounds_count"])
    before = {field: _jsonable(getattr(tournament, field)) for field in changes}
    for field, value in changes.items():
        setattr(tournament, field, value)
    tournament.save()
    record_event(
        tournament=tournament,
        action="tournament.update",
        obj=tournament,
        actor=actor,
        before=before,
        after={field: _jsonable(value) for field, value in changes.items()},
    )
    return tournament


def _check_options_change(tournament: Tournament, options: Mapping[str, Any]) -> None:
    """Validate new rule-set options; they are frozen once a hand is stored.

    Stored hands are re-validated with the options whenever their table is
    rebuilt, so raising the minimum after play started would orphan them.
    """
    get_ruleset(tournament.ruleset).clean_options(dict(options))
    if dict(options) == tournament.ruleset_options:
        return
    if options_frozen(tournament):
        raise ServiceError("options_frozen", field="ruleset_options")


def options_frozen(tournament: Tournament) -> bool:
    """True once a hand is stored: the rule-set options can no longer change."""
    return Hand.objects.filter(table__round__tournament=tournament).exists()


def _jsonable(value: Any) -> Any:
    """Dates and decimals as text, for the audit trail's JSON."""
    if isinstance(value, Decimal):
        return str(value)
    return value.isoformat() if hasattr(value, "isoformat") else value


def _resize_rounds(tournament: Tournament, count: int) -> None:
    if not 1 <= count <= 40:
        raise ServiceError("bad_rounds_count", field="rounds_count", value=count)
    dropped = tournament.rounds.filter(number__gt=count)
    if dropped.filter(tables__isnull=False).exists():
        raise ServiceError("round_has_tables", field="rounds_count", value=count)
    dropped.delete()
    existing = tournament.rounds.count()
    Round.objects.bulk_create(
        Round(tournament=tournament, number=n) for n in range(existing + 1, count + 1)
    )


SLUG_ATTEMPTS = 20


def create_with_free_slug(base: str, **fields: Any) -> Tournament:
    """Create the tournament under the first free slug from ``base``.

    The check and the insert are two statements: a same-name tournament
    created in between takes the slug, the insert fails on the unique
    constraint (in a savepoint, so the transaction goes on) and the next
    free slug is tried.
    """
    for _attempt in range(SLUG_ATTEMPTS):
        slug = _unique_slug(base)
        try:
            with transaction.atomic():
                return Tournament.objects.create(slug=slug, **fields)
        except IntegrityError:
            if not Tournament.objects.filter(slug=slug).exists():
                raise  # another constraint: not a race on the slug
    raise ServiceError("slug_taken", field="slug", slug=base)


def _unique_slug(base: str) -> str:
    slug, n = base[:60], 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, n = f"{base[:55]}-{n}", n + 1
    return slug


@transaction.atomic
def register_players(
    *, tournament: Tournament, players: Iterable[Mapping[str, str]], actor: Actor
) -> list[Registration]:
    """Register players (dicts of Player fields); already registered ones are kept.

    All or nothing: one bad row raises ``ServiceError`` and nothing is saved.
    At most ``MAX_PLAYERS_AT_ONCE`` rows, found or created in bulk
    (``player_batches``), so that a long list stays a few dozen queries. The
    tournament row is locked first: registrations made at once get
    consecutive numbers, and the same new player is created once.
    """
    rows = list(players)
    check_player_count(len(rows))
    lock_rows(Tournament.objects.filter(pk=tournament.pk)).get()
    next_number = (tournament.registrations.aggregate(m=Max("number"))["m"] or 0) + 1
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    created = []
    for player in find_or_create_players(rows):
        if player.pk not in registered:
            registered.add(player.pk)
            created.append(
                Registration(tournament=tournament, player=player, number=next_number)
            )
            next_number += 1
    Registration.objects.bulk_create(created)
    record_event(
        tournament=tournament,
        action="players.register",
        obj=tournament,
        actor=actor,
        after={"registered": [r.player_id for r in created]},
    )
    return created


def check_player_count(count: int) -> None:
    """Refuse a list longer than ``MAX_PLAYERS_AT_ONCE`` before reading it."""
    if count > MAX_PLAYERS_AT_ONCE:
        raise ServiceError(
            "too_many_players", field="players", max=MAX_PLAYERS_AT_ONCE, count=count
        )


def parse_player_lines(text: str) -> list[dict[str, str]]:
    """Read a pasted list: one player a line, ``First Last[, club[, country[, EMA]]]``.

    Fields and names are read as the organiser's pasted list reads them
    (``imports.players.split_pasted_line`` and ``names.split_full_name``:
    particles stay with the last name, "Last, First" on a line separated by
    semicolons or tabs). A name of one word is a last name alone.
    """
    players = []
    for line in text.splitlines():
        parts = split_pasted_line(line)
        if not parts or not parts[0]:
            continue
        first, last = split_full_name(parts[0])
        players.append(
            {
                "first_name": first,
                "last_name": last,
                "club": parts[1] if len(parts) > 1 else "",
                "country": parts[2] if len(parts) > 2 else "",
                "ema_number": parts[3] if len(parts) > 3 else "",
            }
        )
    return players


@transaction.atomic
def set_registration_status(
    *, registration: Registration, status: str, actor: Actor
) -> Registration:
    """Withdraw a player, make them a substitute, or bring them back."""
    if status not in Registration.Status.values:
        raise ServiceError("unknown_status", field="status", status=status)
    before = {"status": registration.status}
    registration.status = status
    registration.save(update_fields=["status"])
    record_event(
        tournament=registration.tournament,
        action="registration.status",
        obj=registration,
        actor=actor,
        before=before,
        after={"status": status},
    )
    return registration


@transaction.atomic
def finish_round(*, round_id: int, actor: Actor) -> Round:
    """Finish a round once every table is closed; scores then stand.

    Locks the tournament, the round, then every table of the round: a hand,
    close or reopen in flight at a table commits first, and one that waited
    reads the round finished.
    """
    round_ = lock_round(round_id)
    tables = list(lock_rows(Table.objects.filter(round=round_)))
    if not tables:
        raise ServiceError("round_not_seated", round=round_.number)
    open_tables = sorted(table.number for table in tables if not table.is_closed)
    if open_tables:
        raise ServiceError(
            "tables_still_open",
            round=round_.number,
            tables=", ".join(str(n) for n in open_tables),
        )
    round_.status = Round.Status.FINISHED
    round_.save(update_fields=["status"])
    tournament = round_.tournament
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.RUNNING
    if not tournament.rounds.exclude(status=Round.Status.FINISHED).exists():
        tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    record_event(tournament=tournament, action="round.finish", obj=round_, actor=actor)
    return round_


@transaction.atomic
def reopen_round(*, round_id: int, actor: Actor) -> Round:
    """Reopen a finished round so that a late correction can be made."""
    round_ = lock_round(round_id)
    if round_.status != Round.Status.FINISHED:
        raise ServiceError("round_not_finished", round=round_.number)
    round_.status = Round.Status.PLAYING
    round_.save(update_fields=["status"])
    tournament = round_.tournament
    if tournament.status == Tournament.Status.FINISHED:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    record_event(
        tournament=round_.tournament, action="round.reopen", obj=round_, actor=actor
    )
    return round_
