from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaguesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "leagues"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        """Teams in the tournament's own workbook and pages, through the
        tournaments app's extension points (it never imports leagues), rating
        jobs in its job sweep, a rating job after each closed table, and the
        ``league`` scope of a player's statistics."""
        from django.urls import reverse
        from django.utils.translation import gettext

        from leagues.access import league_scope
        from leagues.selectors.exports import write_tournament_team_sheet
        from leagues.services.exports import LEAGUE_EXPORT
        from leagues.services.ratings import RATING, rate_after_session
        from tournaments.extensions import (
            ExtraLink,
            ExtraSheet,
            register_link,
            register_scope,
            register_sheet,
            register_table_closed,
        )
        from tournaments.services.jobs import register_kind

        # Rating jobs lost with their worker are sent again by the sweep.
        register_kind(RATING)
        register_kind(LEAGUE_EXPORT)
        # The ratings follow each session: a closed table queues the job.
        register_table_closed("leagues.ratings", rate_after_session)
        # A player's statistics over one league: ``?league=<slug>``.
        register_scope("league", league_scope)

        def has_teams(tournament: Any) -> bool:
            return bool(tournament.teams.exists())

        register_sheet(
            ExtraSheet(
                key="leagues.teams",
                title=lambda: gettext("Teams"),
                applies=has_teams,
                write=write_tournament_team_sheet,
            )
        )
        register_link(
            ExtraLink(
                key="leagues.teams",
                place="public",
                label=lambda: gettext("Teams"),
                url=lambda t: reverse("teams:standings", kwargs={"slug": t.slug}),
                applies=has_teams,
            )
        )
        register_link(
            ExtraLink(
                key="leagues.teams-staff",
                place="staff",
                label=lambda: gettext("Teams"),
                url=lambda t: reverse("teams-staff:teams", kwargs={"slug": t.slug}),
                applies=lambda t: True,
            )
        )
