"""The 81 fans of MCR: number, English and French names, points.

Numbers, names and points come from mcr.md section 1 (the WMO order; the
French names are the French federation's). Fan 48 Two Concealed Kongs is in
the 8-point block (mcr.md 6.2). Each fan is also a module constant holding
its number, so the counting code reads ``table[PURE_STRAIGHT]``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan of the rule book; ``points`` is the value of one count."""

    number: int
    name: str
    name_fr: str
    points: int


BIG_FOUR_WINDS = 1
BIG_THREE_DRAGONS = 2
ALL_GREEN = 3
NINE_GATES = 4
FOUR_KONGS = 5
SEVEN_SHIFTED_PAIRS = 6
THIRTEEN_ORPHANS = 7
ALL_TERMINALS = 8
LITTLE_FOUR_WINDS = 9
LITTLE_THREE_DRAGONS = 10
ALL_HONORS = 11
FOUR_CONCEALED_PUNGS = 12
PURE_TERMINAL_CHOWS = 13
QUADRUPLE_CHOW = 14
FOUR_PURE_SHIFTED_PUNGS = 15
FOUR_PURE_SHIFTED_CHOWS = 16
THREE_KONGS = 17
ALL_TERMINALS_AND_HONORS = 18
SEVEN_PAIRS = 19
GREATER_HONORS_AND_KNITTED_TILES = 20
ALL_EVEN_PUNGS = 21
FULL_FLUSH = 22
PURE_TRIPLE_CHOW = 23
PURE_SHIFTED_PUNGS = 24
UPPER_TILES = 25
MIDDLE_TILES = 26
LOWER_TILES = 27
PURE_STRAIGHT = 28
THREE_SUITED_TERMINAL_CHOWS = 29
PURE_SHIFTED_CHOWS = 30
ALL_FIVES = 31
TRIPLE_PUNG = 32
THREE_CONCEALED_PUNGS = 33
LESSER_HONORS_AND_KNITTED_TILES = 34
KNITTED_STRAIGHT = 35
UPPER_FOUR = 36
LOWER_FOUR = 37
BIG_THREE_WINDS = 38
MIXED_STRAIGHT = 39
REVERSIBLE_TILES = 40
MIXED_TRIPLE_CHOW = 41
MIXED_SHIFTED_PUNGS = 42
CHICKEN_HAND = 43
LAST_TILE_DRAW = 44
LAST_TILE_CLAIM = 45
OUT_WITH_REPLACEMENT_TILE = 46
ROBBING_THE_KONG = 47
TWO_CONCEALED_KONGS = 48
ALL_PUNGS = 49
HALF_FLUSH = 50
MIXED_SHIFTED_CHOWS = 51
ALL_TYPES = 52
MELDED_HAND = 53
TWO_DRAGON_PUNGS = 54
OUTSIDE_HAND = 55
FULLY_CONCEALED_HAND = 56
TWO_MELDED_KONGS = 57
LAST_TILE = 58
DRAGON_PUNG = 59
PREVALENT_WIND = 60
SEAT_WIND = 61
CONCEALED_HAND = 62
ALL_CHOWS = 63
TILE_HOG = 64
DOUBLE_PUNG = 65
TWO_CONCEALED_PUNGS = 66
CONCEALED_KONG = 67
ALL_SIMPLES = 68
PURE_DOUBLE_CHOW = 69
MIXED_DOUBLE_CHOW = 70
SHORT_STRAIGHT = 71
TWO_TERMINAL_CHOWS = 72
PUNG_OF_TERMINALS_OR_HONORS = 73
MELDED_KONG = 74
ONE_VOIDED_SUIT = 75
NO_HONORS = 76
EDGE_WAIT = 77
CLOSED_WAIT = 78
SINGLE_WAIT = 79
SELF_DRAWN = 80
FLOWER_TILES = 81

