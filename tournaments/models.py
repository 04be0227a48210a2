"""Tournament data: who plays, where they sit, what each hand gave.

Models hold fields, choices, constraints and small properties. Every write
that changes a score goes through ``tournaments.services``.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Iterable
from fractions import Fraction
from typing import Protocol, TypeVar

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.imports.names import join_name


class _HasWind(Protocol):
    wind: str


SeatT = TypeVar("SeatT", bound=_HasWind)

WIND_CHOICES = [
    ("E", _("East")),
    ("S", _("South")),
    ("W", _("West")),
    ("N", _("North")),
]
WINDS = "ESWN"


def in_wind_order(seats: Iterable[SeatT]) -> list[SeatT]:
    """Seats East, South, West, North: the engine's seat indexes 0..3."""
    return sorted(seats, key=lambda seat: WINDS.index(seat.wind))


def new_table_token() -> str:
    return secrets.token_urlsafe(16)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    country = models.CharField(_("country"), max_length=3, blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    first_name = models.CharField(_("first name"), max_length=80, blank=True)
    last_name = models.CharField(_("last name"), max_length=80)
    club = models.ForeignKey(
        Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL
    )
    country = models.CharField(_("country"), max_length=3, blank=True)
    ema_number = models.CharField(_("EMA number"), max_length=8, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["ema_number"],
                condition=~Q(ema_number=""),
                name="player_unique_ema_number",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return join_name(self.first_name, self.last_name)


class Tournament(models.Model):
    class SeatingMode(models.TextChoices):
        RANDOM = "random", _("Random")
        NO_REPEAT = "no-repeat", _("Nobody meets twice")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    # The event's identity on every Muraille it is carried to (the event
    # archive): the slug may differ there, this never does.
    uid = models.UUIDField(
        _("identity"), default=uuid.uuid4, unique=True, editable=False
    )
    name = models.CharField(_("name"), max_length=160)
    city = models.CharField(_("city"), max_length=80, blank=True)
    country = models.CharField(_("country"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    ruleset = models.CharField(_("rule set"), max_length=40, default="mcr")
    ruleset_options = models.JSONField(_("rule set options"), default=dict, blank=True)
    rounds_count = models.PositiveSmallIntegerField(_("number of rounds"), default=4)
    session_minutes = models.PositiveSmallIntegerField(
        _("session length (minutes)"), default=120
    )
    seating_mode = models.CharField(
        _("seating"), max_length=20, choices=SeatingMode, default=SeatingMode.RANDOM
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.DRAFT
    )
    # Private until the organiser publishes it: a half-prepared event (names,
    # clubs, EMA numbers) is not for everyone to read.
    is_public = models.BooleanField(_("public"), default=False)
    mers_weight = models.DecimalField(
        _("MERS weight"),
        max_digits=4,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(0)],
        help_text=_("The weight the EMA gave this tournament in its ranking."),
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"),
        default=list,
        blank=True,
        help_text=_("Ranking keys in order; empty for the rule set's default."),
    )
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisers"),
        related_name="organised_tournaments",
        blank=True,
    )
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("referees"),
        related_name="refereed_tournaments",
        blank=True,
    )
    # Check-in on the day (issue 30): when in use, round 1 seats the players
    # who checked in; the others are withdrawn once the organiser confirms.
    uses_checkin = models.BooleanField(_("check players in on the day"), default=False)
    self_checkin_opens_at = models.DateTimeField(
        _("self check-in opens at"),
        null=True,
        blank=True,
        help_text=_("Players check themselves in from the entrance QR code from then."),
    )
    # The players sign their table's final scores on the tablet.
    players_confirm_tables = models.BooleanField(
        _("players confirm their table's scores"), default=False
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        SUBSTITUTE = "substitute", _("Substitute")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="registrations",
        on_delete=models.CASCADE,
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        related_name="registrations",
        on_delete=models.PROTECT,
    )
    number = models.PositiveIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.ACTIVE
    )
    table_pin = models.PositiveSmallIntegerField(
        _("always at table"),
        null=True,
        blank=True,
        help_text=_("For accessibility: the player sits at this table every round."),
    )
    # Check-in (issue 30): when the player was marked present, null if not.
    checked_in_at = models.DateTimeField(_("checked in at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="registration_unique_player"
            ),
            models.UniqueConstraint(
                fields=["tournament", "number"], name="registration_unique_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.player}"

    @property
    def ranks(self) -> bool:
        return self.status != self.Status.SUBSTITUTE


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        SEATED = "seated", _("Seated")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    class SeatingState(models.TextChoices):
        """The round's seating as the pages show it (from its latest plan)."""

        IDLE = "idle", _("Not started")
        PENDING = "pending", _("Waiting for a worker")
        RUNNING = "running", _("Seating")
        READY = "ready", _("Plan ready for review")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="rounds",
        on_delete=models.CASCADE,
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.PLANNED
    )
    seating_stats = models.JSONField(_("seating figures"), default=dict, blank=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    # The session clock: time run so far is clock_elapsed_s plus, while it
    # runs, now - clock_started_at (see tournaments/clock.py).
    clock_started_at = models.DateTimeField(
        _("clock running since"), null=True, blank=True
    )
    clock_elapsed_s = models.PositiveIntegerField(
        _("clock seconds run before"), default=0
    )
    clock_extra_minutes = models.PositiveSmallIntegerField(
        _("extra minutes for every table"), default=0
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_unique_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"

    @property
    def seating_plan(self) -> SeatingPlan | None:
        """The latest seating plan that covers this round, if any.

        Found by ``selectors.seating.attach_seating_plans`` (one query for a
        whole list of rounds): a model property never queries, so a round
        read without it raises rather than costing a query per round.
        """
        try:
            return self.__dict__["_seating_plan"]  # type: ignore[no-any-return]
        except KeyError:
            raise RuntimeError(
                "Round.seating_plan: call selectors.seating.attach_seating_plans first"
            ) from None

    @property
    def seating_state(self) -> str:
        plan = self.seating_plan
        if plan is None:
            return self.SeatingState.IDLE
        if plan.status == SeatingPlan.Status.PUBLISHED:
            return self.SeatingState.DONE
        return self.SeatingState(plan.status)

    def get_seating_state_display(self) -> str:
        return str(self.SeatingState(self.seating_state).label)

    @property
    def seating_progress(self) -> int:
        plan = self.seating_plan
        return plan.progress if plan else 0

    @property
    def seating_error(self) -> str:
        plan = self.seating_plan
        return plan.error if plan else ""


class SeatingPlan(models.Model):
    """A seating job and the plan it produced, reviewed before publication.

    ``rounds`` holds one list of tables per planned round (round
    ``first_round`` first); a table is four Registration ids in seat order
    East, South, West, North. Publishing writes them as Tables and Seats.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a worker")
        RUNNING = "running", _("Searching")
        READY = "ready", _("Ready to publish")
        PUBLISHED = "published", _("Published")
        CANCELLED = "cancelled", _("Cancelled")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="seating_plans",
        on_delete=models.CASCADE,
    )
    first_round = models.PositiveSmallIntegerField(_("first round"))
    rounds_count = models.PositiveSmallIntegerField(_("rounds planned"))
    mode = models.CharField(_("seating"), max_length=20)
    seed = models.BigIntegerField(_("seed"))
    publish_when_ready = models.BooleanField(_("publish when ready"), default=False)
    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.PENDING
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    task_id = models.CharField(_("job id"), max_length=64, blank=True)
    # Every progress report of a running job stamps it: a job whose worker
    # died stops beating, and services.jobs sends it again.
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    rounds = models.JSONField(_("planned tables"), default=list, blank=True)
    stats = models.JSONField(_("figures"), default=dict, blank=True)
    #: What the job asked the engine, in the format of ``python -m
    #: tournaments.seating``: running it again gives the same plan.
    request = models.JSONField(_("engine request"), default=dict, blank=True)
    error = models.CharField(_("error"), max_length=60, blank=True)
    error_params = models.JSONField(_("error details"), default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("seating plan")
        verbose_name_plural = _("seating plans")

    def __str__(self) -> str:
        last = self.first_round + self.rounds_count - 1
        return f"{self.tournament} · {self.first_round}–{last} · {self.status}"

    @property
    def is_active(self) -> bool:
        return self.status in (self.Status.PENDING, self.Status.RUNNING)

    @property
    def round_numbers(self) -> list[int]:
        return list(range(self.first_round, self.first_round + self.rounds_count))


class Table(models.Model):
    round = models.ForeignKey(
        Round, verbose_name=_("round"), related_name="tables", on_delete=models.CASCADE
    )
    number = models.PositiveSmallIntegerField(_("number"))
    token = models.CharField(
        _("tablet secret"), max_length=40, unique=True, default=new_table_token
    )
    is_closed = models.BooleanField(_("closed"), default=False)
    time_called = models.BooleanField(_("time called"), default=False)
    version = models.PositiveIntegerField(_("version"), default=1)
    extra_minutes = models.PositiveSmallIntegerField(
        _("extra minutes for this table"), default=0
    )

    class Meta:
        # By the column, not the relation: ordering by "round" would join the
        # round and the tournament (their own orderings) into every query of
        # a table's rows, and the room runs those with every hand.
        ordering = ["round_id", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="table_unique_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.round} · {_('table')} {self.number}"


class Seat(models.Model):
    """A player at a table; ``wind`` is the seat's starting wind (seat index)."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), related_name="seats", on_delete=models.CASCADE
    )
    round = models.ForeignKey(
        Round, verbose_name=_("round"), related_name="seats", on_delete=models.CASCADE
    )
    registration = models.ForeignKey(
        Registration,
        verbose_name=_("player"),
        related_name="seats",
        on_delete=models.PROTECT,
    )
    wind = models.CharField(_("starting wind"), max_length=1, choices=WIND_CHOICES)

    class Meta:
        ordering = ["table_id", "wind"]  # no join: see Table's ordering
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="seat_unique_wind"),
            models.UniqueConstraint(
                fields=["round", "registration"], name="seat_one_per_player_per_round"
            ),
            models.CheckConstraint(
                condition=Q(wind__in=list(WINDS)), name="seat_wind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_wind_display()}: {self.registration.player}"

    @property
    def index(self) -> int:
        """The seat's index 0..3 for the scoring engine (East first)."""
        return WINDS.index(self.wind)


class Hand(models.Model):
    class Kind(models.TextChoices):
        DISCARD = "discard", _("Win on a discard")
        SELF_DRAW = "self_draw", _("Self-drawn win")
        DRAW = "draw", _("Washout")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), related_name="hands", on_delete=models.CASCADE
    )
    number = models.PositiveSmallIntegerField(_("hand number"))
    prevalent_wind = models.CharField(
        _("prevalent wind"), max_length=1, choices=WIND_CHOICES
    )
    seat_winds = models.CharField(
        _("seat winds"),
        max_length=4,
        help_text=_("The wind of each seat, in starting-wind order, e.g. ESWN."),
    )
    # Named integers some rule sets carry from hand to hand (riichi: honba
    # and the deposits on the table); empty for MCR.
    counters = models.JSONField(_("hand counters"), default=dict, blank=True)
    winds_corrected = models.BooleanField(_("winds corrected by hand"), default=False)
    # Set by the rebuild when the winds of a hand whose points were typed
    # (no tiles to count again) changed under it; cleared by a correction
    # or the referee's confirmation.
    needs_check = models.BooleanField(_("points to check"), default=False)
    kind = models.CharField(_("result"), max_length=20, choices=Kind)
    winner = models.ForeignKey(
        Seat,
        verbose_name=_("winner"),
        related_name="+",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
    )
    discarder = models.ForeignKey(
        Seat,
        verbose_name=_("discarder"),
        related_name="+",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
    )
    result = models.JSONField(_("result as the rule set reads it"), default=dict)
    deltas = models.JSONField(_("payments by seat"), default=list)
    tiles = models.JSONField(_("tiles"), null=True, blank=True)
    fans = models.JSONField(_("fan breakdown"), null=True, blank=True)
    # NULL, not "", when absent: the unique constraint ignores NULLs.
    idempotency_key = models.CharField(  # noqa: DJ001
        _("idempotency key"), max_length=80, null=True, blank=True
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    version = models.PositiveIntegerField(_("version"), default=1)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["table_id", "number"]  # no join: see Table's ordering
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="hand_unique_number"
            ),
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="hand_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {_('hand')} {self.number}"


