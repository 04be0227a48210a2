"""Country codes as organisers type them, normalised to 3 letters.

The EMA files carry 3-letter codes (ISO 3166-1 alpha-3). Organisers also
type 2-letter codes ("fr", "UK") or a country name, in English or French.
The table covers the EMA member countries and the countries whose players
travel to European events most; an unknown 3-letter code passes through
unchanged (the organiser knows better), anything else is reported.
"""

from __future__ import annotations

import re
import unicodedata

# alpha-3, then 2-letter forms, then names (spaces written as "-").
_TABLE = """
AUT AT austria autriche
BEL BE belgium belgique
BGR BG bulgaria bulgarie
BLR BY belarus bielorussie
CHE CH switzerland suisse
CYP CY cyprus chypre
CZE CZ czechia czech-republic tchequie republique-tcheque
DEU DE germany allemagne
DNK DK denmark danemark
ESP ES spain espagne
EST EE estonia estonie
FIN FI finland finlande
FRA FR france
GBR GB,UK united-kingdom great-britain england scotland wales
GBR GB royaume-uni grande-bretagne angleterre ecosse pays-de-galles
GRC GR greece grece
HRV HR croatia croatie
HUN HU hungary hongrie
IRL IE ireland irlande
ISL IS iceland islande
ISR IL israel
ITA IT italy italie
LTU LT lithuania lituanie
LUX LU luxembourg
LVA LV latvia lettonie
MLT MT malta malte
NLD NL netherlands holland pays-bas hollande
NOR NO norway norvege
POL PL poland pologne
PRT PT portugal
ROU RO romania roumanie
RUS RU russia russie
SRB RS serbia serbie
SVK SK slovakia slovaquie
SVN SI slovenia slovenie
SWE SE sweden suede
TUR TR turkey turkiye turquie
UKR UA ukraine
USA US united-states usa etats-unis
CAN CA canada
BRA BR brazil bresil
MEX MX mexico mexique
AUS AU australia australie
NZL NZ new-zealand nouvelle-zelande
CHN CN china chine
HKG HK hong-kong
MAC MO macao macau
TWN TW taiwan
JPN JP japan japon
KOR KR south-korea korea coree-du-sud coree
SGP SG singapore singapour
MYS MY malaysia malaisie
THA TH thailand thailande
VNM VN vietnam viet-nam
PHL PH philippines
IDN ID indonesia indonesie
IND IN india inde
MAR MA morocco maroc
DZA DZ algeria algerie
TUN TN tunisia tunisie
ZAF ZA south-africa afrique-du-sud
"""


def _key(value: str) -> str:
    """Lower case, no accents, words joined by "-"."""
    decomposed = unicodedata.normalize("NFKD", value)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return "-".join(re.findall(r"[a-z0-9]+", plain.casefold()))


def _lookup() -> dict[str, str]:
    table: dict[str, str] = {}
    for line in _TABLE.strip().splitlines():
        alpha3, alpha2, *names = line.split()
        for key in (alpha3, *alpha2.split(","), *names):
            table[_key(key)] = alpha3
    return table


_LOOKUP = _lookup()


def normalise_country(value: str) -> str | None:
    """The 3-letter upper-case code for ``value``, or ``None`` if unknown.

    Precondition: ``value`` is not empty.
    """
    key = _key(value)
    if key in _LOOKUP:
        return _LOOKUP[key]
    if len(key) == 3 and key.isascii() and key.isalpha():
        return key.upper()
    return None
