"""What Select Game tells about a game besides its name: its family, its difficulty and the
player's record with it, and the words for them.

A game states its family and difficulty with two optional class attributes (documented in
plugins/README.md); anything else there (missing, of the wrong type, out of range) counts as
not stated, so a plugin can never break the chooser with them:

- `game_family`: one of `FAMILIES` ("klondike", "freecell", "spider", "pairing",
  "builders"); any other value lists the game under "Other". (Not `family`: kit games use
  that name for their rule object.)
- `difficulty`: 1 (easy), 2 (medium) or 3 (hard), for the game with its default options.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from aisle.i18n import TN, T, Text
from aisle.registry.collect import VariantInfo
from aisle.stats import Statistics

#: The families the chooser filters by, in the order it offers them.
FAMILIES: tuple[tuple[str, Text], ...] = (
    ("klondike", T("Klondike-like")),
    ("freecell", T("FreeCell-like")),
    ("spider", T("Spider-like")),
    ("pairing", T("Pairing")),
    ("builders", T("Builders")),
    ("other", T("Other")),
)
OTHER = "other"
DIFFICULTIES: dict[int, Text] = {1: T("Easy"), 2: T("Medium"), 3: T("Hard")}
_KNOWN = {family for family, _label in FAMILIES}


class Record(NamedTuple):
    """The player's games of one game, whatever the options."""

    played: int
    won: int


def family_of(variant: type) -> str:
    value = _attribute(variant, "game_family")
    return value if isinstance(value, str) and value in _KNOWN else OTHER


def difficulty_of(variant: type) -> int | None:
    value = _attribute(variant, "difficulty")
    return value if type(value) is int and value in DIFFICULTIES else None


def _attribute(variant: type, name: str) -> object:
    # A plugin's class may answer anything, or raise: the chooser shows nothing then.
    try:
        return getattr(variant, name, None)
    except Exception:
        return None


def records(stats: Statistics | None) -> dict[str, Record]:
    """Every game's record, its option combinations added up."""
    totals: dict[str, Record] = {}
    if stats is None:
        return totals
    for variant_id, options in stats.recorded():
        entry = stats.entry(variant_id, options)
        played, won = totals.get(variant_id, Record(0, 0))
        totals[variant_id] = Record(played + entry.played, won + entry.won)
    return totals


def record_text(record: Record, playing: bool = False) -> str:
    """The game's record; `playing`: it is on the table now (its first game is not "not
    played", though no game of it has ended yet)."""
    if not record.played:
        return (T("First game under way") if playing else T("Not played yet")).translate()
    return TN("Won {won} of {n} game", "Won {won} of {n} games", record.played,
              won=record.won).translate()


def difficulty_dots(level: int) -> str:
    """The tile's dots as text: `level` of three filled (for the difficulty filter's choices,
    so that they say what the dots on the tiles mean)."""
    return "\u25cf" * level + "\u25cb" * (len(DIFFICULTIES) - level)


def difficulty_text(level: int) -> str:
    return T("Difficulty: {level}", level=DIFFICULTIES[level]).translate()


def folded(text: str) -> str:
    """`text` for a search that ignores case and accents ("Ärger" is found by "arger")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


class GameEntry(NamedTuple):
    """A game as the chooser lists it, in the current language."""

    id: str
    name: str
    description: str
    family: str
    difficulty: int | None
    record: Record
    #: Name, description, id and other names, folded (see `folded`).
    searched: str
    #: The game is on the table now.
    playing: bool = False
    #: Other names the game goes by, in the current language (`Variant.other_names`).
    other_names: tuple[str, ...] = ()

    def matches(self, needle: str, family: str | None, played: bool | None,
                difficulty: int | None = None) -> bool:
        """Whether the game is shown for a folded search text, a family (None: any), played
        or not (None: either) and a difficulty (None: any)."""
        return ((not needle or needle in self.searched)
                and (family is None or self.family == family)
                and (played is None or (self.record.played > 0) == played)
                and (difficulty is None or self.difficulty == difficulty))

    def closeness(self, needle: str) -> int:
        """How well the game's name answers a folded search text, for the game chosen as it is
        typed (lower is closer): the name itself, the name's start, a word's start, somewhere
        in the name, only in the description or the id. "freecell" chooses FreeCell, not a
        game listed before it whose description names FreeCell."""
        name = folded(self.name)
        if name == needle or self.id == needle:
            return 0
        if name.startswith(needle):
            return 1
        if any(word.startswith(needle) for word in name.split()):
            return 2
        return 3 if needle in name else 4

    def details(self) -> list[str]:
        """The lines told beside the name: description, difficulty, record."""
        lines = [self.description]
        if self.other_names:
            lines.append(T("Also known as: {names}", names=", ".join(self.other_names)).translate())
        if self.difficulty is not None:
            lines.append(difficulty_text(self.difficulty))
        lines.append(record_text(self.record, self.playing))
        return lines


def game_entries(infos: Iterable[VariantInfo], records: Mapping[str, Record],
                 playing: str | None = None) -> list[GameEntry]:
    """The games as the chooser lists them; `playing`: the id of the game on the table."""
    entries = []
    for info in infos:
        name, description = info.name.translate(), info.description.translate()
        others = other_names_of(info.variant)
        # Found by the English names too: a player may know a game by its English name.
        # Each once, and not the game's own name (Russian calls Klondike "Косынка" already).
        shown = tuple(other for other in dict.fromkeys(other.translate() for other in others)
                      if folded(other) != folded(name))
        searched = " ".join((name, description, info.id, *shown, *(other.msgid for other in others)))
        entries.append(GameEntry(info.id, name, description, family_of(info.variant),
                                 difficulty_of(info.variant), records.get(info.id, Record(0, 0)),
                                 folded(searched), info.id == playing, shown))
    return entries


def other_names_of(variant: type) -> tuple[Text, ...]:
    value = _attribute(variant, "other_names")
    if not isinstance(value, tuple | list):
        return ()
    return tuple(name for name in value if isinstance(name, Text))
