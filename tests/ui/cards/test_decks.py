"""Card decks: our own, SVG decks (a small one shipped here, KDE's and AisleRiot's when
installed), refusing broken ones, switching live, remembering the choice, plugin decks."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPixmap

from aisle.registry import collect, manager, specs
from aisle.storage import Settings
from aisle.ui.cards.card_art import CardArt, shared_card_art
from aisle.ui.cards.decks.catalog import add_deck_file, all_decks, find_deck, installed_decks
from aisle.ui.cards.decks.deck import DeckError
from aisle.ui.cards.decks.own import ClassicDeck, LargeIndexDeck, ModernDeck, own_decks
from aisle.ui.cards.decks.svg_deck import SvgDeck
from aisle.ui.table.baize import DEFAULT_BAIZE, baize_style, paint_baize, set_baize_style

DATA = Path(__file__).resolve().parents[2] / "data" / "decks"
SIMPLE = DATA / "simple.svg"
BROKEN = DATA / "broken.svg"
KDE_STANDARD = Path("/usr/share/carddecks/svg-standard")
BONDED = Path("/usr/share/aisleriot/cards/bonded.svgz")


@pytest.fixture(autouse=True)
def shared_look_restored(qapp: object) -> Iterator[None]:
    """The deck and the baize are the process's: every test leaves the defaults behind."""
    yield
    shared_card_art().set_deck(ClassicDeck())
    set_baize_style(DEFAULT_BAIZE)


def _image(pixmap: QPixmap) -> QImage:
    return pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _has(image: QImage, color: QColor, tolerance: int = 12) -> bool:
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            found = image.pixelColor(x, y)
            if (found.alpha() > 240 and abs(found.red() - color.red()) <= tolerance
                    and abs(found.green() - color.green()) <= tolerance
                    and abs(found.blue() - color.blue()) <= tolerance):
                return True
    return False


def test_the_shipped_deck_draws_every_card_from_its_elements() -> None:
    deck = SvgDeck(SIMPLE)
    deck.check()
    art = CardArt(None, deck)
    hearts = _image(art.face(7, "hearts", 80))
    assert _has(hearts, QColor("#c92a2a"))
    assert not _has(hearts, QColor("#1a7f37"))
    assert _has(_image(art.face(13, "clubs", 80)), QColor("#1a7f37"))
    assert _has(_image(art.back(80)), QColor("#ffd43b"))
    assert art.problem is None


def test_a_broken_file_is_refused_naming_the_deck() -> None:
    with pytest.raises(DeckError) as refused:
        SvgDeck(BROKEN).check()
    message = refused.value.message.translate()
    assert "“Broken”" in message and str(BROKEN) not in message


def test_a_deck_missing_cards_is_refused_naming_what_it_lacks(tmp_path: Path) -> None:
    partial = tmp_path / "partial.svg"
    text = SIMPLE.read_text(encoding="utf-8").replace('id="queen_spade"', 'id="nobody"')
    partial.write_text(text, encoding="utf-8")
    with pytest.raises(DeckError) as refused:
        SvgDeck(partial).check()
    message = refused.value.message.translate()
    assert "“Partial”" in message and "queen_spade" in message and "1 of the 53" in message


def test_a_deck_that_breaks_after_being_chosen_gives_way_to_ours(tmp_path: Path) -> None:
    copy = tmp_path / "deck.svg"
    shutil.copy(BROKEN, copy)
    art = CardArt(None, SvgDeck(copy))
    picture = art.face(1, "spades", 60)
    assert picture.width() == 60
    assert art.problem is not None and "“Deck”" in art.problem.message.translate()


@pytest.mark.skipif(not KDE_STANDARD.is_dir(), reason="KDE's card decks are not installed")
def test_a_real_kde_deck_is_found_named_and_drawn() -> None:
    found = {deck.path.parent.name: deck for deck in installed_decks([Path("/usr/share")])}
    deck = found["svg-standard"]
    assert deck.name  # from index.desktop
    deck.check()
    art = CardArt(None, deck)
    assert _has(_image(art.face(12, "hearts", 100)), QColor(255, 255, 255), tolerance=4)
    assert art.problem is None


@pytest.mark.skipif(not BONDED.is_file(), reason="AisleRiot's decks are not installed")
def test_aisleriots_bonded_deck_is_drawn_with_its_own_naming() -> None:
    deck = next(d for d in installed_decks([Path("/usr/share")]) if d.path == BONDED)
    deck.check()
    art = CardArt(None, deck)
    red = _image(art.face(1, "hearts", 100))
    black = _image(art.face(1, "spades", 100))
    assert art.problem is None
    assert red != black and red != _image(art.back(100))


