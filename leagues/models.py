"""Leagues: seasons that group tournaments and club nights, and ratings.

A club night IS a tournament (one round or a few, tables typed on the spot),
created through the tournaments services; the league only links its events.
Tournaments know nothing of leagues: the arrows point from here down.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import BuiltFile, Club, Player, Registration, Tournament


class League(models.Model):
    class RankingRule(models.TextChoices):
        TOTAL = "total", _("Total of table points")
        AVERAGE = "average", _("Average table points per session")
        BEST = "best", _("Total of the best sessions")

    name = models.CharField(_("name"), max_length=160)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    clubs = models.ManyToManyField(
        Club, verbose_name=_("clubs"), related_name="leagues", blank=True
    )
    season_start = models.DateField(_("season start"), null=True, blank=True)
    season_end = models.DateField(_("season end"), null=True, blank=True)
    ranking_rule = models.CharField(
        _("ranking rule"), max_length=20, choices=RankingRule, default=RankingRule.TOTAL
    )
    min_sessions = models.PositiveSmallIntegerField(
        _("minimum sessions to rank"), default=0
    )
    best_sessions = models.PositiveSmallIntegerField(
        _("sessions counted (best N)"), default=10
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"),
        default=list,
        blank=True,
        help_text=_("Ranking keys in order; empty for the default."),
    )
    ruleset = models.CharField(
        _("rule set of club nights"), max_length=40, default="mcr"
    )
    is_public = models.BooleanField(_("public"), default=False)
    organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisers"),
        related_name="organised_leagues",
        blank=True,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-season_start", "name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class LeagueEvent(models.Model):
    """A tournament counted in a league: a club night or a full tournament."""

    class Kind(models.TextChoices):
        NIGHT = "night", _("Club night")
        TOURNAMENT = "tournament", _("Tournament")

    league = models.ForeignKey(
        League,
        verbose_name=_("league"),
        related_name="events",
        on_delete=models.CASCADE,
    )
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="league_events",
        on_delete=models.CASCADE,
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind)
    day = models.DateField(_("date"))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["league", "day", "pk"]
        verbose_name = _("league event")
        verbose_name_plural = _("league events")
        constraints = [
            models.UniqueConstraint(
                fields=["league", "tournament"], name="league_event_unique_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.league} · {self.tournament}"


class LeagueAuditEvent(models.Model):
    """Who changed a league or merged two players, when, before and after.

    A merge spans tournaments (and leagues): ``league`` is empty then, and
    each tournament touched also gets its own ``tournaments.AuditEvent``.
    """

    league = models.ForeignKey(
        League,
        verbose_name=_("league"),
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
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("league audit event")
        verbose_name_plural = _("league audit events")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.action} {self.object_type}"


class PlayerRating(models.Model):
    """A player's openskill rating after every session rated so far.

    Floats: a rating is a statistical estimate (``leagues.ratings``), not a
    score. ``ordinal`` = mu - 3 sigma, the figure ratings are sorted by.
    """

    player = models.OneToOneField(
        Player,
        verbose_name=_("player"),
        related_name="rating",
        on_delete=models.CASCADE,
    )
    mu = models.FloatField(_("skill"))
    sigma = models.FloatField(_("uncertainty"))
    ordinal = models.FloatField(_("rating"))
    sessions = models.PositiveIntegerField(_("sessions rated"), default=0)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-ordinal"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")

    def __str__(self) -> str:
        return f"{self.player}: {self.ordinal:.2f}"


class RatingJob(models.Model):
    """An update of the ratings, run by a worker (a job row, as the
    tournaments' jobs: ``tournaments.services.jobs``): the sessions closed
    since the last job, or every session again (``Mode``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a worker")
        RUNNING = "running", _("Rating")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    class Mode(models.TextChoices):
        AUTO = "auto", _("New sessions if possible")
        INCREMENTAL = "incremental", _("New sessions")
        FULL = "full", _("Every session")

    status = models.CharField(
        _("status"), max_length=20, choices=Status, default=Status.PENDING
    )
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    task_id = models.CharField(_("job id"), max_length=64, blank=True)
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    sessions = models.PositiveIntegerField(_("sessions rated"), default=0)
    # The newest score write (tournaments.AuditEvent id) the job saw: a
    # newer one means a session changed since, and ratings are stale.
    fingerprint = models.BigIntegerField(_("last score change seen"), default=0)
    # Asked as AUTO or FULL; once run, the mode it ran in, and for a full
    # recompute asked as AUTO the reason (``leagues.services.ratings``).
    mode = models.CharField(_("mode"), max_length=20, choices=Mode, default=Mode.AUTO)
    reason = models.CharField(_("why every session"), max_length=40, blank=True)
    error = models.CharField(_("error"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("rating job")
        verbose_name_plural = _("rating jobs")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.status}"


class TeamSetup(models.Model):
    """A tournament played in teams as well: the size the organiser set."""

    tournament = models.OneToOneField(
        Tournament,
        verbose_name=_("tournament"),
        related_name="team_setup",
        on_delete=models.CASCADE,
    )
    team_size = models.PositiveSmallIntegerField(_("players a team"), default=4)

    class Meta:
        verbose_name = _("team setup")
        verbose_name_plural = _("team setups")

    def __str__(self) -> str:
        return f"{self.tournament} · {self.team_size}"


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        related_name="teams",
        on_delete=models.CASCADE,
    )
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        ordering = ["tournament", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="team_unique_name"
            )
        ]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    team = models.ForeignKey(
        Team, verbose_name=_("team"), related_name="members", on_delete=models.CASCADE
    )
    registration = models.OneToOneField(
        Registration,
        verbose_name=_("player"),
        related_name="team_member",
        on_delete=models.CASCADE,
    )

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")

    def __str__(self) -> str:
        return f"{self.team} · {self.registration}"


class LeagueExport(BuiltFile):
    """A league workbook built by a worker and kept for download, as the
    tournaments' ``ExportFile``. ``audience`` is the key of the readers it
    was built for (``Audience.key``), ``version`` the league's data version
    it shows (``leagues.selectors.standings.league_version``)."""

    league = models.ForeignKey(
        League,
        verbose_name=_("league"),
        related_name="exports",
        on_delete=models.CASCADE,
    )
    audience = models.CharField(_("readers"), max_length=20, default="public")
    language = models.CharField(_("language"), max_length=10, default="en")
    version = models.CharField(_("data version"), max_length=80, blank=True)

    class Meta(BuiltFile.Meta):
        verbose_name = _("league workbook")
        verbose_name_plural = _("league workbooks")
        indexes = [
            models.Index(
                fields=["league", "audience", "language", "status"],
                name="league_export_lookup",
            )
        ]

    def __str__(self) -> str:
        return self.filename or f"{self.league} · {self.audience}"
