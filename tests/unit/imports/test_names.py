"""One split of a full name for every way a player arrives (issue 27, item 6)."""

from __future__ import annotations

import pytest

from tournaments.imports.names import (
    full_name_key,
    join_name,
    likeness_key,
    split_full_name,
)
from tournaments.imports.players import (
    namesakes_differ,
    parse_player_file,
    parse_player_lines,
    split_pasted_line,
)


@pytest.mark.parametrize(
    ("name", "first", "last"),
    [
        ("Zoë Van der Ært", "Zoë", "Van der Ært"),
        ("Anna van der Berg", "Anna", "van der Berg"),
        ("Jean de la Fontaine", "Jean", "de la Fontaine"),
        ("Ludwig von Beethoven", "Ludwig", "von Beethoven"),
        ("Maria dos Santos", "Maria", "dos Santos"),
        ("Piet ten Cate", "Piet", "ten Cate"),
        ("Mary Ann Le Pen", "Mary Ann", "Le Pen"),
        ("Anna Bell", "Anna", "Bell"),
        ("Van Damme", "Van", "Damme"),
        ("Chen", "", "Chen"),
        ("  Zoë   Van  der   Ært ", "Zoë", "Van der Ært"),
        ("Van der Ært, Zoë", "Zoë", "Van der Ært"),
        ("Van der Ært ,  Zoë Anne", "Zoë Anne", "Van der Ært"),
        ("", "", ""),
    ],
)
def test_a_full_name_keeps_its_last_name_and_particles(name, first, last):
    """The last word and the particles before it are the last name, as
    written; "Last, First" is read as written."""
    assert split_full_name(name) == (first, last)


def test_join_name_puts_the_first_name_first():
    assert join_name("Zoë", "Van der Ært") == "Zoë Van der Ært"
    assert join_name("", "Chen") == "Chen"


def test_a_comma_line_keeps_its_fields_a_semicolon_line_allows_last_first():
    """Commas separate fields unless the line holds a semicolon or a tab:
    then the name may be "Last, First"."""
    assert split_pasted_line("Zoë Van der Ært, Paris, FRA") == [
        "Zoë Van der Ært",
        "Paris",
        "FRA",
    ]
    assert split_pasted_line("Van der Ært, Zoë; Paris; FRA") == [
        "Van der Ært, Zoë",
        "Paris",
        "FRA",
    ]
    assert split_pasted_line("Van der Ært, Zoë\tParis") == ["Van der Ært, Zoë", "Paris"]


def test_a_pasted_list_keeps_the_particles_and_reads_last_first():
    preview = parse_player_lines(
        "Zoë Van der Ært, Paris\nDe la Cruz, Ana; Lyon; ESP\nBo Chen\n"
    )
    rows = [(r.first_name, r.last_name, r.name, r.club) for r in preview.rows]
    assert rows == [
        ("Zoë", "Van der Ært", "Zoë Van der Ært", "Paris"),
        ("Ana", "De la Cruz", "Ana De la Cruz", "Lyon"),
        ("Bo", "Chen", "Bo Chen", ""),
    ]
    assert preview.is_valid


def test_a_full_name_column_is_split_the_same_way():
    data = 'Name;Club\nZoë Van der Ært;Paris\n"Martin, Anna";Lyon\n'.encode()
    preview = parse_player_file("players.csv", data)
    assert [(r.first_name, r.last_name) for r in preview.rows] == [
        ("Zoë", "Van der Ært"),
        ("Anna", "Martin"),
    ]


def test_separate_columns_are_kept_as_entered():
    data = "First name;Last name\nZoë;Van der Ært\n".encode()
    row = parse_player_file("players.csv", data).rows[0]
    assert (row.first_name, row.last_name, row.name) == (
        "Zoë",
        "Van der Ært",
        "Zoë Van der Ært",
    )


def test_namesakes_of_two_clubs_or_two_numbers_are_two_people():
    assert namesakes_differ("00000001", "", "00000002", "")
    assert namesakes_differ(None, "Paris", None, "Lyon")
    assert not namesakes_differ(None, "Paris", None, " paris ")
    assert not namesakes_differ(None, "", None, "Lyon")
    assert not namesakes_differ("00000001", "Paris", None, "")
    assert not namesakes_differ(None, None, None, None)


def test_two_namesakes_of_two_clubs_in_one_list_are_no_duplicate():
    """Same name, two clubs: two players; same name, one without a club: a
    duplicate line."""
    preview = parse_player_lines("Anna Martin, Paris\nAnna Martin, Lyon\nAnna Martin\n")
    codes = [[p.code for p in row.problems] for row in preview.rows]
    assert codes == [[], [], ["duplicate_in_file"]]


def test_a_full_name_key_finds_a_name_stored_with_another_split():
    """The old split ("Zoë Van der" "Ært") and the new one compare equal,
    without case or accents: one key for the lists, the nights and teams."""
    assert full_name_key("Zoë Van der", "Ært") == full_name_key("zoe", "VAN DER ÆRT")
    assert full_name_key("Anna", "Berg") != full_name_key("Anna", "Burg")


def test_a_likeness_key_sets_aside_name_order_and_hyphens():
    """The duplicates list and the merge: "Martin Anna-Lou" may be "Anna Lou
    Martin" entered the other way round."""
    assert likeness_key("Martin", "Anna-Lou") == likeness_key("Anna Lou", "Martin")
    assert likeness_key("Anna", "Martin") != likeness_key("Anna", "Martine")
