"""Leagues and their events: create a league, add a tournament, settings."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from leagues.errors import LeagueError
from leagues.models import League, LeagueEvent
from leagues.season import RankingRule
from leagues.services.audit import record_league_event
from scoring.engine.rulesets import get_ruleset
from scoring.engine.standings import clean_tiebreaks
from tournaments.models import Tournament
from tournaments.services import setup
from tournaments.services.audit import Actor
from tournaments.services.errors import ServiceError
from tournaments.services.locks import lock_rows

SETTINGS = (
    "name", "season_start", "season_end", "ranking_rule", "min_sessions",
    "best_sessions", "tiebreaks", "ruleset", "is_public",
)  # fmt: skip


#: The bounds of the numbers of sessions (the pages' and the API's too):
#: within the column (a small integer), and more than any season plays.
SESSION_COUNTS = {"min_sessions": (0, 1000), "best_sessions": (1, 1000)}
RULE_FIELDS = {
    "unknown_ranking_rule": "ranking_rule",
    "bad_min_sessions": "min_sessions",
    "bad_best_sessions": "best_sessions",
}


def check_settings(fields: dict[str, Any]) -> None:
    """The numbers within their bounds, a season that ends after it starts;
    the ranking rule, tie-breaks and rule set, checked by the engines. Every
    refusal names its field."""
    for field, (low, high) in SESSION_COUNTS.items():
        value = fields.get(field)
        if value is not None and not low <= value <= high:
            raise ServiceError(
                "setting_out_of_range",
                field=field,
                value=value,
                minimum=low,
                maximum=high,
            )
    start, end = fields.get("season_start"), fields.get("season_end")
    if start is not None and end is not None and end < start:
        raise ServiceError(
            "season_ends_before_start",
            field="season_end",
            start=start.isoformat(),
            end=end.isoformat(),
        )
    try:
        RankingRule(
            kind=fields.get("ranking_rule", "total"),
            min_sessions=fields.get("min_sessions", 0),
            best=fields.get("best_sessions", 10),
        )
    except LeagueError as error:
        field = RULE_FIELDS.get(error.code, "ranking_rule")
        raise ServiceError(error.code, field=field, **error.params) from None
    clean_tiebreaks(fields.get("tiebreaks") or ())
    get_ruleset(fields.get("ruleset", "mcr"))


@transaction.atomic
def create_league(
    *, name: str, actor: Actor, slug: str = "", clubs: Any = (), **fields: Any
) -> League:
    """Create a league; the actor becomes its organiser."""
    unknown = set(fields) - set(SETTINGS)
    if unknown:
        raise ServiceError("unknown_setting", field=min(unknown), setting=min(unknown))
    check_settings(fields)
    base = (slug or slugify(name) or "league")[:60]
    # A short name chosen is kept or refused; one made from the name takes
    # the first free variant (two clubs' "Winter league").
    candidates = [base] if slug else [base, *(f"{base[:55]}-{n}" for n in range(2, 21))]
    for candidate in candidates:
        try:
            with transaction.atomic():
                league = League.objects.create(name=name, slug=candidate, **fields)
            break
        except IntegrityError:
            continue
    else:
        raise ServiceError("league_slug_taken", field="slug", slug=base)
    league.clubs.set(clubs)
    if actor is not None and actor.is_authenticated:
        league.organisers.add(actor)
    record_league_event(
        league=league,
        action="league.create",
        obj=league,
        actor=actor,
        after={"name": name, "slug": league.slug, **_jsonable(fields)},
    )
    return league


@transaction.atomic
def update_league(*, league_id: int, actor: Actor, **changes: Any) -> League:
    """Change a league's settings (the standings follow at once)."""
    league = lock_rows(League.objects.filter(pk=league_id)).get()
    unknown = set(changes) - set(SETTINGS)
    if unknown:
        raise ServiceError("unknown_setting", field=min(unknown), setting=min(unknown))
    before = {field: getattr(league, field) for field in changes}
    check_settings({**{f: getattr(league, f) for f in SETTINGS}, **changes})
    for field, value in changes.items():
        setattr(league, field, value)
    league.save()
    record_league_event(
        league=league,
        action="league.update",
        obj=league,
        actor=actor,
        before=_jsonable(before),
        after=_jsonable(changes),
    )
    if "is_public" in changes:
        _publish_nights(league, changes["is_public"], actor)
    return league


def _publish_nights(league: League, public: bool, actor: Actor) -> None:
    """A night is created with its league's visibility and has no other
    life: it follows a change, audited on each night (which also moves the
    careers' cache versions). Tournaments counted in the league keep their
    own."""
    nights = Tournament.objects.filter(
        league_events__league=league, league_events__kind=LeagueEvent.Kind.NIGHT
    ).exclude(is_public=public)
    for tournament_id in nights.values_list("pk", flat=True):
        setup.update_tournament(
            tournament_id=tournament_id, actor=actor, is_public=public
        )


def _jsonable(fields: dict[str, Any]) -> dict[str, Any]:
    return {
        key: value.isoformat() if isinstance(value, date) else value
        for key, value in fields.items()
    }


@transaction.atomic
def add_event(
    *, league: League, tournament: Tournament, actor: Actor, kind: str = ""
) -> LeagueEvent:
    """Count an existing tournament in the league (its date: its start)."""
    lock_rows(League.objects.filter(pk=league.pk)).get()
    if league.events.filter(tournament=tournament).exists():
        raise ServiceError(
            "event_already_in_league", field="tournament", tournament=tournament.name
        )
    event = LeagueEvent.objects.create(
        league=league,
        tournament=tournament,
        kind=kind or LeagueEvent.Kind.TOURNAMENT,
        day=tournament.start_date or tournament.created_at.date(),
    )
    record_league_event(
        league=league,
        action="league.add_event",
        obj=event,
        actor=actor,
        after={"tournament": tournament.pk, "kind": event.kind},
    )
    return event


@transaction.atomic
def remove_event(*, event: LeagueEvent, actor: Actor) -> None:
    """Stop counting an event in the league; the tournament stays."""
    record_league_event(
        league=event.league,
        action="league.remove_event",
        obj=event,
        actor=actor,
        before={"tournament": event.tournament_id, "kind": event.kind},
    )
    event.delete()