def test_our_decks_differ_and_name_their_pictures_apart() -> None:
    decks = own_decks()
    assert [deck.id for deck in decks] == ["aisle", "aisle-large-index", "aisle-modern"]
    assert len({deck.stamp() for deck in decks}) == 3
    pictures = [_image(CardArt(None, deck).face(10, "clubs", 70)) for deck in decks]
    assert pictures[0] != pictures[1] != pictures[2] != pictures[0]


def test_the_large_index_deck_gives_each_suit_its_colour() -> None:
    art = CardArt(None, LargeIndexDeck())
    assert _has(_image(art.face(5, "clubs", 60)), QColor(0, 122, 51))
    assert _has(_image(art.face(5, "diamonds", 60)), QColor(16, 84, 200))
    assert not _has(_image(art.face(5, "diamonds", 60)), QColor(204, 20, 40))


def test_a_saved_deck_is_found_without_reading_it() -> None:
    assert find_deck("") is not None and find_deck("")
    assert isinstance(find_deck("aisle-modern"), ModernDeck)
    assert find_deck("svg:/no/such/deck.svgz") is None
    assert find_deck("nonsense") is None
    found = find_deck(f"svg:{SIMPLE}")
    assert isinstance(found, SvgDeck) and found.path == SIMPLE


def test_a_deck_added_from_a_file_is_copied_and_listed(isolated: Path) -> None:
    added = add_deck_file(SIMPLE)
    assert added.path.parent == isolated / "decks"
    assert added.path.read_bytes() == SIMPLE.read_bytes()
    assert added.id in {deck.id for deck in all_decks([])}
    with pytest.raises(DeckError):
        add_deck_file(BROKEN)
    assert sorted(path.name for path in (isolated / "decks").iterdir()) == ["simple.svg"]


def test_choices_are_remembered(tmp_path: Path) -> None:
    Settings(card_deck=f"svg:{SIMPLE}", baize="#123456").save(tmp_path)
    loaded, problems = Settings.load(tmp_path)
    assert problems == []
    assert (loaded.card_deck, loaded.baize) == (f"svg:{SIMPLE}", "#123456")


def test_switching_deck_repaints_the_table(make_window: Callable[..., object]) -> None:
    from aisle.ui.window.main_window import MainWindow

    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    item = next(item for item in window.scene.items()
                if getattr(item, "card", None) is not None and item.card.face_up)
    before = _image(item.pixmap())
    assert window.appearance.choose_deck(SvgDeck(SIMPLE))
    after = _image(item.pixmap())
    assert after != before
    assert window.settings.card_deck == f"svg:{SIMPLE}"
    assert not window.appearance.choose_deck(SvgDeck(BROKEN))
    assert window.appearance.deck.id == f"svg:{SIMPLE}"  # the refused one never shows
    assert window.appearance.choose_deck(ClassicDeck())
    assert window.settings.card_deck == ""


def test_the_saved_deck_and_baize_are_shown_from_the_start(qtbot: object) -> None:
    from aisle.ui.window.main_window import MainWindow

    window = MainWindow(Settings(animations=False, card_deck="aisle-modern", baize="blue"))
    try:
        assert window.appearance.deck.id == "aisle-modern"
        assert baize_style() == "blue"
    finally:
        window.close()
        window.deleteLater()


def test_baize_colours_and_a_custom_one(make_window: Callable[..., object]) -> None:
    from aisle.ui.window.main_window import MainWindow

    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    window.appearance.choose_baize("#804020")
    assert window.settings.baize == "#804020"
    middle = _image(paint_baize(40, 40, 1.0, "#804020")).pixelColor(20, 17)
    assert middle.red() > middle.green() > middle.blue()
    window.appearance.choose_baize("not a colour")
    assert baize_style() == DEFAULT_BAIZE and window.settings.baize == ""