class Penalty(models.Model):
    class Kind(models.TextChoices):
        FALSE_HU = "false_hu", _("False Hu (paid to the other three)")
        REFEREE = "referee", _("Referee penalty (offender only)")
        CHOMBO = "chombo", _("Chombo (deducted from the final score)")

    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        related_name="penalties",
        on_delete=models.CASCADE,
    )
    seat = models.ForeignKey(
        Seat,
        verbose_name=_("offender"),
        related_name="penalties",
        on_delete=models.PROTECT,
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
    points = models.PositiveIntegerField(_("points"))
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    deltas = models.JSONField(_("effect by seat"), default=list)
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("referee"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    # The referee's name when the account is not here: a penalty carried
    # from another Muraille by the event archive.
    referee_label = models.CharField(_("referee (name)"), max_length=120, blank=True)
    # NULL, not "", when absent: the unique constraint ignores NULLs.
    idempotency_key = models.CharField(  # noqa: DJ001
        _("idempotency key"), max_length=80, null=True, blank=True
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["table_id", "created_at", "pk"]  # no join: see Table's
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "idempotency_key"],
                condition=Q(idempotency_key__isnull=False),
                name="penalty_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} · {self.seat.registration.player}"


class SeatResult(models.Model):
    """One seat's session result, rebuilt with every change at its table."""

    seat = models.OneToOneField(
        Seat, verbose_name=_("seat"), related_name="result", on_delete=models.CASCADE
    )
    registration = models.ForeignKey(
        Registration,
        verbose_name=_("player"),
        related_name="results",
        on_delete=models.CASCADE,
    )
    round = models.ForeignKey(
        Round, verbose_name=_("round"), related_name="results", on_delete=models.CASCADE
    )
    hand_points = models.IntegerField(_("hand points"), default=0)
    penalty_points = models.IntegerField(_("penalty points"), default=0)
    score = models.IntegerField(_("session score"), default=0)
    rank = models.PositiveSmallIntegerField(_("rank at the table"), default=1)
    table_points_x12 = models.IntegerField(_("table points × 12"), default=0)

    class Meta:
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")

    def __str__(self) -> str:
        return f"{self.seat}: {self.score}"

    @property
    def table_points(self) -> Fraction:
        return Fraction(self.table_points_x12, 12)


class BuiltFile(models.Model):
    """A file built by a worker, kept for download: the tournaments' results
    files and the leagues' workbooks.

    The bytes live in the database so that any web process can serve a file
    that any worker built, without a shared file system.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a worker")
        RUNNING = "running", _("Building")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.PENDING
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    task_id = models.CharField(_("job id"), max_length=64, blank=True)
    # Every progress report of a running job stamps it: a job whose worker
    # died stops beating, and services.jobs sends it again.
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    filename = models.CharField(_("file name"), max_length=200, blank=True)
    content = models.BinaryField(_("content"), null=True, blank=True)
    error = models.CharField(_("error"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-pk"]


class ExportFile(BuiltFile):
    """A tournament's results file (workbook or standings CSV)."""

    class Kind(models.TextChoices):
        XLSX = "xlsx", _("Workbook (XLSX)")
        CSV = "csv", _("Standings (CSV)")

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="export_files",
        on_delete=models.CASCADE,
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    language = models.CharField(_("language"), max_length=10, default="en")

    class Meta(BuiltFile.Meta):
        verbose_name = _("export file")
        verbose_name_plural = _("export files")

    def __str__(self) -> str:
        return self.filename or f"{self.tournament} · {self.kind}"


class AuditEvent(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="audit_events",
        on_delete=models.CASCADE,
    )
    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        related_name="audit_events",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    actor_label = models.CharField(_("who (label)"), max_length=120, blank=True)
    action = models.CharField(_("action"), max_length=40)
    object_type = models.CharField(_("object type"), max_length=40)
    object_id = models.BigIntegerField(_("object id"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    ip_address = models.GenericIPAddressField(_("from"), null=True, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("audit event")
        verbose_name_plural = _("audit events")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.object_type}"


class TableConfirmation(models.Model):
    """One player's signature of their table's final scores, or their dispute.

    Cleared when a hand of the table is corrected afterwards: the players are
    asked again.
    """

    class Kind(models.TextChoices):
        CONFIRM = "confirm", _("Confirmed")
        DISPUTE = "dispute", _("Disputed")

    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        related_name="confirmations",
        on_delete=models.CASCADE,
    )
    registration = models.ForeignKey(
        Registration,
        verbose_name=_("player"),
        related_name="table_confirmations",
        on_delete=models.CASCADE,
    )
    kind = models.CharField(_("answer"), max_length=10, choices=Kind)
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["table", "created_at"]
        verbose_name = _("table confirmation")
        verbose_name_plural = _("table confirmations")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "registration"], name="confirmation_unique_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.registration} {self.kind}"


# --- Public registration (issue 30): the sign-up form, its waiting list and
# its e-mails. A ``Signup`` is a request to play, made by the player; the
# organiser's confirmation turns it into a ``Registration`` above. Kept
# apart from ``Registration`` so that the event's players stay the one list
# every other service reads.


def new_signup_token() -> str:
    """The registrant's private link: unguessable, never listed."""
    return secrets.token_urlsafe(24)


class SignupOptions(models.Model):
    """The organiser's opening of registration for one tournament."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        related_name="signup_options",
        on_delete=models.CASCADE,
    )
    opens_at = models.DateTimeField(_("registration opens"))
    closes_at = models.DateTimeField(_("registration closes"))
    capacity = models.PositiveIntegerField(
        _("places"), validators=[MinValueValidator(1)]
    )
    # [{"key": "meal", "label": "Vegetarian meal?", "kind": "yes_no"}, ...]
    questions = models.JSONField(_("questions"), default=list, blank=True)
    message = models.TextField(_("message on the form"), blank=True)
    retention_days = models.PositiveSmallIntegerField(
        _("days the e-mails and answers are kept after the event"), default=30
    )

    class Meta:
        verbose_name = _("registration options")
        verbose_name_plural = _("registration options")

    def __str__(self) -> str:
        return str(self.tournament)


class Signup(models.Model):
    class Status(models.TextChoices):
        # Holds a place, waiting for the organiser's confirmation.
        PENDING = "pending", _("Awaiting confirmation")
        # A registration's status: feminine in French (une inscription).
        CONFIRMED = "confirmed", pgettext_lazy("registration", "Confirmed")
        WAITING = "waiting", _("On the waiting list")
        REFUSED = "refused", pgettext_lazy("registration", "Refused")
        CANCELLED = "cancelled", pgettext_lazy("registration", "Cancelled")

    #: The statuses that hold one of the event's places.
    HOLDS_A_PLACE = (Status.PENDING, Status.CONFIRMED)

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="signups",
        on_delete=models.CASCADE,
    )
    token = models.CharField(max_length=64, unique=True, default=new_signup_token)
    first_name = models.CharField(_("first name"), max_length=80, blank=True)
    last_name = models.CharField(_("last name"), max_length=80)
    club = models.CharField(_("club"), max_length=120, blank=True)
    country = models.CharField(_("country"), max_length=3, blank=True)
    ema_number = models.CharField(_("EMA number"), max_length=8, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    answers = models.JSONField(_("answers"), default=dict, blank=True)
    language = models.CharField(_("language"), max_length=10, blank=True)
    status = models.CharField(_("status"), max_length=20, choices=Status)
    paid = models.BooleanField(_("paid"), default=False)
    # A known player the import's rules find for this name: shown to the
    # organiser, who says whether it is the same person (never merged alone).
    likely_player = models.ForeignKey(
        Player,
        verbose_name=_("likely known player"),
        related_name="+",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    registration = models.OneToOneField(
        Registration,
        verbose_name=_("registration"),
        related_name="signup",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    created_at = models.DateTimeField(_("received"), auto_now_add=True)
    erased_at = models.DateTimeField(_("personal data erased"), null=True, blank=True)

    class Meta:
        # Order of arrival: the waiting list's order.
        ordering = ["tournament", "created_at", "pk"]
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")

    def __str__(self) -> str:
        return join_name(self.first_name, self.last_name)

    @property
    def name(self) -> str:
        return join_name(self.first_name, self.last_name)


class SignupEmail(models.Model):
    """One e-mail owed to a registrant; ``sent_at`` makes it sent once."""

    class Kind(models.TextChoices):
        RECEIVED = "received", _("Registration received")
        WAITING = "waiting", _("On the waiting list")
        PROMOTED = "promoted", _("A place freed up")
        CONFIRMED = "confirmed", _("Registration confirmed")
        REFUSED = "refused", _("Registration refused")
        CANCELLED = "cancelled", _("Registration cancelled")

    signup = models.ForeignKey(Signup, related_name="emails", on_delete=models.CASCADE)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["signup", "kind"], name="signup_email_once_per_kind"
            )
        ]

    def __str__(self) -> str:
        return f"{self.signup} · {self.kind}"
