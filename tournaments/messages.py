"""The tournaments layer's catalogue: words for the codes of its services
and of the pure seating engine (the player import's row problems have theirs
in ``tournaments.imports.messages``).

The scoring layer keeps its own (``scoring.messages``); ``error_message``
reads both, and a test checks that no code is in two catalogues and that
every code any layer raises has a text in English and in French.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scoring.engine.errors import EngineError
from scoring.messages import ENGINE_MESSAGES, describe, render, ruleset_label
from tournaments.imports.messages import IMPORT_MESSAGES

SERVICE_MESSAGES: dict[str, Any] = {
    "unknown_table": _("There is no table %(table)s."),
    # The id is the database's: meaningless to the person reading this.
    "unknown_hand": _("This hand no longer exists: it was deleted or never recorded."),
    "penalty_not_found": _(
        "This penalty no longer exists: it was removed or never recorded."
    ),
    "slug_taken": _("Too many tournaments are named “%(slug)s”: choose a short name."),
    "round_finished": _("Round %(round)s is finished: this sheet is read-only."),
    "round_not_started": _(
        "Round %(round)s has not started yet: round %(current)s is still being played."
    ),
    "clock_already_started": _(
        "The clock of round %(round)s has already started: pause or reset it."
    ),
    "clock_not_running": _("The clock of round %(round)s is not running."),
    "clock_not_paused": _("The clock of round %(round)s is not paused."),
    "bad_extra_minutes": _("Give between 1 and %(max)s extra minutes."),
    "table_closed": _("Table %(table)s is closed: reopen it to change a score."),
    "table_open": _("Table %(table)s is not closed."),
    "stale_version": _(
        "Someone else changed this in the meantime (version %(current)s, you "
        "edited version %(expected)s). Reload and try again."
    ),
    "idempotency_key_reused": _(
        "This request key was already used for hand %(hand)s with another result."
    ),
    "idempotency_key_too_long": _(
        "The Idempotency-Key header is too long (at most %(max)s characters)."
    ),
    "penalty_key_reused": _(
        "This request key was already used for another penalty at this table."
    ),
    "too_many_players": _(
        "Register at most %(max)s players at once (this list has %(count)s)."
    ),
    "first_name_too_long": _(
        "The first name is too long (at most %(max)s characters)."
    ),
    "last_name_too_long": _("The last name is too long (at most %(max)s characters)."),
    "table_not_seated": _("Table %(table)s does not have four players."),
    "player_not_at_table": _("Player %(player)s does not sit at this table."),
    # Plural texts name the parameter that chooses the form ("hands").
    "session_over": ngettext_lazy(
        "The session is over: %(hands)s hand was played.",
        "The session is over: %(hands)s hands were played.",
        "hands",
    ),
    "session_not_over": ngettext_lazy(
        "Only %(hands)s hand was played: call time to close the table early.",
        "Only %(hands)s hands were played: call time to close the table early.",
        "hands",
    ),
    "bad_seat_winds": _("Seat winds must be the four winds E, S, W, N once each."),
    "bad_wind": _("Unknown wind %(value)s."),
    "unknown_penalty_kind": _("Unknown penalty kind %(kind)s."),
    "bad_rounds_count": _("A tournament has between 1 and 40 rounds."),
    "unknown_status": _("Unknown status %(status)s."),
    # Check-in and table confirmations (issue 30)
    "unknown_registration": _("This player is not registered in this tournament."),
    "self_checkin_not_used": _(
        "Self check-in is not open for this tournament: see the organisers at the door."
    ),
    "self_checkin_not_open": _("Self check-in opens at %(opens)s."),
    "checkin_withdrawn": _("%(player)s is withdrawn: see the organisers at the door."),
    "absent_players": ngettext_lazy(
        "%(count)s player has not checked in (%(players)s): confirm their "
        "withdrawal to seat round 1.",
        "%(count)s players have not checked in (%(players)s): confirm their "
        "withdrawal to seat round 1.",
        "count",
    ),
    # The waiting list at the door of round 1 (issue 30)
    "not_on_waiting_list": _("%(name)s is not on this event's waiting list."),
    "door_same_player_unanswered": _(
        "%(name)s may be the known player %(player)s: say whether it is the "
        "same person."
    ),
    "waiting_list_over_capacity": ngettext_lazy(
        "Only %(free)s place is free once the absentees are withdrawn: choose "
        "fewer players from the waiting list.",
        "Only %(free)s places are free once the absentees are withdrawn: choose "
        "fewer players from the waiting list.",
        "free",
    ),
    "waiting_list_round_one_only": _(
        "Players come in from the waiting list at the door of round 1, in an "
        "event that uses check-in."
    ),
    "too_many_admissions": _(
        "Let at most %(max)s players in from the waiting list at once."
    ),
    "door_count_not_multiple_of_four": ngettext_lazy(
        "With %(admitted)s player from the waiting list, %(count)s players would "
        "sit at round 1: not a multiple of four (%(more)s more or %(fewer)s "
        "fewer would do). Change who comes in from the waiting list, or add "
        "substitutes.",
        "With %(admitted)s players from the waiting list, %(count)s players would "
        "sit at round 1: not a multiple of four (%(more)s more or %(fewer)s "
        "fewer would do). Change who comes in from the waiting list, or add "
        "substitutes.",
        "admitted",
    ),
    "confirmations_not_used": _("Players do not confirm their tables in this event."),
    "table_not_closed_for_confirmation": _(
        "Table %(table)s is still playing: its scores are confirmed once it is closed."
    ),
    "confirmation_unknown_kind": _("Answer “confirm” or “dispute”."),
    "round_not_seated": _("Round %(round)s has no tables yet."),
    "tables_still_open": _("Round %(round)s still has open tables: %(tables)s."),
    "round_not_finished": _("Round %(round)s is not finished."),
    "round_already_played": _(
        "Round %(round)s has started: it cannot be seated again."
    ),
    "earlier_round_not_seated": _("Seat round %(round)s first."),
    "seating_changed": _(
        "The seating of round %(round)s changed meanwhile (this swap was maybe "
        "already made): look at the tables again."
    ),
    "round_not_swappable": _(
        "Players can only be swapped before round %(round)s starts."
    ),
    "player_not_in_round": _("Player %(player)s does not play this round."),
    "same_player": _("Choose two different players."),
    "table_started": _(
        "Table %(table)s has started (a hand is recorded or it is closed): "
        "%(player)s can no longer be swapped."
    ),
    "unknown_round": _("There is no round %(round)s."),
    "seating_already_running": _(
        "A seating job is already running: wait for it or cancel it."
    ),
    "no_result_form": _(
        "Hands under %(ruleset)s are not entered this way: use the table's own page."
    ),
    "tiles_disagree_with_result": _(
        "The tiles say the hand was self-drawn and the result does not (or the "
        "reverse)."
    ),
    "tiles_value_disagree": _(
        "The tiles count %(tiles)s for %(field)s, the result says %(entered)s: "
        "correct one of them."
    ),
    "table_changed_hand": _(
        "Someone else recorded hand %(hand)s at this table; here is the sheet as "
        "it stands."
    ),
    "table_changed": _(
        "Someone else changed this table's sheet; here is the sheet as it stands."
    ),
    "options_frozen": _(
        "Hands have been recorded: the rule-set options can no longer change."
    ),
    "unknown_export_kind": _("Unknown export kind."),
    "unknown_language": _("Unknown language."),
    "unknown_separator": _("Unknown separator: use comma or semicolon."),
    "job_lost": _("The job stopped with the worker that ran it: start it again."),
    "import_expired": _(
        "This preview has expired or belongs to another tournament: send the "
        "players again."
    ),
    "import_has_problems": _(
        "The list has problems: correct the lines the preview marks and send it again."
    ),
    # Publishing to another Muraille (services/publishing.py)
    "publish_bad_url": _(
        "“%(url)s” is not the address of a Muraille: give it as "
        "https://muraille.example.org/ (http or https)."
    ),
    "publish_url_credentials": _(
        "The address must not contain a user name or password: give the API "
        "token in its own field."
    ),
    "publish_no_token": _("Give the API token of your account on the other Muraille."),
    "publish_bad_token_format": _(
        "This API token cannot be right: it contains spaces or unusual characters."
    ),
    "publish_unknown_host": _(
        "No server named %(host)s was found: check the address and the "
        "internet connection."
    ),
    "publish_unreachable": _(
        "The other Muraille (%(host)s) cannot be reached: check the address and "
        "the internet connection, then try again."
    ),
    "publish_timeout": _(
        "The other Muraille (%(host)s) did not answer in time: try again later. "
        "If it took the event meanwhile, publishing again changes nothing."
    ),
    "publish_tls_error": _(
        "The secure connection to %(host)s failed (%(reason)s): check the "
        "address, or the date and time of this computer."
    ),
    "publish_connection_lost": _(
        "The connection to %(host)s was cut before its answer: try again. "
        "Publishing again changes nothing if the event arrived."
    ),
    "publish_redirected": _(
        "The other Muraille sends this address elsewhere (%(location)s): give "
        "that address instead."
    ),
    "publish_bad_token": _(
        "The other Muraille refused the API token: copy it again from your "
        "account there."
    ),
    "publish_forbidden": _(
        "The account of this API token may not publish this event on the other "
        "Muraille: it must be an organiser there (and of this event, if it is "
        "already there)."
    ),
    "publish_not_muraille": _(
        "No Muraille taking events answers at this address (HTTP %(status)s): "
        "check the address, or ask for the other Muraille to be updated."
    ),
    "publish_too_large": _(
        "The other Muraille refused the event as too large: ask its "
        "administrator to accept larger requests, or carry the archive file."
    ),
    "publish_throttled": _(
        "The other Muraille asks to wait before sending again: try again in a minute."
    ),
    "publish_server_error": _(
        "The other Muraille failed while taking the event (HTTP %(status)s): "
        "nothing was changed there; try again later or tell its administrator."
    ),
    "publish_refused": _("The other Muraille refused the event: %(detail)s"),
    "publish_unexpected_status": _(
        "The other Muraille answered with an unexpected HTTP %(status)s."
    ),
    "publish_not_json": _(
        "The answer at this address is not a Muraille's (HTTP %(status)s): check "
        "the address."
    ),
    # An event archive uploaded on the dashboard (views/staff_events.py)
    "event_upload_too_large": _(
        "This file is too large for an event archive (at most %(limit)s bytes)."
    ),
    "event_upload_not_json": _(
        "This file is not a Muraille event archive: it is not a JSON document. "
        "Choose the .muraille.json file the other Muraille wrote."
    ),
    "event_upload_expired": _(
        "This preview has expired or was not yours: upload the archive again."
    ),
    "unknown_setting": _("Unknown setting %(setting)s."),
    "round_has_tables": _(
        "Rounds beyond %(value)s are already seated: they cannot be removed."
    ),
    "plan_published": _("This plan is already published."),
    "plan_not_ready": _("This plan cannot be changed or published now (%(status)s)."),
    # services.player_merges
    "merge_same_player": _("Choose two different players."),
    "merge_both_played": _(
        "Both players are registered in %(tournaments)s: one person cannot "
        "play twice in a tournament, so they are not the same person."
    ),
    "merge_unlike_names": _(
        "“%(first)s” and “%(second)s” are not the same name: confirm that "
        "they are one person to merge them."
    ),
    "merge_two_ema_numbers": _(
        "The players hold two EMA numbers (%(first)s and %(second)s): they "
        "are two people."
    ),
    "unknown_player": _("There is no player %(player)s."),
    # Public registration (services.signups).
    "too_many_questions": _("Ask at most %(max)s questions."),
    "bad_question_label": _(
        "Question %(row)s needs a text of at most %(max)s characters."
    ),
    "bad_question_kind": _(
        "Question %(row)s must be answered by yes or no, or by a short text."
    ),
    "bad_question_key": _("Question %(row)s repeats the key of another question."),
    "signup_date_out_of_range": _(
        "Give a date between the years %(earliest)s and %(latest)s."
    ),
    "signup_dates_reversed": _("Registration must close after it opens."),
    "bad_capacity": _("Give between 1 and %(max)s places."),
    "bad_retention_days": _("Keep the personal data between 0 and %(max)s days."),
    "signup_not_pending": _(
        "Only a registration holding a place and not yet confirmed can be confirmed."
    ),
    "signup_closed": _("This registration is cancelled or refused."),
    "signups_not_open": _("Registration for this tournament is not open."),
    "signups_closed": _("Registration for this tournament is closed."),
    "event_started": _(
        "The tournament has started: the results stay, and your e-mail and "
        "answers are erased after the organiser's retention."
    ),
    "unknown_signup": _("There is no such registration."),
    "club_too_long": _("The club's name is too long (at most %(max)s characters)."),
    "malformed_email": _("Give a valid e-mail address."),
    "malformed_answers": _("The answers must be given by question."),
    "unknown_question": _("“%(key)s” is not a question of this form."),
    "answer_not_yes_no": _("Answer question “%(key)s” by yes or no."),
    "bad_answer_text": _(
        "The answer to “%(key)s” is too long (at most %(max)s characters)."
    ),
    "already_signed_up": _(
        "This player is already registered with this e-mail: use the private "
        "link you received to change the registration."
    ),
    "likely_player_unanswered": _(
        "A known player, %(player)s, may be this registrant: say whether it is "
        "the same person."
    ),
    "ema_number_taken": _(
        "The EMA number %(ema_number)s is another player's: check it with the "
        "registrant."
    ),
}


# The pure seating engine's codes (``tournaments.seating``), some of which
# the services raise too, with the same parameters.
SEATING_MESSAGES: dict[str, Any] = {
    "player_count_not_multiple_of_four": ngettext_lazy(
        "%(count)s players cannot sit at tables of four: add "
        "%(substitutes_needed)s substitute or withdraw players.",
        "%(count)s players cannot sit at tables of four: add "
        "%(substitutes_needed)s substitutes or withdraw players.",
        "substitutes_needed",
    ),
    "not_enough_players": _("%(count)s players: a seating needs at least %(minimum)s."),
    "duplicate_player": _("Player %(player)s is listed twice."),
    "bad_player_id": _("%(value)s is not a player of this tournament."),
    "bad_ranking": _("The ranking given to the seating is not readable."),
    "bad_round_index": _("%(round_index)s is not a round number."),
    "bad_rounds_to_plan": _(
        "%(rounds_to_plan)s rounds cannot be planned from this round."
    ),
    "bad_rounds_total": _(
        "The plan would end at round %(last_round)s, after the last round "
        "(%(rounds_total)s)."
    ),
    "swiss_plans_one_round": _(
        "A Swiss seating plans one round at a time (each waits for the results of "
        "the one before), not %(rounds_to_plan)s."
    ),
    "bad_pin": _(
        "Player %(player)s cannot be pinned to table %(table)s: there are "
        "%(tables)s tables, four seats each."
    ),
    "malformed_history": _(
        "The seating of round %(round)s already played is not readable."
    ),
    "unknown_mode": _("“%(mode)s” is not a seating mode."),
    "bad_time_limit": _("The seating needs a time limit above zero."),
    "bad_request": _("The seating request is not readable (%(field)s)."),
    "invalid_json": _("The seating request is not JSON: %(reason)s"),
}

# The event archive's codes (``tournaments.archive``'s reader and
# ``services.archive``); ``path`` names the record, as in the file.
ARCHIVE_MESSAGES: dict[str, Any] = {
    "archive_not_muraille": _(
        "This file is not a Muraille event archive (its “format” is not "
        "“muraille-event”)."
    ),
    "archive_not_json": _("This file is not JSON: %(reason)s"),
    "archive_version_unsupported": _(
        "This archive is of version %(version)s; this Muraille reads versions "
        "up to %(supported)s. Update this Muraille, or export the event again "
        "from a Muraille of the same version."
    ),
    "archive_bad_type": _("%(path)s: a value of type %(expected)s is expected."),
    "archive_unknown_key": _("%(path)s: this key is not part of the archive format."),
    "archive_missing_key": _("%(path)s is missing."),
    "archive_too_long": _("%(path)s is too long (at most %(max)s characters)."),
    "archive_blank": _("%(path)s is empty."),
    "archive_out_of_range": _(
        "%(path)s is %(value)s: it must be between %(min)s and %(max)s."
    ),
    "archive_bad_choice": _("%(path)s is “%(value)s”, which is none of: %(choices)s."),
    "archive_bad_date": _("%(path)s is not a date (YYYY-MM-DD): “%(value)s”."),
    "archive_bad_time": _(
        "%(path)s is not a time with its UTC offset (ISO 8601): “%(value)s”."
    ),
    "archive_too_many": _("%(path)s has more than %(max)s entries."),
    "archive_bad_uid": _("%(path)s is not an identity (UUID): “%(value)s”."),
    "archive_bad_slug": _(
        "%(path)s “%(value)s” is not a short name (letters, digits and dashes)."
    ),
    "archive_bad_decimal": _("%(path)s is not a weight such as “1.00”: %(value)s."),
    "archive_duplicate": _("%(path)s: “%(value)s” appears twice."),
    "archive_duplicate_player": _(
        "%(path)s: EMA number %(value)s is also registration %(registration)s's."
    ),
    "archive_bad_ema_number": _(
        "%(path)s: “%(value)s” is not an EMA number (8 digits, or empty)."
    ),
    "archive_rule_refused": _("%(path)s: %(reason)s"),
    "archive_bad_numbering": _("%(path)s: number %(expected)s was expected here."),
    "archive_rounds_count": _(
        "The archive has %(count)s rounds; its event says %(expected)s."
    ),
    "archive_seated_twice": _(
        "%(path)s: registration %(registration)s sits twice in round %(round)s."
    ),
    "archive_bad_seats": _(
        "%(path)s: a table has four seats, East, South, West and North in this order."
    ),
    "archive_unknown_registration": _(
        "%(path)s: there is no registration %(registration)s in the archive."
    ),
    "archive_not_seated": _(
        "%(path)s: registration %(registration)s does not sit at table %(table)s."
    ),
    "archive_disagrees_with_result": _(
        "%(path)s does not say what the hand's result says (%(expected)s)."
    ),
    "archive_bad_winds": _("%(path)s: “%(value)s” is not a wind (E, S, W, N)."),
    "archive_unknown_table": _(
        "%(path)s: the archive has no table %(table)s in round %(round)s."
    ),
    "archive_ema_number_conflict": _(
        "%(path)s: EMA number %(ema_number)s belongs here to %(known)s, not to "
        "%(name)s. Correct the number or the name at the venue and export again."
    ),
    "archive_same_player": _(
        "Registrations %(first)s and %(second)s are the same player here "
        "(%(name)s): give them EMA numbers, or correct the names."
    ),
    "archive_not_organiser": _(
        "This event (%(slug)s) already exists here and you are not one of its "
        "organisers: ask one of them to import it."
    ),
    "archive_may_not_create": _(
        "Importing a new event needs the organiser permission on this Muraille."
    ),
}

CATALOGUES: tuple[dict[str, Any], ...] = (
    ENGINE_MESSAGES,
    SEATING_MESSAGES,
    IMPORT_MESSAGES,
    SERVICE_MESSAGES,
    ARCHIVE_MESSAGES,
)
"""Every code of every layer, each in exactly one of these (a rule set's
own codes are in its words, ``RuleSetWords.errors``, which ``describe``
reads)."""


def error_message(error: Any) -> str:
    """The translated sentence for a ServiceError, EngineError or SeatingError
    (or anything with a ``code`` and ``params``); an unknown code as itself."""
    if isinstance(error, EngineError):
        return describe(error)
    if error.code == "archive_rule_refused":
        return _rule_refused(error)
    for catalogue in CATALOGUES:
        if error.code in catalogue:
            template = catalogue[error.code]
            break
    else:
        template = None
    params = dict(error.params)
    if "ruleset" in params:
        params["ruleset"] = ruleset_label(str(params["ruleset"]))
    return render(template, error.code, getattr(error, "field", None), params)


def _rule_refused(error: Any) -> str:
    """The archive's record at ``path`` in the rule set's own words."""
    params = dict(error.params)
    path = params.pop("path", "")
    rule = params.pop("rule", "")
    rules = params.pop("rules", None)
    reason = describe(EngineError(rule, field=None, **params), rules)
    return render(
        ARCHIVE_MESSAGES["archive_rule_refused"],
        error.code,
        None,
        {"path": path, "reason": reason},
    )
