"""Translations: the current language, the message catalogs, and lazily translated texts.

Pure Python (no Qt), so the engine and the games can produce translatable texts.
Texts made by the rules (reasons, hints, status lines) are `Text` objects that translate
themselves whenever they are shown, so a language switch reaches texts made earlier.

Catalogs are looked up per gettext domain in registered folders, laid out the Babel way:
``<folder>/<lang>/LC_MESSAGES/<domain>.mo`` (built into the wheel) or ``.po`` (an editable
checkout or a plugin that ships sources: compiled in memory on first use).
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

DOMAIN = "aisle"
HELP_DOMAIN = "aisle-help"
SOURCE_LANGUAGE = "en"
#: Languages the application itself is translated into, in menu order.
LANGUAGES: tuple[str, ...] = ("en", "de", "ru", "it")

_PACKAGE_LOCALE = Path(__file__).resolve().parent / "locale"
_SOURCE_TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

_current = SOURCE_LANGUAGE
_folders: dict[str, list[Path]] = {}
_cache: dict[tuple[str, str], gettext.NullTranslations] = {}
#: One folder's catalogs (`folder_translation`), cleared with `_cache`.
_folder_cache: dict[tuple[str, str, Path], gettext.NullTranslations] = {}
_listeners: list[Callable[[str], None]] = []
_load_errors: list[str] = []


def _builtin_folders() -> list[Path]:
    folders = [_PACKAGE_LOCALE] if _PACKAGE_LOCALE.is_dir() else []
    # A source checkout (editable install): read its .po files; never a stray site-packages folder.
    if _SOURCE_TRANSLATIONS.is_dir() and (_SOURCE_TRANSLATIONS.parent / "pyproject.toml").is_file():
        folders.append(_SOURCE_TRANSLATIONS)
    return folders


def add_locale_folder(domain: str, folder: Path | str) -> None:
    """Make catalogs of `domain` in `folder` available (used for plugins' catalogs)."""
    path = Path(folder)
    known = _folders.setdefault(domain, [])
    if path not in known:
        known.append(path)
        _cache.clear()
        _folder_cache.clear()


def locale_folders(domain: str) -> list[Path]:
    """Folders searched for `domain`, the application's own first."""
    own = _builtin_folders() if domain in (DOMAIN, HELP_DOMAIN) else []
    return own + [f for f in _folders.get(domain, []) if f not in own]


def _compile_po(po_path: Path) -> gettext.GNUTranslations:
    # Imported here: Babel's message tools are only needed for uncompiled catalogs.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def _load(domain: str, language: str) -> gettext.NullTranslations:
    result: gettext.NullTranslations | None = None
    if language != SOURCE_LANGUAGE:
        for folder in locale_folders(domain):
            found = _load_folder(domain, folder, language)
            if found is None:
                continue
            if result is None:
                result = found
            else:
                result.add_fallback(found)
    return result if result is not None else gettext.NullTranslations()


def _load_folder(domain: str, folder: Path, language: str) -> gettext.NullTranslations | None:
    """The catalog of `domain` in `language` in one folder (None: none there, or unreadable)."""
    base = folder / language / "LC_MESSAGES" / domain
    try:
        if base.with_suffix(".mo").is_file():
            with base.with_suffix(".mo").open("rb") as handle:
                return gettext.GNUTranslations(handle)
        if base.with_suffix(".po").is_file():
            return _compile_po(base.with_suffix(".po"))
    except Exception as error:  # a broken catalog must not stop the program
        _load_errors.append(f"{base}: {error}")
    return None


def folder_translation(domain: str, folder: Path, language: str | None = None
                       ) -> gettext.NullTranslations:
    """The catalog of `domain` in one folder alone (a plugin's help pages' own translations)."""
    code = language or _current
    key = (domain, code, folder)
    if key not in _folder_cache:
        found = _load_folder(domain, folder, code) if code != SOURCE_LANGUAGE else None
        _folder_cache[key] = found if found is not None else gettext.NullTranslations()
    return _folder_cache[key]


def translation(domain: str = DOMAIN, language: str | None = None) -> gettext.NullTranslations:
    """The catalog of `domain` in `language` (default: the current language)."""
    key = (domain, language or _current)
    if key not in _cache:
        _cache[key] = _load(*key)
    return _cache[key]


def catalog_errors() -> list[str]:
    """Catalogs that could not be read (they are skipped, English is shown instead)."""
    return list(_load_errors)


def language() -> str:
    return _current


def set_language(code: str) -> None:
    """Switch the current language and tell every listener (the UI retranslates itself)."""
    global _current
    if code not in available_languages():
        raise ValueError(f"unknown language {code!r}; available: {', '.join(available_languages())}")
    if code == _current:
        return
    _current = code
    for listener in list(_listeners):
        listener(code)


def on_language_changed(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call `listener(code)` after every switch; returns a function that unsubscribes it."""
    _listeners.append(listener)

    def unsubscribe() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return unsubscribe


def available_languages() -> tuple[str, ...]:
    return LANGUAGES


def language_name(code: str) -> str:
    """The language's name in itself ("Deutsch", "русский"), from Babel's locale data."""
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def system_language(environ: dict[str, str] | None = None) -> str:
    """The user's language if we have a catalog for it, else English."""
    env = os.environ if environ is None else environ
    candidates: list[str] = []
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        candidates.extend(part for part in value.split(":") if part)
    found = _first_language(candidates)
    if found is not None or environ is not None:
        return found or SOURCE_LANGUAGE
    # The system's locale comes last; asked only now, as the module is slow to import.
    import locale

    try:
        code = locale.getlocale()[0]
    except ValueError:
        code = None
    return _first_language([code] if code else []) or SOURCE_LANGUAGE


def _first_language(candidates: Iterable[str]) -> str | None:
    """The language the first telling candidate names (English if we have no catalog for it);
    None when every candidate is "C" or "POSIX"."""
    for candidate in candidates:
        short = candidate.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if short in ("c", "posix"):
            continue
        return short if short in LANGUAGES else SOURCE_LANGUAGE
    return None


def _translate(
    domain: str, context: str | None, msgid: str, plural: str | None, n: int | None
) -> str:
    catalog = translation(domain)
    if plural is not None:
        count = 0 if n is None else n
        if context is not None:
            return catalog.npgettext(context, msgid, plural, count)
        return catalog.ngettext(msgid, plural, count)
    if context is not None:
        return catalog.pgettext(context, msgid)
    return catalog.gettext(msgid)


class Text:
    """A message that is translated when shown: ``str(text)`` gives the current language.

    Parameters are filled in with ``str.format`` after translation; a parameter that is
    itself a `Text` is translated too. Numbers are formatted for the language.
    """

    __slots__ = ("context", "domain", "msgid", "n", "params", "plural")

    def __init__(
        self,
        msgid: str,
        *,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
        domain: str = DOMAIN,
        params: dict[str, Any] | None = None,
    ) -> None:
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.context = context
        self.domain = domain
        self.params = params or {}

    def translate(self) -> str:
        text = _translate(self.domain, self.context, self.msgid, self.plural, self.n)
        if not self.params:
            return text
        values = {key: _display(value) for key, value in self.params.items()}
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            # A translation with a broken placeholder falls back to the source text.
            return self.msgid.format(**values) if self.plural is None or self.n == 1 else (
                self.plural.format(**values)
            )

    def __str__(self) -> str:
        return self.translate()

    def _key(self) -> tuple[object, ...]:
        return (self.msgid, self.plural, self.n, self.context, self.domain,
                tuple(sorted((k, repr(v)) for k, v in self.params.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Text({self.msgid!r}" + (f", params={self.params!r})" if self.params else ")")


def _display(value: object) -> object:
    if isinstance(value, Text):
        return value.translate()
    if isinstance(value, int) and not isinstance(value, bool):
        return format_number(value)
    return value


def format_number(value: float) -> str:
    if _current == SOURCE_LANGUAGE and type(value) is int:
        # English groups whole numbers exactly as Python does ("1,234"); skipping Babel here
        # keeps its locale data (tens of milliseconds to load) off the first paint.
        return f"{value:,}"
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_current))


def format_fixed(value: float, places: int) -> str:
    """`value` with `places` decimals, as the language writes it ("0.59" in English, "0,59"
    in German, Russian and Italian)."""
    if _current == SOURCE_LANGUAGE:
        return f"{value:,.{places}f}"
    from babel.numbers import format_decimal

    pattern = "#,##0." + "0" * places if places else "#,##0"
    return str(format_decimal(value, format=pattern, locale=_current))


def format_percent(fraction: float) -> str:
    from babel.numbers import format_percent as babel_percent

    return str(babel_percent(fraction, locale=_current))


def format_duration(seconds: float) -> str:
    """Elapsed play time as H:MM:SS or M:SS (digits are the same in all our languages)."""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_datetime(timestamp: float) -> str:
    from datetime import datetime

    from babel.dates import format_datetime as babel_datetime

    return str(babel_datetime(datetime.fromtimestamp(timestamp), format="medium", locale=_current))


class Messages:
    """Message makers bound to one gettext domain. A plugin makes its own:

    ``T, TN, TP = Messages("aisle_golf").makers()``
    """

    def __init__(self, domain: str) -> None:
        self.domain = domain

    def T(self, msgid: str, /, **params: Any) -> Text:  # noqa: N802 - a marker, extracted by Babel
        return Text(msgid, domain=self.domain, params=params)

    def TN(self, singular: str, plural: str, n: int, /, **params: Any) -> Text:  # noqa: N802
        """A plural message; `{n}` in it is the count unless `params` says otherwise."""
        return Text(singular, plural=plural, n=n, domain=self.domain, params={"n": n, **params})

    def TP(self, context: str, msgid: str, /, **params: Any) -> Text:  # noqa: N802
        return Text(msgid, context=context, domain=self.domain, params=params)

    def makers(
        self,
    ) -> tuple[Callable[..., Text], Callable[..., Text], Callable[..., Text]]:
        return self.T, self.TN, self.TP


_aisle = Messages(DOMAIN)
#: Lazy message makers of the application's own domain (extracted by Babel: T, TN:1,2, TP:1c,2).
T, TN, TP = _aisle.makers()


def _(msgid: str) -> str:
    """Translate now, in the current language (for texts built and shown at once)."""
    return translation(DOMAIN).gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translation(DOMAIN).ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    return translation(DOMAIN).pgettext(context, msgid)


def N_(msgid: str) -> str:  # noqa: N802 - the gettext convention for "mark only"
    return msgid


def texts(items: Iterable[Text]) -> list[str]:
    return [item.translate() for item in items]