FANS: tuple[FanDef, ...] = (
    FanDef(1, "Big Four Winds", "Quatre grands vents", 88),
    FanDef(2, "Big Three Dragons", "Trois grands dragons", 88),
    FanDef(3, "All Green", "Main verte", 88),
    FanDef(4, "Nine Gates", "Neuf portes", 88),
    FanDef(5, "Four Kongs", "Quatre kongs", 88),
    FanDef(6, "Seven Shifted Pairs", "Sept paires pures consécutives", 88),
    FanDef(7, "Thirteen Orphans", "Les treize lanternes merveilleuses", 88),
    FanDef(8, "All Terminals", "Tout extrémité", 64),
    FanDef(9, "Little Four Winds", "Quatre petits vents", 64),
    FanDef(10, "Little Three Dragons", "Trois petits dragons", 64),
    FanDef(11, "All Honors", "Tout Honneur", 64),
    FanDef(12, "Four Concealed Pungs", "Quatre pungs cachés", 64),
    FanDef(13, "Pure Terminal Chows", "Deux dragons dans une famille", 64),
    FanDef(14, "Quadruple Chow", "Quadruple chows purs", 48),
    FanDef(15, "Four Pure Shifted Pungs", "Quatre pungs purs consécutifs", 48),
    FanDef(16, "Four Pure Shifted Chows", "Quatre chows purs superposés", 32),
    FanDef(17, "Three Kongs", "Trois kongs", 32),
    FanDef(18, "All Terminals and Honors", "Tout honneur et extrémité", 32),
    FanDef(19, "Seven Pairs", "Sept paires", 24),
    FanDef(20, "Greater Honors and Knitted Tiles", "Grand serpentin", 24),
    FanDef(21, "All Even Pungs", "Tout pung pair", 24),
    FanDef(22, "Full Flush", "Main pure", 24),
    FanDef(23, "Pure Triple Chow", "Triple chows purs", 24),
    FanDef(24, "Pure Shifted Pungs", "Trois pungs purs consécutifs", 24),
    FanDef(25, "Upper Tiles", "Les trois derniers", 24),
    FanDef(26, "Middle Tiles", "Les trois milieux", 24),
    FanDef(27, "Lower Tiles", "Les trois premiers", 24),
    FanDef(28, "Pure Straight", "Grande suite pure", 16),
    FanDef(29, "Three-Suited Terminal Chows", "Deux dragons dans trois familles", 16),
    FanDef(30, "Pure Shifted Chows", "Trois chows purs superposés", 16),
    FanDef(31, "All Fives", "Cinq partout", 16),
    FanDef(32, "Triple Pung", "Triple pungs", 16),
    FanDef(33, "Three Concealed Pungs", "Trois pungs cachés", 16),
    FanDef(34, "Lesser Honors and Knitted Tiles", "Petit serpentin", 12),
    FanDef(35, "Knitted Straight", "Suite serpentin", 12),
    FanDef(36, "Upper Four", "Les quatre derniers", 12),
    FanDef(37, "Lower Four", "Les quatre premiers", 12),
    FanDef(38, "Big Three Winds", "Trois grands vents", 12),
    FanDef(39, "Mixed Straight", "Grande suite", 8),
    FanDef(40, "Reversible Tiles", "Symétrie", 8),
    FanDef(41, "Mixed Triple Chow", "Triple chows", 8),
    FanDef(42, "Mixed Shifted Pungs", "Trois pungs consécutifs", 8),
    FanDef(43, "Chicken Hand", "Main sans valeur", 8),
    FanDef(44, "Last Tile Draw", "Dernière tuile tirée", 8),
    FanDef(45, "Last Tile Claim", "Dernière tuile jetée", 8),
    FanDef(46, "Out With Replacement Tile", "Finir sur kong", 8),
    FanDef(47, "Robbing the Kong", "Kong volé", 8),
    FanDef(48, "Two Concealed Kongs", "Deux kongs cachés", 8),
    FanDef(49, "All Pungs", "Tout pung", 6),
    FanDef(50, "Half Flush", "Semi pure", 6),
    FanDef(51, "Mixed Shifted Chows", "Trois chows superposés", 6),
    FanDef(52, "All Types", "Tout type", 6),
    FanDef(53, "Melded Hand", "Tout exposé", 6),
    FanDef(54, "Two Dragon Pungs", "Deux dragons", 6),
    FanDef(55, "Outside Hand", "Extrémités ou honneurs partout", 4),
    FanDef(56, "Fully Concealed Hand", "Tout caché tiré", 4),
    FanDef(57, "Two Melded Kongs", "Deux kongs exposés", 4),
    FanDef(58, "Last Tile", "Dernière tuile existante", 4),
    FanDef(59, "Dragon Pung", "Pung de dragons", 2),
    FanDef(60, "Prevalent Wind", "Vent dominant", 2),
    FanDef(61, "Seat Wind", "Vent du joueur", 2),
    FanDef(62, "Concealed Hand", "Tout caché donné", 2),
    FanDef(63, "All Chows", "Tout chow", 2),
    FanDef(64, "Tile Hog", "Quatre identiques", 2),
    FanDef(65, "Double Pung", "Double pungs", 2),
    FanDef(66, "Two Concealed Pungs", "Deux pungs cachés", 2),
    FanDef(67, "Concealed Kong", "Kong caché", 2),
    FanDef(68, "All Simples", "Tout ordinaire", 2),
    FanDef(69, "Pure Double Chow", "Double chow pur", 1),
    FanDef(70, "Mixed Double Chow", "Double chow", 1),
    FanDef(71, "Short Straight", "Petite suite pure", 1),
    FanDef(72, "Two Terminal Chows", "Deux chows purs d’extrémités", 1),
    FanDef(73, "Pung of Terminals or Honors", "Pung de vents ou d’extrémités", 1),
    FanDef(74, "Melded Kong", "Kong exposé", 1),
    FanDef(75, "One Voided Suit", "Une famille absente", 1),
    FanDef(76, "No Honors", "Pas d’honneur", 1),
    FanDef(77, "Edge Wait", "Finir d’un côté", 1),
    FanDef(78, "Closed Wait", "Finir au milieu", 1),
    FanDef(79, "Single Wait", "Finir sur la paire", 1),
    FanDef(80, "Self-Drawn", "Tirer soi-même", 1),
    FanDef(81, "Flower Tiles", "Fleur ou saison", 1),
)
FAN_COUNT = len(FANS)
FAN_BY_NUMBER: dict[int, FanDef] = {fan.number: fan for fan in FANS}
# Index = fan number; index 0 is unused so a fan table is a plain list.
POINTS: tuple[int, ...] = (0, *(fan.points for fan in FANS))
