"""Every audit action is recorded by the service that owns it.

Export freshness and the audit trail read these events by action name, so a
renamed or dropped action must fail here. Each scenario drives one service and
names the object the event must point to; a last test reads the services'
source and requires a scenario for every action they can record.
"""

from __future__ import annotations

import ast
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from tests.factories import player_ids
from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tests.integration.signups.helpers import open_registration, sign_up
from tests.integration.test_hands_revalued import SOUTH_PUNG
from tournaments.models import (
    AuditEvent,
    Hand,
    Player,
    Registration,
    Round,
    Table,
    Tournament,
)
from tournaments.selectors.archive import build_archive
from tournaments.services import (
    archive,
    checkin,
    clock,
    confirmations,
    hand_checks,
    hand_seating,
    hands,
    imports,
    penalties,
    player_merges,
    seating,
    seating_plans,
    setup,
    signups,
)

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

SERVICES = Path(__file__).resolve().parents[2] / "tournaments" / "services"


@dataclass
class World:
    """Eight players seated at two tables in round 1 of four."""

    organiser: Any
    tournament: Tournament
    tables: list[Table]
    players: list[Registration]
    capture: Any

    @property
    def round(self) -> Round:
        return self.tables[0].round

    def ids(self, table: int = 0) -> list[int]:
        return [r.player_id for r in self.players[4 * table : 4 * table + 4]]


@pytest.fixture
def world(organiser, django_capture_on_commit_callbacks) -> World:
    tournament = organised(organiser, seating_mode="no-repeat")
    players = named_players(tournament, EIGHT)
    tables = seat_round(tournament, 1, [players[:4], players[4:]])
    return World(
        organiser, tournament, tables, players, django_capture_on_commit_callbacks
    )


def discard(world: World, fans: int = 8) -> dict[str, Any]:
    east, south, _, _ = world.ids()
    return {
        "kind": "discard",
        "winner": east,
        "discarder": south,
        "fan_total": fans,
        "flowers": 0,
    }


def _hand(world: World) -> Any:
    hand, _ = hands.record_hand(
        table_id=world.tables[0].pk, result=discard(world), actor=world.organiser
    )
    return hand


def _penalty(world: World) -> Any:
    penalty, _ = penalties.add_penalty(
        table_id=world.tables[0].pk,
        player_id=world.ids()[0],
        kind="referee",
        points=10,
        actor=world.organiser,
    )
    return penalty


def _closed_round(world: World) -> Round:
    for table in world.tables:
        hands.close_table(table_id=table.pk, actor=world.organiser, time_called=True)
    return setup.finish_round(round_id=world.round.pk, actor=world.organiser)


def _ready_plan(world: World) -> Any:
    with world.capture(execute=True):
        plan = seating_plans.start_seating(
            tournament_id=world.tournament.pk,
            first_round=2,
            rounds=1,
            seed=5,
            actor=world.organiser,
        )
    plan.refresh_from_db()
    return plan


def _plan_swap(world: World) -> Any:
    plan = _ready_plan(world)
    tables = plan.rounds[0]
    player = dict(world.tournament.registrations.values_list("pk", "player_id"))
    return seating_plans.swap_in_plan(
        plan_id=plan.pk,
        round_number=2,
        first=player[tables[0][0]],
        second=player[tables[1][0]],
        actor=world.organiser,
    )


def _created_tournament(world: World) -> Tournament:
    return setup.create_tournament(name="Spring Open", actor=world.organiser)


def _import(world: World) -> Tournament:
    data = b"First name;Last name;Club;Country;EMA\r\nIda;Jung;;France;\r\n"
    preview = imports.preview_upload("players.csv", len(data), lambda: data)
    imports.import_players(
        tournament=world.tournament, preview=preview, actor=world.organiser
    )
    return world.tournament


def _import_archive(world: World) -> Tournament:
    """The event carried to another Muraille: a copy under a new identity."""
    document = build_archive(world.tournament)
    document["event"]["uid"] = str(uuid.uuid4())
    outcome = archive.import_archive(document=document, actor=world.organiser)
    return outcome.tournament


def _registration_status(world: World) -> Registration:
    registration = world.players[0]
    return setup.set_registration_status(
        registration=registration, status="withdrawn", actor=world.organiser
    )


def _round_clock(*steps: str) -> Callable[[World], Round]:
    """Run clock services in order (``extend`` gives five minutes)."""

    def run(world: World) -> Round:
        round_id, actor = world.round.pk, world.organiser
        for step in steps:
            if step == "extend":
                clock.extend_clock(round_id=round_id, minutes=5, actor=actor)
            else:
                getattr(clock, f"{step}_clock")(round_id=round_id, actor=actor)
        return Round.objects.get(pk=round_id)

    return run


def _update(world: World) -> Tournament:
    return setup.update_tournament(
        tournament_id=world.tournament.pk, actor=world.organiser, name="Renamed"
    )


def _register(world: World) -> Tournament:
    players = [{"first_name": "Ida", "last_name": "Jung"}]
    setup.register_players(
        tournament=world.tournament, players=players, actor=world.organiser
    )
    return world.tournament


