"""The leagues layer's catalogue: words for the codes of its services and of
its pure engines (``leagues.season``, ``leagues.ratings``).

``error_message`` reads this catalogue first, then the tournaments' ones (a
league service also passes on the tournaments services' errors). A test
checks that every code the leagues raise has a text, and that none is in a
tournaments catalogue too.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.messages import render
from tournaments.messages import CATALOGUES as TOURNAMENT_CATALOGUES

LEAGUE_MESSAGES: dict[str, Any] = {
    # leagues.season
    "unknown_ranking_rule": _("“%(rule)s” is not a ranking rule."),
    "bad_min_sessions": _("The minimum number of sessions cannot be %(value)s."),
    "bad_best_sessions": _("Count at least one best session, not %(value)s."),
    # leagues.ratings (the rating job); leagues.ema's request codes are
    # the command's own (``python -m leagues.ema`` prints them).
    "bad_rank": _("%(at)s: rank %(rank)s is not between 1 and %(players)s."),
    "bad_session": _("%(at)s: a session needs two players or more, one rank each."),
    "player_twice_at_table": _("%(at)s: a player sits twice at one table."),
    "seeding_needs_fours": _(
        "Seeding by rating needs a number of players that is a multiple of "
        "four (%(players)s now): add substitutes or withdraw players."
    ),
    # services
    "setting_out_of_range": _(
        "This number must be between %(minimum)s and %(maximum)s, not %(value)s."
    ),
    "season_ends_before_start": _(
        "The season cannot end (%(end)s) before it starts (%(start)s)."
    ),
    "team_name_too_long": _(
        "The team name “%(team)s” is too long: at most %(limit)s characters."
    ),
    "league_slug_taken": _("Another league is named “%(slug)s”: choose a short name."),
    "night_table_needs_four": _(
        "Table %(table)s has %(count)s names: give four names a table."
    ),
    "night_name_twice": _("%(name)s is at two tables of this session."),
    "night_needs_names": _("Give at least four names."),
    "unknown_session": _("This night has no session %(round)s."),
    "event_already_in_league": _("%(tournament)s is already in this league."),
    "team_bad_size": _("A team has 2 to 8 players, not %(size)s."),
    "team_name_twice": _("Two teams are named “%(team)s”."),
    "team_wrong_size": _("Team “%(team)s” has %(count)s players instead of %(size)s."),
    "team_unknown_player": _(
        "%(player)s is not registered in this tournament (write the name as "
        "registered)."
    ),
    "team_player_twice": _("%(player)s is in two teams."),
}


def error_message(error: Any) -> str:
    """The translated sentence for an error of the leagues or below."""
    template = LEAGUE_MESSAGES.get(error.code)
    if template is None:
        for catalogue in TOURNAMENT_CATALOGUES:
            if error.code in catalogue:
                template = catalogue[error.code]
                break
    params = getattr(error, "params", {})
    return render(template, error.code, getattr(error, "field", None), params)
