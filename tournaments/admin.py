"""The admin covers every model; score changes still go through the pages/API.

Hands, penalties and seat results are read-only here: a score changed in the
admin would skip the services, so no recompute of the table's results and no
audit event. The table's tablet page and the round page (or the API) are the
way to enter and correct scores.
"""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    AuditEvent,
    Club,
    ExportFile,
    Hand,
    Penalty,
    Player,
    Registration,
    Round,
    Seat,
    SeatingPlan,
    SeatResult,
    Signup,
    SignupEmail,
    SignupOptions,
    Table,
    TableConfirmation,
    Tournament,
)
from tournaments.selectors.hand_values import hand_value_text
from tournaments.selectors.seating import with_seating_plan


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "country"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["last_name", "first_name", "club", "country", "ema_number"]
    search_fields = ["last_name", "first_name", "ema_number"]
    list_filter = ["country"]
    autocomplete_fields = ["club"]


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "start_date", "ruleset", "status", "is_public"]
    list_filter = ["status", "ruleset", "is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organisers", "referees"]
    inlines = [RegistrationInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "player", "status"]
    list_filter = ["tournament", "status"]
    search_fields = ["player__last_name", "player__first_name"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "seating"]
    list_filter = ["tournament", "status"]

    @admin.display(description=_("seating"))
    def seating(self, round_: Round) -> str:
        # One query a row: the admin lists a page of rounds, not a room.
        return with_seating_plan(round_).get_seating_state_display()


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["wind", "registration"]
    raw_id_fields = ["registration"]


SCORES_NOTE = _(
    "Scores are read-only here. Enter and correct them on the table's tablet "
    "page or on the round page (Staff), where each change is audited and the "
    "results are recomputed."
)


class ScoreReadOnlyAdmin(admin.ModelAdmin):
    """View only: the services are the only writers of scores."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        if request.method == "GET":
            messages.info(request, SCORES_NOTE)
        return super().changelist_view(request, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        if request.method == "GET":
            messages.info(request, SCORES_NOTE)
        return super().change_view(request, object_id, form_url, extra_context)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "is_closed", "time_called", "version"]
    list_filter = ["round__tournament", "is_closed"]
    inlines = [SeatInline]
    # Closing a table or calling time goes through the services (audit, clock).
    readonly_fields = ["is_closed", "time_called", "version"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "wind", "registration"]
    list_filter = ["round__tournament"]
    raw_id_fields = ["table", "round", "registration"]


@admin.register(Hand)
class HandAdmin(ScoreReadOnlyAdmin):
    list_display = ["table", "number", "kind", "winner", "discarder", "points"]
    list_filter = ["table__round__tournament", "kind"]
    list_select_related = ["table__round__tournament"]
    raw_id_fields = ["table", "winner", "discarder", "entered_by"]

    @admin.display(description=_("Hand value"))
    def points(self, hand: Hand) -> object:
        """What the hand was worth, in the rule set's unit."""
        return hand_value_text(hand)


@admin.register(Penalty)
class PenaltyAdmin(ScoreReadOnlyAdmin):
    list_display = ["table", "seat", "kind", "points", "reason"]
    list_filter = ["table__round__tournament", "kind"]
    raw_id_fields = ["table", "seat", "referee"]


@admin.register(TableConfirmation)
class TableConfirmationAdmin(ScoreReadOnlyAdmin):
    """The players' signatures: given on the tablet, cleared by a correction
    (both audited), never edited here."""

    list_display = ["table", "registration", "kind", "created_at"]
    list_filter = ["table__round__tournament", "kind"]
    raw_id_fields = ["table", "registration"]


@admin.register(SeatResult)
class SeatResultAdmin(ScoreReadOnlyAdmin):
    list_display = ["seat", "score", "rank", "table_points"]
    list_filter = ["round__tournament"]
    raw_id_fields = ["seat", "registration", "round"]


@admin.register(SeatingPlan)
class SeatingPlanAdmin(admin.ModelAdmin):
    list_display = ["tournament", "first_round", "rounds_count", "status", "created_at"]
    list_filter = ["tournament", "status"]
    readonly_fields = ["task_id", "progress", "stats", "error", "error_params"]


@admin.register(ExportFile)
class ExportFileAdmin(admin.ModelAdmin):
    list_display = ["tournament", "kind", "language", "status", "created_at"]
    list_filter = ["tournament", "kind", "status"]
    exclude = ["content"]
    readonly_fields = ["task_id", "progress", "filename", "error"]


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    list_display = ["created_at", "tournament", "action", "actor", "actor_label"]
    list_filter = ["tournament", "action"]
    readonly_fields = [f.name for f in AuditEvent._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SignupReadOnlyAdmin(admin.ModelAdmin):
    """View only: the sign-up services count the places and promote the
    waiting list under the tournament's lock; an edit here would skip them
    (the registrations page and the API are the way to change a sign-up)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(SignupOptions)
class SignupOptionsAdmin(SignupReadOnlyAdmin):
    list_display = ["tournament", "opens_at", "closes_at", "capacity"]


@admin.register(Signup)
class SignupAdmin(SignupReadOnlyAdmin):
    list_display = ["__str__", "tournament", "status", "paid", "created_at"]
    list_filter = ["status", "paid"]
    search_fields = ["first_name", "last_name", "club"]


@admin.register(SignupEmail)
class SignupEmailAdmin(SignupReadOnlyAdmin):
    list_display = ["signup", "kind", "created_at", "sent_at"]
