"""The card renderer: sizes, caching, colours, layout symmetry and translated rank letters."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap, QTransform

from aisle import i18n
from aisle.ui.cards import card_art
from aisle.ui.cards.card_art import CARD_ASPECT, SIZES_KEPT, CardArt, card_height, shared_card_art
from aisle.ui.cards.card_art_faces import draw_blank, draw_indices

SUITS = ("clubs", "diamonds", "hearts", "spades")


@pytest.fixture
def art(qapp: object) -> CardArt:
    return CardArt()


def _image(pixmap: QPixmap) -> QImage:
    return pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _count(image: QImage, test: Callable[[QColor], bool], region: QRect | None = None) -> int:
    area = region or image.rect()
    found = 0
    for y in range(area.top(), area.bottom() + 1):
        for x in range(area.left(), area.right() + 1):
            if test(image.pixelColor(x, y)):
                found += 1
    return found


def _red(color: QColor) -> bool:
    return color.alpha() > 200 and color.red() > 150 and color.green() < 90 and color.blue() < 100


def _dark(color: QColor) -> bool:
    return color.alpha() > 200 and max(color.red(), color.green(), color.blue()) < 70


@pytest.mark.parametrize("width", [40, 61, 220])
@pytest.mark.parametrize("dpr", [1.0, 1.5, 2.0])
def test_pixmaps_have_the_card_size_in_device_pixels(art: CardArt, width: int, dpr: float) -> None:
    assert card_height(width) == round(width * CARD_ASPECT)
    for pixmap in (art.face(12, "hearts", width, dpr), art.face(7, "spades", width, dpr),
                   art.back(width, dpr), art.outline(width, dpr)):
        assert pixmap.width() == round(width * dpr)
        assert pixmap.height() == round(card_height(width) * dpr)
        assert pixmap.devicePixelRatio() == dpr


def test_the_same_key_gives_the_same_pixmap_object(art: CardArt) -> None:
    first = art.face(5, "hearts", 80)
    assert art.face(5, "hearts", 80) is first
    assert art.back(80) is art.back(80)
    assert art.outline(80) is art.outline(80)
    assert art.face(5, "hearts", 80, 2.0) is not first
    assert art.face(5, "hearts", 81) is not first
    assert art.face(5, "diamonds", 80) is not first


def test_nothing_is_drawn_until_asked(art: CardArt, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    real = card_art._render

    def counting(width: int, dpr: float, paint: card_art._Painting,
                 aspect: float = card_art.CARD_ASPECT) -> QPixmap:
        drawn.append(width)
        return real(width, dpr, paint, aspect)

    monkeypatch.setattr(card_art, "_render", counting)
    fresh = CardArt()
    assert drawn == []
    fresh.face(1, "spades", 70)
    fresh.face(1, "spades", 70)
    fresh.back(70)
    assert drawn == [70, 70]


def test_clear_drops_the_cache(art: CardArt) -> None:
    before = art.face(13, "clubs", 70)
    art.clear()
    assert art.face(13, "clubs", 70) is not before


def test_old_sizes_are_dropped_after_a_few_new_ones(art: CardArt) -> None:
    first = art.face(2, "clubs", 50)
    for extra in range(1, SIZES_KEPT):
        art.back(50 + extra)
    assert art.face(2, "clubs", 50) is first  # still kept, and now the most recent size
    for extra in range(1, SIZES_KEPT + 1):
        art.back(60 + extra)
    assert art.face(2, "clubs", 50) is not first


def test_shared_card_art_is_one_instance(qapp: object) -> None:
    assert shared_card_art() is shared_card_art()


def test_every_card_looks_different(art: CardArt) -> None:
    pictures = {(rank, suit): _image(art.face(rank, suit, 60)) for suit in SUITS for rank in range(1, 14)}
    pictures[(0, "back")] = _image(art.back(60))
    pictures[(0, "outline")] = _image(art.outline(60))
    fingerprints = {bytes(image.constBits()) for image in pictures.values()}
    assert len(fingerprints) == len(pictures)


@pytest.mark.parametrize("rank", [1, 6, 10, 11, 12, 13])
def test_red_suits_are_drawn_in_red(art: CardArt, rank: int) -> None:
    for suit in ("hearts", "diamonds"):
        assert _count(_image(art.face(rank, suit, 60)), _red) > 40


@pytest.mark.parametrize("rank", range(1, 11))
def test_black_suits_have_no_red_and_plenty_of_ink(art: CardArt, rank: int) -> None:
    for suit in ("clubs", "spades"):
        image = _image(art.face(rank, suit, 60))
        assert _count(image, _red) == 0
        assert _count(image, _dark) > 40


def test_court_corners_of_black_suits_stay_black(art: CardArt) -> None:
    # The robes may have red trim; the indices must not.
    for rank in (11, 12, 13):
        image = _image(art.face(rank, "spades", 100))
        corner = QRect(0, 0, 18, 42)
        assert _count(image, _red, corner) == 0
        assert _count(image, _dark, corner) > 20


def test_the_ace_of_spades_is_grander_than_the_ace_of_clubs(art: CardArt) -> None:
    def ink_height(image: QImage) -> int:
        rows = [y for y in range(image.height()) if _dark(image.pixelColor(image.width() // 2, y))]
        return rows[-1] - rows[0]

    spades = ink_height(_image(art.face(1, "spades", 100)))
    clubs = ink_height(_image(art.face(1, "clubs", 100)))
    assert spades > 1.5 * clubs


@pytest.mark.parametrize(("rank", "suit"), [(2, "hearts"), (4, "clubs"), (10, "spades"), (13, "diamonds")])
def test_cards_look_the_same_turned_round(art: CardArt, rank: int, suit: str) -> None:
    """Lower-half pips and the second index are upside down, so these cards read both ways."""
    image = _image(art.face(rank, suit, 90))
    turned = image.transformed(QTransform().rotate(180))
    differing = _count_differences(image, turned)
    assert differing < 0.01 * image.width() * image.height()


def test_odd_middle_pips_stand_upright(art: CardArt) -> None:
    """The middle pip of a 3 is not turned, so the card is not symmetric under a half turn."""
    image = _image(art.face(3, "spades", 90))
    turned = image.transformed(QTransform().rotate(180))
    assert _count_differences(image, turned) > 30


def _count_differences(one: QImage, other: QImage) -> int:
    differing = 0
    for y in range(one.height()):
        for x in range(one.width()):
            a, b = one.pixelColor(x, y), other.pixelColor(x, y)
            if max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()),
                   abs(a.alpha() - b.alpha())) > 60:
                differing += 1
    return differing


def test_faces_are_opaque_inside_and_rounded_at_the_corners(art: CardArt) -> None:
    image = _image(art.face(9, "diamonds", 100))
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(image.width() - 1, image.height() - 1).alpha() == 0
    assert image.pixelColor(50, 70).alpha() == 255
    border = image.pixelColor(0, image.height() // 2)
    assert border.alpha() > 200 and border.red() < 200  # the soft grey border


def test_the_back_is_deep_blue_inside_a_white_border(art: CardArt) -> None:
    image = _image(art.back(100))
    edge = image.pixelColor(3, 70)
    assert edge.red() > 240 and edge.green() > 240 and edge.blue() > 240
    blue = _count(image, lambda c: c.blue() > 60 and c.blue() > 1.6 * c.red() and c.alpha() == 255)
    assert blue > 0.5 * image.width() * image.height()


def test_the_outline_is_faint_and_translucent(art: CardArt) -> None:
    image = _image(art.outline(100))
    inside = image.pixelColor(50, 70)
    assert 0 < inside.alpha() < 60
    edge = image.pixelColor(0, 70)
    assert inside.alpha() < edge.alpha() < 255
    assert image.pixelColor(0, 0).alpha() == 0


def test_a_foundation_outline_shows_the_four_suits_faintly(art: CardArt) -> None:
    plain, foundation = _image(art.outline(100)), _image(art.outline(100, foundation=True))
    differing = _count(foundation, lambda c: c.alpha() > 60) - _count(plain, lambda c: c.alpha() > 60)
    assert differing > 0.03 * foundation.width() * foundation.height()  # the suits show
    assert foundation.pixelColor(50, 70).alpha() < 120  # and stay faint
    assert foundation.pixelColor(0, 70) == plain.pixelColor(0, 70)  # the same edge
    assert art.outline(100, foundation=True) is not art.outline(100)


def test_a_strong_outline_for_high_contrast_is_bright_and_wide(art: CardArt) -> None:
    for foundation in (False, True):
        faint = _image(art.outline(100, foundation=foundation))
        strong = _image(art.outline(100, foundation=foundation, strong=True))
        assert strong.pixelColor(0, 70).alpha() > 200 > faint.pixelColor(0, 70).alpha()
        assert _line_ink(strong) > 3 * _line_ink(faint)  # wider and brighter
        assert strong.pixelColor(50, 70).alpha() < 120  # the card shape's inside stays light


def _line_ink(image: QImage) -> int:
    """How much the outline's line covers across its left edge, over the inside's fill."""
    fill = image.pixelColor(50, 70).alpha()
    return sum(max(image.pixelColor(x, 70).alpha() - fill, 0) for x in range(20))


def test_wrong_arguments_are_refused(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.face(0, "hearts", 60)
    with pytest.raises(ValueError):
        art.face(14, "hearts", 60)
    with pytest.raises(ValueError):
        art.face(5, "stars", 60)
    with pytest.raises(ValueError):
        art.back(0)
    with pytest.raises(ValueError):
        art.outline(60, 0.0)


@pytest.fixture
def german_ranks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A tiny German catalog giving the queen the letter D (Dame), used only by this test."""
    folder = tmp_path / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "aisle.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "card rank"\nmsgid "Q"\nmsgstr "D"\n', encoding="utf-8")
    # Private state is swapped, not edited, so the catalogs of other tests stay as they were.
    monkeypatch.setattr(i18n, "_folders", {key: list(value) for key, value in i18n._folders.items()})
    monkeypatch.setattr(i18n, "_cache", {})
    i18n.add_locale_folder(i18n.DOMAIN, tmp_path)
    try:
        yield
    finally:
        i18n.set_language(i18n.SOURCE_LANGUAGE)


def _corner(image: QImage, width: int) -> QImage:
    return image.copy(QRect(0, 0, round(0.19 * width), round(0.42 * width)))


def _expected_corner(sign: str, suit: str, width: int) -> QImage:
    image = QImage(width, card_height(width), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                           | QPainter.RenderHint.SmoothPixmapTransform)
    draw_blank(painter, width, card_height(width), 1.0)
    draw_indices(painter, sign, suit, width, card_height(width))
    painter.end()
    return _corner(image.convertToFormat(QImage.Format.Format_ARGB32), width)


def test_the_rank_letter_follows_the_language(art: CardArt, german_ranks: None) -> None:
    english = art.face(12, "hearts", 100)
    assert _corner(_image(english), 100) == _expected_corner("Q", "hearts", 100)
    i18n.set_language("de")
    assert art.face(12, "hearts", 100) is english  # the UI calls clear() after a switch
    art.clear()
    german = _corner(_image(art.face(12, "hearts", 100)), 100)
    assert german == _expected_corner("D", "hearts", 100)
    assert german != _corner(_image(english), 100)
    # Digits are not translated.
    assert _corner(_image(art.face(7, "hearts", 100)), 100) == _expected_corner("7", "hearts", 100)
