"""Club nights: created, seated from typed names, played on the tablets,
ranked in the league under each ranking rule."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from leagues.models import LeagueAuditEvent, LeagueEvent
from leagues.selectors.standings import get_league_standings
from leagues.selectors.visibility import EVERYTHING
from leagues.services import leagues as league_services
from leagues.services import nights
from tests.factories import TournamentFactory
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import AuditEvent, Player, Round
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db

T1 = "Ann A, Bob B, Cy C, Dee D"
T2 = "Eve E, Fay F, Gus G, Hal H"


def test_a_night_is_a_one_session_tournament_of_the_league(organiser):
    league = make_league(organiser, ruleset="mcr", is_public=True)
    event = nights.create_club_night(
        league=league, day=date(2026, 1, 8), actor=organiser
    )
    tournament = event.tournament
    assert event.kind == LeagueEvent.Kind.NIGHT
    assert tournament.rounds_count == 1
    assert tournament.ruleset == "mcr"
    assert tournament.is_public
    assert tournament.start_date == date(2026, 1, 8)
    assert list(tournament.organisers.all()) == [organiser]
    assert LeagueAuditEvent.objects.filter(action="league.add_night").count() == 1


def test_typed_tables_seat_the_session_east_first(organiser):
    league = make_league(organiser)
    event = night(league, organiser, date(2026, 1, 8), [T1, T2])
    first, second = tables_of(event)
    names = [
        seat.registration.player.name
        for seat in sorted(first.seats.all(), key=lambda s: "ESWN".index(s.wind))
    ]
    assert names == ["Ann A", "Bob B", "Cy C", "Dee D"]
    assert second.seats.count() == 4
    assert event.tournament.rounds.get().status == Round.Status.SEATED
    assert AuditEvent.objects.filter(action="seating.by_hand").count() == 1


def test_a_known_name_is_the_same_player_next_week(organiser):
    league = make_league(organiser)
    night(league, organiser, date(2026, 1, 8), [T1])
    night(league, organiser, date(2026, 1, 15), ["ann a, Bob B, Cy C, Zed Z"])
    assert Player.objects.filter(last_name__iexact="A").count() == 1
    assert Player.objects.count() == 5


@pytest.mark.parametrize(
    ("tables", "code"),
    [
        (["Ann A, Bob B, Cy C"], "night_table_needs_four"),
        (
            ["Ann A, Bob B, Cy C, Dee D", "Ann A, Fay F, Gus G, Hal H"],
            "night_name_twice",
        ),
    ],
)
def test_bad_tables_are_refused_and_nothing_is_written(organiser, tables, code):
    league = make_league(organiser)
    event = nights.create_club_night(
        league=league, day=date(2026, 1, 8), actor=organiser
    )
    with pytest.raises(ServiceError) as error:
        nights.seat_night_tables(
            event=event, tables=nights.parse_tables("\n".join(tables)), actor=organiser
        )
    assert error.value.code == code
    assert event.tournament.registrations.count() == 0


def test_a_played_session_cannot_be_seated_again(organiser):
    league = make_league(organiser)
    event = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(event)[0], winner=0, discarder=1)
    with pytest.raises(ServiceError) as error:
        nights.seat_night_tables(
            event=event, tables=nights.parse_tables(T2), actor=organiser
        )
    assert error.value.code == "round_already_played"


def test_a_second_session_seats_some_of_the_players(organiser):
    """Players may play one table or several in a night."""
    league = make_league(organiser)
    event = night(league, organiser, date(2026, 1, 8), [T1, T2])
    round_ = nights.add_night_session(event=event, actor=organiser)
    nights.seat_night_tables(
        event=event,
        tables=nights.parse_tables("Ann A, Eve E, Bob B, Fay F"),
        actor=organiser,
        round_number=round_.number,
    )
    assert round_.number == 2
    assert len(tables_of(event, 2)) == 1


def test_the_seating_engine_seats_a_list_of_names(
    organiser, django_capture_on_commit_callbacks
):
    league = make_league(organiser)
    event = nights.create_club_night(
        league=league, day=date(2026, 1, 8), actor=organiser
    )
    names = [name.strip() for name in f"{T1}, {T2}".split(",")]
    with django_capture_on_commit_callbacks(execute=True):
        nights.seat_night_by_engine(event=event, names=names, actor=organiser)
    assert len(tables_of(event)) == 2


def season(organiser, **rule):
    """Two nights. Night 1: Ann (E) beats Bob; Eve (E) beats Fay.
    Night 2, one table: Bob (E) beats Ann (S)."""
    league = make_league(organiser, **rule)
    first = night(league, organiser, date(2026, 1, 8), [T1, T2])
    for table in tables_of(first):
        play(table, winner=0, discarder=1)
    second = night(league, organiser, date(2026, 1, 15), ["Bob B, Ann A, Cy C, Dee D"])
    play(tables_of(second)[0], winner=0, discarder=1)
    return league


def line(standings):
    return [
        (row.rank, row.player.name, row.value, row.sessions) for row in standings.rows
    ]


def test_total_rule_from_the_tablets(organiser):
    """Ann 4 + 0, Bob 0 + 4, Cy and Dee 1.5 + 1.5, Eve 4, Fay 0, Gus and Hal
    1.5. Ann, Bob and Eve tie on 4 table points: scores Ann 36 - 20 = 16,
    Bob -20 + 36 = 16, Eve 36; Ann and Bob then tie on everything but the
    best session (36 each) too: they share 2nd."""
    standings = get_league_standings(season(organiser), audience=EVERYTHING)
    assert line(standings)[:3] == [
        (1, "Eve E", 4, 1),
        (2, "Ann A", 4, 2),
        (2, "Bob B", 4, 2),
    ]
    assert line(standings)[3][1:] == ("Cy C", 3, 2)
    assert standings.rows[1].shared
    night_1, night_2 = standings.events
    assert (night_1.players, night_1.tables, night_1.sessions) == (8, 2, 8)
    assert night_2.leader.name == "Bob B"
    assert night_2.leader_points == 4


def test_average_rule_with_a_minimum(organiser):
    """Average over at least 2 sessions: Ann, Bob 2, Cy, Dee 1.5; Eve
    (average 4 over one session) is listed unranked."""
    standings = get_league_standings(
        season(organiser, ranking_rule="average", min_sessions=2), audience=EVERYTHING
    )
    assert line(standings)[:4] == [
        (1, "Ann A", 2, 2),
        (1, "Bob B", 2, 2),
        (3, "Cy C", Fraction(3, 2), 2),
        (3, "Dee D", Fraction(3, 2), 2),
    ]
    assert (None, "Eve E", 4, 1) in line(standings)


def test_best_rule_counts_the_best_session(organiser):
    """Best 1: Ann's and Bob's win (4 table points, +36) is all that counts:
    they now tie with Eve on every key and the three share 1st."""
    standings = get_league_standings(
        season(organiser, ranking_rule="best", best_sessions=1), audience=EVERYTHING
    )
    assert line(standings)[:3] == [
        (1, "Ann A", 4, 2),
        (1, "Bob B", 4, 2),
        (1, "Eve E", 4, 1),
    ]
    assert standings.rows[1].counted == 1
    assert standings.rows[1].score == 36


def test_the_rule_is_a_setting_changed_with_an_audit(organiser):
    league = season(organiser)
    league_services.update_league(
        league_id=league.pk, actor=organiser, ranking_rule="average", min_sessions=2
    )
    league.refresh_from_db()
    assert get_league_standings(league, audience=EVERYTHING).rows[0].value == 2
    event = LeagueAuditEvent.objects.get(action="league.update")
    assert event.before == {"ranking_rule": "total", "min_sessions": 0}


def test_an_open_table_does_not_count_yet(organiser):
    league = make_league(organiser)
    night(league, organiser, date(2026, 1, 8), [T1])
    assert all(
        row.sessions == 0
        for row in get_league_standings(league, audience=EVERYTHING).rows
    )


def test_an_existing_tournament_counts_in_the_league(organiser):
    league = make_league(organiser)
    tournament = TournamentFactory(start_date=date(2026, 2, 1))
    event = league_services.add_event(
        league=league, tournament=tournament, actor=organiser
    )
    assert event.kind == LeagueEvent.Kind.TOURNAMENT
    assert event.day == date(2026, 2, 1)
    with pytest.raises(ServiceError) as error:
        league_services.add_event(league=league, tournament=tournament, actor=organiser)
    assert error.value.code == "event_already_in_league"


def test_a_second_league_of_the_same_name_gets_a_free_short_name(organiser):
    first = league_services.create_league(name="Winter league", actor=organiser)
    second = league_services.create_league(name="Winter league", actor=organiser)
    assert (first.slug, second.slug) == ("winter-league", "winter-league-2")
    with pytest.raises(ServiceError) as error:
        league_services.create_league(
            name="Other", slug="winter-league", actor=organiser
        )
    assert error.value.code == "league_slug_taken"