def _cancel(world: World) -> Any:
    plan = _ready_plan(world)
    return seating_plans.cancel_seating(plan_id=plan.pk, actor=world.organiser)


def _publish(world: World) -> Any:
    plan = _ready_plan(world)
    return seating_plans.publish_seating(plan_id=plan.pk, actor=world.organiser)


def _swap(world: World) -> Round:
    seating.swap_players(
        round_id=world.round.pk,
        first=world.ids(0)[0],
        second=world.ids(1)[0],
        actor=world.organiser,
    )
    return world.round


def _by_hand(world: World) -> Round:
    """Round 2 seated from tables given by the organiser (a club night)."""
    ids = [registration.pk for registration in world.players]
    return hand_seating.seat_round_by_hand(
        round_id=world.tournament.rounds.get(number=2).pk,
        tables=[ids[4:], ids[:4]],
        actor=world.organiser,
    )


def _new_link(world: World) -> Table:
    return seating.rotate_table_token(
        table_id=world.tables[0].pk, actor=world.organiser
    )


def _correct(world: World) -> Any:
    hand = _hand(world)
    return hands.correct_hand(
        hand_id=hand.pk,
        expected_version=hand.version,
        result=discard(world, fans=12),
        actor=world.organiser,
    )


def _delete(world: World) -> Any:
    hand = _hand(world)
    hands.delete_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=world.organiser
    )
    return hand


def _washout_then_win(world: World, tiles: dict[str, Any] | None = None) -> Any:
    """Hand 1 a washout, hand 2 won by the third seat (South in hand 2) by
    ``tiles`` or typed points; hand 1 deleted: hand 2's winds change."""
    table = world.tables[0]
    _e, _s, west, north = player_ids(table)
    hands.record_hand(table_id=table.pk, result={"kind": "draw"}, actor=world.organiser)
    result = {"kind": "discard", "winner": west, "discarder": north}
    hand, _ = hands.record_hand(
        table_id=table.pk,
        result=result if tiles else {**result, "fan_total": 10},
        tiles=tiles,
        actor=world.organiser,
    )
    _delete_first(world)
    return hand


def _delete_first(world: World) -> None:
    first = Hand.objects.get(table=world.tables[0], number=1)
    hands.delete_hand(hand_id=first.pk, expected_version=1, actor=world.organiser)


def _revalue(world: World) -> Any:
    return _washout_then_win(world, SOUTH_PUNG)


def _confirm(world: World) -> Any:
    hand = Hand.objects.get(pk=_washout_then_win(world).pk)
    return hand_checks.confirm_hand(
        hand_id=hand.pk, expected_version=hand.version, actor=world.organiser
    )


def _remove_penalty(world: World) -> Any:
    penalty = _penalty(world)
    penalties.remove_penalty(penalty_id=penalty.pk, actor=world.organiser)
    return penalty


def _close(world: World) -> Table:
    """Time called: the session need not be over."""
    table = world.tables[0]
    hands.close_table(table_id=table.pk, actor=world.organiser, time_called=True)
    return table


def _reopen_table(world: World) -> Table:
    table = _close(world)
    hands.reopen_table(table_id=table.pk, actor=world.organiser)
    return table


def _reopen_round(world: World) -> Round:
    round_ = _closed_round(world)
    return setup.reopen_round(round_id=round_.pk, actor=world.organiser)


def _check_in(world: World) -> Registration:
    return checkin.set_present(
        tournament_id=world.tournament.pk,
        registration_id=world.players[0].pk,
        present=True,
        actor=world.organiser,
    )


def _undo_check_in(world: World) -> Registration:
    _check_in(world)
    return checkin.set_present(
        tournament_id=world.tournament.pk,
        registration_id=world.players[0].pk,
        present=False,
        actor=world.organiser,
    )


def _table_answer(kind: str) -> Callable[[World], Any]:
    """The first player of a closed table confirms or disputes its scores."""

    def run(world: World) -> Any:
        Tournament.objects.filter(pk=world.tournament.pk).update(
            players_confirm_tables=True
        )
        _close(world)
        return confirmations.answer_table(
            table_id=world.tables[0].pk,
            registration_id=world.players[0].pk,
            kind=kind,
            actor=world.organiser,
        )

    return run


def _answers_cleared(world: World) -> Table:
    """A hand corrected after a player confirmed: the answers are cleared."""
    hand = _hand(world)
    _table_answer("confirm")(world)
    hands.reopen_table(table_id=world.tables[0].pk, actor=world.organiser)
    hands.correct_hand(
        hand_id=hand.pk,
        expected_version=hand.version,
        result=discard(world, fans=12),
        actor=world.organiser,
    )
    return world.tables[0]


