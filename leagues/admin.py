from django.contrib import admin

from leagues.models import (
    League,
    LeagueAuditEvent,
    LeagueEvent,
    PlayerRating,
    RatingJob,
    Team,
    TeamMember,
    TeamSetup,
)


class LeagueEventInline(admin.TabularInline):
    model = LeagueEvent
    extra = 0
    raw_id_fields = ["tournament"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "season_start", "ranking_rule", "is_public"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["clubs", "organisers"]
    inlines = [LeagueEventInline]


@admin.register(LeagueAuditEvent)
class LeagueAuditEventAdmin(admin.ModelAdmin):
    list_display = ["created_at", "action", "object_type", "object_id", "actor_label"]
    list_filter = ["action"]

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ["player", "ordinal", "mu", "sigma", "sessions"]
    raw_id_fields = ["player"]


@admin.register(RatingJob)
class RatingJobAdmin(admin.ModelAdmin):
    list_display = ["created_at", "status", "mode", "reason", "progress", "sessions"]


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    extra = 0
    raw_id_fields = ["registration"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament"]
    raw_id_fields = ["tournament"]
    inlines = [TeamMemberInline]


@admin.register(TeamSetup)
class TeamSetupAdmin(admin.ModelAdmin):
    list_display = ["tournament", "team_size"]
    raw_id_fields = ["tournament"]
