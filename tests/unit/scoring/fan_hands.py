"""Hands for the fan tests, written in hand-format.md's JSON form.

``hand("123m456p78s11z", "9s", "p222z")`` builds a hand: the concealed tiles
(without the winning tile), the winning tile, then melds written as a kind
letter and tiles: ``c`` chow, ``p`` pung, ``k`` melded kong, ``K`` concealed
kong. Keyword arguments override the win conditions and winds (seat East,
prevalent East, won on a discard, no flowers by default).

``FAN_CASES`` holds, for every one of the 81 fans, a hand where it scores
and a close hand where it must not.
"""

from __future__ import annotations

Hand = dict[str, object]
_KINDS = {"c": "chow", "p": "pung", "k": "kong", "K": "kong"}


def hand(concealed: str, win: str, *melds: str, **options: object) -> Hand:
    data: Hand = {
        "concealed": concealed,
        "melds": [_meld(text) for text in melds],
        "winning_tile": win,
        "self_drawn": False,
        "last_of_kind": False,
        "last_tile": False,
        "replacement": False,
        "robbing_kong": False,
        "flowers": 0,
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    data.update(options)
    return data


def _meld(text: str) -> dict[str, object]:
    letter, tiles = text[0], text[1:]
    concealed = letter == "K"
    source = None if concealed else "left"
    return {
        "kind": _KINDS[letter],
        "tiles": tiles,
        "concealed": concealed,
        "from": source,
    }


# A plain 8-point base (Mixed Straight) to hang win conditions on.
BASE = hand("123m456p789s234m5p", "5p")
BASE_MELDED = hand("789s234m5p", "5p", "c123m", "c456p")
BASE_KONG = hand("789s234m5p", "5p", "c123m", "k4444z")
# Won on a closed 5p that appears nowhere else.
BASE_CLOSED = hand("123m46p789s234m55z", "5p")
# The winning tile appears nowhere else, as Robbing the Kong needs.
ROB = hand("789s24m55p", "3m", "c123p", "c456p")

# (fan number, a hand that scores it, a close hand that does not)
FAN_CASES: list[tuple[int, Hand, Hand]] = [
    (1, hand("111222333444z5m", "5m"), hand("11122233344z45m", "6m")),
    (2, hand("555666777z123m4p", "4p"), hand("55566677z123m44p", "4p")),
    (3, hand("2233446668s666z", "8s"), hand("2233446668s555z", "8s")),
    (4, hand("1112345678999m", "5m"), hand("1123455678999m", "1m")),
    (
        5,
        hand("5z", "5z", "k1111m", "k2222p", "k3333s", "k4444z"),
        hand("5z", "5z", "k1111m", "k2222p", "k3333s", "p444z"),
    ),
    (6, hand("1122334455667m", "7m"), hand("1122334455668m", "8m")),
    (7, hand("19m19p19s1234567z", "1m"), hand("1199m1199p11s112z", "2z")),
    (8, hand("111999m111999p1s", "1s"), hand("111999m999p1s111z", "1s")),
    (9, hand("11122233344z45m", "6m"), hand("111222333z456m4p", "4p")),
    (10, hand("55566677z123m44p", "4p"), hand("555666z123m444p7s", "7s")),
    (11, hand("1112223335556z", "6z"), hand("111222333z999m6z", "6z")),
    (12, hand("111m222p333s444z5z", "5z"), hand("111m222p333s44z55z", "4z")),
    (13, hand("1122337788995m", "5m"), hand("112233778899m5p", "5p")),
    (14, hand("1111222233334m", "4m"), hand("111222333m456p5s", "5s")),
    (15, hand("111222333444m5p", "5p"), hand("111222333555m5p", "5p")),
    (16, hand("123234345456m9p", "9p"), hand("123234345789m9p", "9p")),
    (
        17,
        hand("456m5z", "5z", "k1111m", "k2222p", "k3333s"),
        hand("456m5z", "5z", "k1111m", "k2222p", "p333s"),
    ),
    (18, hand("111999m999p1s111z", "1s"), hand("111999m111999p1s", "1s")),
    (19, hand("113355779m1122z", "9m"), hand("11223m45556p777s", "3m")),
    (20, hand("147m25p3s1234567z", "6s"), hand("147m258p36s12345z", "6z")),
    (21, hand("222444m666p888s8p", "8p"), hand("222555m666p888s8p", "8p")),
    (22, hand("1234567892345m", "5m"), hand("123456789m234p5m", "5m")),
    (
        23,
        hand("123m456p5s", "5s", "c123m", "c123m"),
        hand("234m456p5s", "5s", "c123m", "c123m"),
    ),
    (
        24,
        hand("333m456p5s", "5s", "p111m", "p222m"),
        hand("444m456p5s", "5s", "p111m", "p222m"),
    ),
    (25, hand("789m789p789777s8p", "8p"), hand("789m789p789777s6p", "6p")),
    (26, hand("456m456p456s444s5p", "5p"), hand("345m456p456s444s5p", "5p")),
    (27, hand("123m123p123s111s2p", "2p"), hand("234m123p123s111s2p", "2p")),
    (28, hand("456789m234p1z", "1z", "c123m"), hand("456m789p234p1z", "1z", "c123m")),
    (29, hand("123789m123789p5s", "5s"), hand("123789m123789p6s", "6s")),
    (30, hand("234345m789p1z", "1z", "c123m"), hand("234456m789p1z", "1z", "c123m")),
    (31, hand("345m456p567s555m5p", "5p"), hand("345m456p567s555m6p", "6p")),
    (
        32,
        hand("222s456m1z", "1z", "p222m", "p222p"),
        hand("333s456m1z", "1z", "p222m", "p222p"),
    ),
    (
        33,
        hand("222p333s444m5z", "5z", "c123m"),
        hand("222p333s44m55z", "4m", "c123m"),
    ),
    (34, hand("147m258p36s12345z", "6z"), hand("147m25p3s1234567z", "6s")),
    (35, hand("147m258p369s123m5z", "5z"), hand("147m25p3s1234567z", "6s")),
    (36, hand("789m789p789777s6p", "6p"), hand("789m789p789777s5p", "5p")),
    (37, hand("234m123p123s111s2p", "2p"), hand("345m123p123s111s2p", "2p")),
    (38, hand("111222333z456m4p", "4p"), hand("111222z456m789p4p", "4p")),
    (39, hand("123m456p789s234m5p", "5p"), hand("123m456p678s234m5p", "5p")),
    (40, hand("123345888p456s5z", "5z"), hand("123567888p456s5z", "5z")),
    (41, hand("123m123p123s456m5p", "5p"), hand("123m123p234s456m5p", "5p")),
    (
        42,
        hand("456m1z", "1z", "p111m", "p222p", "p333s"),
        hand("456m1z", "1z", "p111m", "p222p", "p444s"),
    ),
    (
        43,
        hand("789s34m33z", "5m", "c123m", "p555p"),
        hand("789s34m33z", "5m", "c123m", "p555p", self_drawn=True),
    ),
    (
        44,
        {**BASE_MELDED, "self_drawn": True, "last_tile": True},
        {**BASE_MELDED, "last_tile": True},
    ),
    (
        45,
        {**BASE_MELDED, "last_tile": True},
        {**BASE_MELDED, "self_drawn": True, "last_tile": True},
    ),
    (
        46,
        {**BASE_KONG, "self_drawn": True, "replacement": True},
        {**BASE_KONG, "self_drawn": True},
    ),
    (47, {**ROB, "robbing_kong": True}, ROB),
    (
        48,
        hand("456s789m5z", "5z", "K1111m", "K2222p"),
        hand("456s789m5z", "5z", "K1111m", "k2222p"),
    ),
    (
        49,
        hand("333s444m5z", "5z", "p111m", "p222p"),
        hand("345s444m5z", "5z", "p111m", "p222p"),
    ),
    (50, hand("1234567892m111z", "2m"), hand("123456m789p2m111z", "2m")),
    (51, hand("123678m234p345s9p", "9p"), hand("123678m234p456s9p", "9p")),
    (52, hand("123m456p789s111z5z", "5z"), hand("123m456p789s111z2z", "2z")),
    (
        53,
        hand("5z", "5z", "c123m", "c456p", "p777s", "p999m"),
        hand("5z", "5z", "c123m", "c456p", "p777s", "p999m", self_drawn=True),
    ),
    (
        54,
        hand("123m456p9s", "9s", "p555z", "p666z"),
        hand("123m456p9s", "9s", "p555z", "p111z"),
    ),
    (55, hand("123m789p111789s9m", "9m"), hand("234m789p111789s9m", "9m")),
    (56, {**BASE, "self_drawn": True}, BASE),
    (
        57,
        hand("456s789m5z", "5z", "k1111m", "k2222p"),
        hand("456s789m5z", "5z", "k1111m", "p222p"),
    ),
    (58, {**BASE_CLOSED, "last_of_kind": True}, BASE_CLOSED),
    (
        59,
        hand("123m456p9s", "9s", "p555z", "c789p"),
        hand("123m456p5z", "5z", "p999s", "c789p"),
    ),
    (
        60,
        hand("123m456p9s", "9s", "p111z", "c789p", seat_wind="S"),
        hand("123m456p9s", "9s", "p111z", "c789p", seat_wind="S", prevalent_wind="S"),
    ),
    (
        61,
        hand("123m456p9s", "9s", "p111z", "c789p", prevalent_wind="S"),
        hand("123m456p9s", "9s", "p111z", "c789p", seat_wind="W", prevalent_wind="S"),
    ),
    (62, BASE, hand("123m789s234m5p", "5p", "c456p")),
    (63, hand("123m456p789s234m5p", "5p"), hand("123m456p789s234m5z", "5z")),
    (64, hand("111123m456p789s5z", "5z"), hand("234m456p789s5z", "5z", "k1111m")),
    (
        65,
        hand("123m456p9s", "9s", "p222m", "p222p"),
        hand("123m456p9s", "9s", "p222m", "p333p"),
    ),
    (
        66,
        hand("222m333p456s9s", "9s", "c789p"),
        hand("222m33p456s99s", "3p", "c789p"),
    ),
    (
        67,
        hand("123m456p9s", "9s", "K2222s", "c789p"),
        hand("123m456p9s", "9s", "k2222s", "c789p"),
    ),
    (68, hand("234m456p678s234m5p", "5p"), hand("123m456p678s234m5p", "5p")),
    (
        69,
        hand("456p789s5z", "5z", "c123m", "c123m"),
        hand("456m789s5z", "5z", "c123m", "c123p"),
    ),
    (
        70,
        hand("456m789s5z", "5z", "c123m", "c123p"),
        hand("456m789s5z", "5z", "c123m", "c234p"),
    ),
    (
        71,
        hand("456m789s5z", "5z", "c123m", "c345p"),
        hand("567m789s5z", "5z", "c123m", "c345p"),
    ),
    (
        72,
        hand("789m456s5z", "5z", "c123m", "c345p"),
        hand("789p456s5z", "5z", "c123m", "c345p"),
    ),
    (
        73,
        hand("123m456p9s", "9s", "p111s", "c789p"),
        hand("123m456p9s", "9s", "p222s", "c789p"),
    ),
    (
        74,
        hand("123m456p9s", "9s", "k2222s", "c789p"),
        hand("123m456p9s", "9s", "K2222s", "c789p"),
    ),
    (75, hand("123m456p456m789p5z", "5z"), hand("123m456p456s789p5z", "5z")),
    (76, hand("111m456p789s234m5p", "5p"), hand("111m456p789s234m5z", "5z")),
    (77, hand("12m456p789s234m55z", "3m"), hand("23m456p789s234m55z", "4m")),
    (78, hand("13m456p789s567m55z", "2m"), hand("1113m456p789s234m", "2m")),
    (79, hand("123m456p789s234m5z", "5z"), hand("1112m456p789s234m", "2m")),
    (
        80,
        hand("789s234m5p", "5p", "c123m", "c456p", self_drawn=True),
        BASE_MELDED,
    ),
    (81, {**BASE, "flowers": 2}, BASE),
]


def fans_of(data: Hand) -> dict[int, int]:
    """Fan number -> count of the best reading, even below the minimum."""
    from scoring.engine.errors import EngineError
    from scoring.engine.mcr.fans import count_fans, parse_hand

    try:
        result = count_fans(parse_hand(data))
    except EngineError as error:
        if error.code != "below_minimum":
            raise
        fans = error.params["fans"]
    else:
        fans = result.fans
    return {fan.number: fan.count for fan in fans}