def _at_the_door(world: World) -> tuple[Any, Any]:
    """Round 1 of the world's event at the door: Ann (registered online) and
    the last player are absent, Bob comes in from the waiting list. Returns
    Bob's new registration and Ann's sign-up."""
    tournament = world.tournament
    Tournament.objects.filter(pk=tournament.pk).update(uses_checkin=True)
    tournament.refresh_from_db()
    open_registration(tournament, world.organiser, capacity=1)
    ann = sign_up(tournament, "Ann Registrant")
    signups.confirm_signup(signup_id=ann.pk, actor=world.organiser)
    bob = sign_up(tournament, "Bob Waiting")
    present = [r.pk for r in world.players[:7]]
    Registration.objects.filter(pk__in=present).update(checked_in_at=timezone.now())
    seating.generate_seating(
        round_id=world.round.pk,
        actor=world.organiser,
        withdraw_absent=True,
        admit_waiting=[checkin.Admission(bob.pk)],
    )
    bob.refresh_from_db()
    ann.refresh_from_db()
    return bob.registration, ann


#: Each action the services record, and how to make one record it.
def _merge(world: World) -> Player:
    """A registered player merged into a namesake row never registered."""
    drop = world.players[0].player
    keep = Player.objects.create(first_name=drop.first_name, last_name=drop.last_name)
    player_merges.merge_players(keep_id=keep.pk, drop_id=drop.pk, actor=world.organiser)
    return keep


def _signup_options(world: World) -> Any:
    return open_registration(world.tournament, world.organiser)


def _signup(world: World) -> Any:
    open_registration(world.tournament, world.organiser)
    return sign_up(world.tournament, "Ann Registrant")


def _signup_confirm(world: World) -> Any:
    signup = _signup(world)
    return signups.confirm_signup(signup_id=signup.pk, actor=world.organiser)


def _signup_refuse(world: World) -> Any:
    signup = _signup(world)
    return signups.refuse_signup(signup_id=signup.pk, actor=world.organiser)


def _signup_paid(world: World) -> Any:
    signup = _signup(world)
    return signups.set_signup_paid(
        signup_id=signup.pk, actor=world.organiser, paid=True
    )


SCENARIOS: dict[str, Callable[[World], Any]] = {
    "signup.options": _signup_options,
    "signup.confirm": _signup_confirm,
    "signup.refuse": _signup_refuse,
    "signup.paid": _signup_paid,
    "tournament.create": _created_tournament,
    "tournament.update": _update,
    "players.register": _register,
    "players.import": _import,
    "registration.status": _registration_status,
    "seating.start": _ready_plan,
    "seating.cancel": _cancel,
    "seating.plan_swap": _plan_swap,
    "seating.publish": _publish,
    "seating.swap": _swap,
    "seating.by_hand": _by_hand,
    "table.new_link": _new_link,
    "hand.record": _hand,
    "hand.correct": _correct,
    "hand.delete": _delete,
    "hand.revalue": _revalue,
    "hand.flag": _washout_then_win,
    "hand.confirm": _confirm,
    "event.import": _import_archive,
    "penalty.add": _penalty,
    "penalty.remove": _remove_penalty,
    "table.close": _close,
    "table.reopen": _reopen_table,
    "player.merge": _merge,
    "round.finish": _closed_round,
    "round.reopen": _reopen_round,
    "clock.start": _round_clock("start"),
    "clock.pause": _round_clock("start", "pause"),
    "clock.resume": _round_clock("start", "pause", "resume"),
    "clock.extend": _round_clock("start", "extend"),
    "clock.reset": _round_clock("start", "reset"),
    "checkin.mark": _check_in,
    "checkin.undo": _undo_check_in,
    "confirmation.confirm": _table_answer("confirm"),
    "confirmation.dispute": _table_answer("dispute"),
    "confirmation.clear": _answers_cleared,
    "checkin.admit": lambda world: _at_the_door(world)[0],
    "signup.no_show": lambda world: _at_the_door(world)[1],
}


@pytest.mark.parametrize("action", sorted(SCENARIOS))
def test_the_service_records_its_action(world, action):
    """One event of the action, on the object changed, by the organiser."""
    obj = SCENARIOS[action](world)
    events = AuditEvent.objects.filter(action=action)
    assert events.count() == 1, action
    event = events.get()
    assert (event.object_type, event.object_id) == (type(obj).__name__.lower(), obj.pk)
    assert event.actor == world.organiser
    expected = obj if isinstance(obj, Tournament) else world.tournament
    assert event.tournament_id == expected.pk


def recorded_actions() -> set[str]:
    """Every action string the services pass to ``record_event``, directly or
    through a helper that takes an ``action`` argument."""
    trees = [ast.parse(path.read_text()) for path in sorted(SERVICES.glob("*.py"))]
    takes_action = {"record_event": -1}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in node.args.args]
                if "action" in names or any(
                    a.arg == "action" for a in node.args.kwonlyargs
                ):
                    index = names.index("action") if "action" in names else -1
                    takes_action.setdefault(node.name, index)
    actions = set()
    for tree in trees:
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            name = getattr(call.func, "id", getattr(call.func, "attr", ""))
            index = takes_action.get(name)
            if index is None:
                continue
            values = [k.value for k in call.keywords if k.arg == "action"]
            if 0 <= index < len(call.args):
                values.append(call.args[index])
            actions |= {
                v.value
                for v in values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            }
    return actions


def test_every_action_the_services_record_has_a_scenario():
    """A new or renamed action needs its scenario above."""
    found = recorded_actions()
    assert len(found) >= 20
    assert found == set(SCENARIOS)
