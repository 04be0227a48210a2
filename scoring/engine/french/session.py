"""Penalties and session results of the rule sets where every hand scores.

Shared by the French classic rule sets and the encyclopaedia scoring
(``SessionRules``): a session is ``hands_per_session`` hands or ends when
time is called, it ranks by total score, and table points are a tournament
choice (4/2/1/0 by rank, tied seats sharing, or none at all).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from scoring.engine.base import BaseRuleSet, HandValue
from scoring.engine.errors import EngineError
from scoring.engine.facts import HandFacts
from scoring.engine.french.words import POINTS
from scoring.engine.mcr import payments as mcr_payments
from scoring.engine.mcr.options import McrOptions
from scoring.engine.session import competition_ranks, share_place_points
from scoring.engine.types import SEATS, DealState, Deltas, SessionOutcome

TABLE_POINTS = (4, 2, 1, 0)
REFEREE = mcr_payments.REFEREE


class SessionOptions(Protocol):
    """The settings ``SessionRules`` reads."""

    @property
    def hands_per_session(self) -> int: ...

    @property
    def table_points(self) -> bool: ...


class SessionRules(BaseRuleSet[Any, Any]):
    """The session methods of the rule-set contract for these rule sets."""

    #: The language their pages open in for a visitor who chose none: the
    #: rules are played in French clubs, in the words of the rule documents.
    first_language = "fr"

    def hands_per_session(self, options: Any) -> int | None:
        return int(options.hands_per_session)

    #: Each player's own hand points, won or not (``WORDS.stats``).
    stats_figures = ("winning_hand_points", "other_hand_points")

    def hand_facts(
        self, result: Mapping[str, object], breakdown: object = None
    ) -> HandFacts:
        """Each seat's hand score, as ``hand_sheets`` stored it."""
        scores = breakdown.get("scores") if isinstance(breakdown, dict) else None
        if not isinstance(scores, list) or len(scores) != SEATS:
            return HandFacts()
        if not all(isinstance(score, int) for score in scores):
            return HandFacts()
        return HandFacts(hand_scores=tuple(scores))

    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        """The Mah-Jong player's hand score (``scores``, each seat's hand
        score before any settlement); ``None`` when nobody won."""
        winner = self.winning_seat(result)
        if winner is None or scores is None:
            return None
        return HandValue(int(scores[winner]), POINTS)

    def winning_seat(self, result: Mapping[str, object]) -> int | None:
        """The seat that went Mah-Jong in a stored result."""
        winner = result.get("winner")
        return winner if isinstance(winner, int) else None

    #: The only kind ``penalty_deltas`` prices: the tablet offers no other.
    penalty_kinds: tuple[str, ...] = (REFEREE,)

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: SessionOptions
    ) -> Deltas:
        """``"referee"``: the offender loses ``points`` (required, positive).

        Nobody receives them: the rule documents name no penalty, so the
        referee decides the amount. The rule is MCR's referee penalty.
        """
        if kind != REFEREE:
            raise EngineError("unknown_penalty", field="kind", kind=kind)
        return mcr_payments.penalty_deltas(kind, offender, points, McrOptions())

    def session_over(
        self,
        hands_played: int,
        deal: DealState | None,
        options: SessionOptions,
        *,
        time_called: bool,
        scores: tuple[int, int, int, int] | None = None,
    ) -> bool:
        """Over after ``hands_per_session`` hands, or once time is called
        (the running ``scores`` play no part here)."""
        return time_called or hands_played >= options.hands_per_session

    def ranking(self, options: SessionOptions) -> tuple[str, ...]:
        """The total score first (issue 13: standings rank by total score,
        then the tournament's tie-breaks, where table points may stand)."""
        return ("score",)

    def session_result(
        self, scores: tuple[int, int, int, int], options: SessionOptions
    ) -> SessionOutcome:
        """Ranks by score; 4/2/1/0 shared on ties, or zero table points."""
        if options.table_points:
            ranks, points = share_place_points(scores, TABLE_POINTS)
            return SessionOutcome(ranks=ranks, table_points=points)
        ranks = competition_ranks(scores)
        return SessionOutcome(ranks=ranks, table_points=(Fraction(0),) * SEATS)