def test_the_dialog_lists_every_deck_and_switches(make_window: Callable[..., object]) -> None:
    from aisle.ui.window.main_window import MainWindow

    window = make_window("klondike")
    assert isinstance(window, MainWindow)
    window.acts.card_style.trigger()
    dialog = window.appearance.dialog
    assert dialog is not None
    names = [dialog.decks.item(row).text() for row in range(dialog.decks.count())]
    assert names[:3] == [ClassicDeck().name, LargeIndexDeck().name, ModernDeck().name]
    dialog.decks.setCurrentRow(1)
    assert window.appearance.deck.id == "aisle-large-index"
    dialog.baize_buttons["burgundy"].click()
    assert window.settings.baize == "burgundy"
    dialog.close()


def test_a_plugin_offers_decks_and_a_broken_one_is_listed_with_its_error(tmp_path: Path) -> None:
    registry = manager.Registry()
    info = collect.PluginInfo("decks", "decks-dist", "1.0", "decks")

    class Plugin:
        @specs.hookimpl
        def aisle_card_decks(self) -> list[Path]:
            return [DATA, tmp_path / "missing.svgz", SIMPLE.with_suffix(".png")]

    registry.add_plugin(Plugin(), info)
    assert registry.card_decks == [("decks", DATA)]
    assert len(info.errors) == 2
    assert "missing.svgz does not exist" in info.errors[0]


def _opaque_columns(image: QImage) -> tuple[int, int]:
    """The first and last pixel columns with anything drawn in them."""
    drawn = [x for x in range(image.width())
             if any(image.pixelColor(x, y).alpha() > 0 for y in range(0, image.height(), 3))]
    return drawn[0], drawn[-1]


class _NarrowDeck(ClassicDeck):
    """Our classic pictures, said to be a narrower card (as KDE's Paris and AisleRiot's Bonded)."""

    def shape(self) -> float | None:
        return 1.6


def test_cards_and_outlines_take_the_decks_card_shape() -> None:
    """A deck narrower than the poker-size card is drawn at its own shape, and so is the outline
    of an empty slot: nothing peeks out beside its cards, and the table is laid out for it."""
    width = 100
    art = CardArt(None, _NarrowDeck())
    assert art.aspect() == 1.6
    outline, face = _image(art.outline(width)), _image(art.face(1, "spades", width))
    assert (outline.width(), outline.height()) == (face.width(), face.height()) == (width, 160)
    left, right = _opaque_columns(outline)
    assert left <= 1 and right >= width - 2
    ours = CardArt(None, ClassicDeck())
    assert _image(ours.outline(width)).height() == _image(ours.back(width)).height() == 140


def test_the_table_is_laid_out_for_the_chosen_decks_shape(make_window: Callable[..., object]) -> None:
    """Choosing a narrower deck lays the table out anew: its cards as tall as the deck's shape
    says, each card on its slot's outline."""
    from aisle.ui.window.main_window import MainWindow

    class Narrow(_NarrowDeck):
        id = "test-narrow"

    window = make_window("klondike", 7)
    assert isinstance(window, MainWindow)
    assert window.appearance.choose_deck(Narrow())
    layout = window.scene.layout
    assert layout is not None and abs(layout.card_height / layout.card_width - 1.6) < 0.02
    game = window.game
    assert game is not None
    for slot in game.slots:
        if slot.cards:
            item = window.scene.item_of(slot.id, 0)
            assert (item.pos().x(), item.pos().y()) == layout.origins[slot.id]
            assert round(item.pixmap().height() / item.pixmap().devicePixelRatio()) == layout.card_height
    assert window.appearance.choose_deck(ClassicDeck())
    assert window.scene.layout is not None and window.scene.layout.card_height != layout.card_height


def test_a_decks_shape_is_noted_for_the_next_start(tmp_path: Path) -> None:
    """Once the deck has told its shape, a later start lays the table out for it before the
    deck's file is read again (no second layout after the first frame); a damaged note is
    ignored."""
    from aisle.ui.cards.picture_cache import PictureCache

    class Unread(_NarrowDeck):
        def shape(self) -> float | None:
            return None

    CardArt(PictureCache(tmp_path), _NarrowDeck()).aspect()
    assert CardArt(PictureCache(tmp_path), Unread()).aspect() == 1.6
    for note in tmp_path.rglob("card-shape-*"):
        note.write_text("not a number", encoding="utf-8")
    assert CardArt(PictureCache(tmp_path), Unread()).aspect() == 1.4


def test_an_svg_decks_shape_is_known_once_it_is_read() -> None:
    deck = SvgDeck(SIMPLE)
    assert deck.shape() is None
    deck.check()
    shape = deck.shape()
    assert shape is not None and shape > 1.0
    deck.release()
    assert deck.shape() == shape
