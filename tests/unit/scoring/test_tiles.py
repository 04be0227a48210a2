"""The tile notation of hand-format.md."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.tiles import (
    Tile,
    check_copies,
    count_tiles,
    format_tiles,
    parse_tiles,
    tile_from_index,
)


def test_parse_reads_runs_in_order() -> None:
    """Each digit of a run takes the suit letter that follows the run."""
    tiles = parse_tiles("123m456p789s11z")
    assert len(tiles) == 11
    assert tiles[0] == Tile("m", 1)
    assert tiles[5] == Tile("p", 6)
    assert tiles[-1] == Tile("z", 1)


def test_parse_ignores_whitespace() -> None:
    """Spaces, tabs and newlines may separate or split runs."""
    assert parse_tiles(" 12 3m\t4 5p\n") == parse_tiles("123m45p")


def test_parse_empty_text_is_no_tiles() -> None:
    """An empty string is a valid empty hand part (no concealed tiles)."""
    assert parse_tiles("") == ()


def test_honours_and_dragons() -> None:
    """555z is White, 666z Green, 777z Red: ranks 5 to 7 of z."""
    assert [tile.rank for tile in parse_tiles("567z")] == [5, 6, 7]
    assert all(tile.is_honor for tile in parse_tiles("1234567z"))


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("123m45", "45"),
        ("0m", "0m"),
        ("123m406p", "0p"),
        ("8z", "8z"),
        ("129z", "9z"),
        ("12x", "12x"),
        ("m", "m"),
        ("12m-3p", "-"),
        ("1M", "1M"),
    ],
)
def test_malformed_text_names_the_part(text: str, part: str) -> None:
    """A digit without suit, 0, 8z/9z or an unknown letter: the part is named."""
    with pytest.raises(EngineError) as caught:
        parse_tiles(text)
    assert caught.value.code == "malformed_tiles"
    assert caught.value.params == {"part": part}


def test_format_groups_and_sorts_by_suit() -> None:
    """Notation back: sorted within a suit, suits in the order m p s z."""
    assert format_tiles(parse_tiles("11z9s321m5p")) == "123m5p9s11z"
    assert format_tiles(()) == ""


def test_index_round_trip() -> None:
    """Indices 0..33 run m, p, s (nine each) then the seven honours."""
    assert Tile("m", 1).index == 0
    assert Tile("p", 1).index == 9
    assert Tile("s", 9).index == 26
    assert Tile("z", 7).index == 33
    assert all(tile_from_index(i).index == i for i in range(34))


def test_invalid_tile_is_refused() -> None:
    """A Tile cannot be built outside the notation's ranks and suits."""
    with pytest.raises(EngineError):
        Tile("z", 8)
    with pytest.raises(EngineError):
        Tile("x", 1)


def test_count_tiles() -> None:
    """A counting array holds how many of each of the 34 tiles."""
    counts = count_tiles(parse_tiles("1112m"))
    assert counts[0] == 3 and counts[1] == 1 and sum(counts) == 4


def test_five_copies_name_the_tile() -> None:
    """More than four copies: ``too_many_copies`` with the tile and the count."""
    with pytest.raises(EngineError) as caught:
        check_copies(parse_tiles("33333m"))
    assert caught.value.code == "too_many_copies"
    assert caught.value.params == {"tile": "3m", "count": 5}


def test_four_copies_are_fine() -> None:
    """Four copies of a tile are allowed."""
    check_copies(parse_tiles("3333m4444z"))
