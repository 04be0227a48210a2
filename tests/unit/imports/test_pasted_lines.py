"""The pasted player list goes through the file import's row checks."""

from __future__ import annotations

from tournaments.imports.players import names_agree, parse_player_lines


def test_lines_become_rows_numbered_by_line():
    preview = parse_player_lines("Anna Bell, Paris, fr, 4010013\n\n  \nBo Chen\n")
    assert [row.row_number for row in preview.rows] == [1, 4]
    anna = preview.rows[0]
    assert (anna.name, anna.club, anna.country, anna.ema_number) == (
        "Anna Bell",
        "Paris",
        "FRA",
        "04010013",
    )
    assert preview.is_valid


def test_zero_dash_and_blank_are_no_ema_number():
    preview = parse_player_lines("A B, , , 0\nC D, , , -\nE F, , ,\n")
    assert [row.ema_number for row in preview.rows] == [None, None, None]
    assert preview.is_valid


def test_same_number_twice_is_a_duplicate_but_zero_is_not():
    preview = parse_player_lines("A B, , , 0\nC D, , , 0\nE F, , , 7\nG H, , , 7\n")
    codes = [[p.code for p in row.problems] for row in preview.rows]
    assert codes == [[], [], [], ["duplicate_in_file"]]


def test_separators_semicolon_and_tab():
    preview = parse_player_lines("Anna Bell;Paris;FRA\nBo Chen\tLyon\n")
    assert [row.club for row in preview.rows] == ["Paris", "Lyon"]


def test_empty_paste_is_an_empty_list():
    preview = parse_player_lines("\n \n")
    assert [p.code for p in preview.problems] == ["empty_file"]


def test_names_agree_on_a_shared_word():
    assert names_agree("Ana Lefevre", "Anaïs Lefèvre")
    assert names_agree("Martin Anna", "anna  MARTIN")
    assert not names_agree("Carl Dunn", "Anna Bell")
