"""The plugin author's guide (plugins/README.md) says what the code does: required methods, the
import table, the single foundation's id, what comes translated from Aisle, the catalog
commands, the help template's header, and what the conformance kit samples."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from plugin_help import write_catalog

from aisle import help as pages
from aisle import hooks, i18n
from aisle.engine import Slot, SlotKind, SlotSpec
from aisle.testing.conformance import RANDOM_STEPS, SEEDS, SWEEP_EVERY
from aisle.tools import extract_help
from aisle.variant import Variant, default_slot_name

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "plugins" / "README.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "aisle-golf"


def section(number: int) -> str:
    start = GUIDE.index(f"\n## {number}. ")
    end = GUIDE.find("\n## ", start + 1)
    return GUIDE[start:end if end != -1 else None]


def table_rows(text: str, first_column: str) -> list[list[str]]:
    """The rows of the table whose header starts with `first_column`, split into cells."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_column} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


# -- 2: which methods are required --------------------------------------------------------------------
def _required(name: str) -> bool:
    return "raise NotImplementedError" in inspect.getsource(getattr(Variant, name))


def test_the_required_column_matches_the_base_class() -> None:
    rows = table_rows(section(3), "method")
    marked = {re.match(r"`(\w+)\(", row[0]).group(1): row[1] for row in rows}  # type: ignore[union-attr]
    assert all(value in ("**required**", "optional") for value in marked.values()), marked
    for name, value in marked.items():
        assert (value == "**required**") == _required(name), f"{name} is marked {value}"
    every_required = {name for name, _ in inspect.getmembers(Variant, inspect.isfunction)
                      if _required(name)}
    assert every_required == {name for name, value in marked.items() if value == "**required**"}
    assert all(f"`{name}`" in section(3).split("| method |")[0] for name in every_required)


def test_the_required_class_attributes_have_no_default() -> None:
    for row in table_rows(section(3), "attribute"):
        name = row[0].strip("`")
        assert (row[1] == "**required**") == (not hasattr(Variant, name)), name


# -- 8: the import table ------------------------------------------------------------------------------
def test_every_name_in_the_import_table_can_be_imported_from_its_module() -> None:
    rows = table_rows(GUIDE, "module")
    listed = {row[0].strip("`"): re.findall(r"`(\w+)`", row[1]) for row in rows}
    assert {"Rank", "Suit"} <= set(listed["aisle.engine"])
    for module, names in listed.items():
        imported = importlib.import_module(module)
        for name in names:
            if name != "aisle_conformance":  # a pytest fixture, named there as such
                assert hasattr(imported, name), f"{module} has no {name}"


# -- 7: a single foundation ---------------------------------------------------------------------------
def test_a_single_foundation_is_foundation_1_and_named_so() -> None:
    assert '**A single foundation is `"foundation-1"`**' in section(2)
    foundation = Slot(SlotSpec("foundation-1", SlotKind.FOUNDATION, 0, 0))
    assert str(default_slot_name(foundation)) == "foundation 1"
    assert str(default_slot_name(Slot(SlotSpec("stock", SlotKind.STOCK, 0, 0)))) == "the stock"
    golf = (EXAMPLE / "aisle_golf" / "game.py").read_text(encoding="utf-8")
    assert 'FOUNDATION = "foundation-1"' in golf and "def slot_name" in golf


# -- 6: what comes translated from Aisle -------------------------------------------------------------
SHARED = ["Setup", "Goal", "Rules", "Options", "Scoring", "Strategy",
          "Type of deck", "Stock", "Waste", "Foundations", "Tableau", "Reserve"]


def test_the_guide_names_exactly_the_pieces_aisle_translates() -> None:
    said = section(8).split("**What comes translated from Aisle.**")[1].split("\n\n")[0]
    assert all(piece in said for piece in SHARED)
    for language in ("de", "ru", "it"):
        with (ROOT / "translations" / language / "LC_MESSAGES" / "aisle-help.po").open("rb") as handle:
            catalog = read_po(handle)
        for piece in SHARED:
            message = catalog.get(piece)
            assert message is not None and message.string, f"{language}: {piece!r}"


def test_aisles_translation_of_a_setup_label_wins_over_the_plugins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "help"
    folder.mkdir()
    (folder / "quilt.md").write_text("# Quilt\n\nA patchwork.\n\n## Setup\n\n"
                                     "| Type of deck | One deck. |\n| Stock | Below. |\n",
                                     encoding="utf-8")
    write_catalog(folder / "de" / "LC_MESSAGES" / "aisle-help.po", "de",
                  {"Quilt": "Flickendecke", "Stock": "Vorrat", "Below.": "Unten."})
    monkeypatch.setattr(i18n, "_folders", {key: list(value) for key, value in i18n._folders.items()})
    monkeypatch.setattr(i18n, "_cache", {})
    registry = hooks.Registry()

    class QuiltPlugin:
        @hooks.hookimpl
        def aisle_help_dirs(self) -> list[Path]:
            return [folder]

    registry.add_plugin(QuiltPlugin(), hooks.PluginInfo("quilt", "quilt", "1.0", "quilt"))
    monkeypatch.setattr(hooks, "_registry", registry)
    page = pages.load_page("quilt", "de")
    (table,) = [block for block in page.blocks if isinstance(block, pages.Table)]
    with (ROOT / "translations" / "de" / "LC_MESSAGES" / "aisle-help.po").open("rb") as handle:
        aisle_german = read_po(handle)
    cells = [[cell.text for cell in row] for row in table.rows]
    # "Type of deck" is in Aisle's catalog only; "Stock" in both, and Aisle's is shown.
    assert cells == [[aisle_german.get("Type of deck").string, "One deck."],  # type: ignore[union-attr]
                     [aisle_german.get("Stock").string, "Unten."]]  # type: ignore[union-attr]
    assert cells[1][0] == "Talon"
    assert page.blocks[0].unit.text == "Flickendecke"  # type: ignore[union-attr]


# -- 4: init before update ----------------------------------------------------------------------------
def test_catalogs_are_created_with_init_before_they_are_updated() -> None:
    for domain in ("aisle_golf", "aisle-help"):
        init = GUIDE.index(f"pybabel init   -D {domain} ")
        update = GUIDE.index(f"pybabel update -D {domain} ")
        assert init < update and " -l de" in GUIDE[init:GUIDE.index("\n", init)]


# -- 5: the help template names the plugin --------------------------------------------------------------
def _header(pot: Path) -> dict[str, str]:
    text = pot.read_text(encoding="utf-8")
    project, version = re.search(r'"Project-Id-Version: (.*) (\S*)\\n"', text).groups()  # type: ignore[union-attr]
    holder = re.search(r"^# Copyright \(C\) \d+ (.*)$", text, re.MULTILINE).group(1)  # type: ignore[union-attr]
    return {"project": project, "version": version, "holder": holder}


def test_a_plugins_help_template_names_the_plugin(tmp_path: Path) -> None:
    project = tmp_path / "quilt"
    (project / "quilt" / "help").mkdir(parents=True)
    (project / "quilt" / "help" / "quilt.md").write_text("# Quilt\n\nA patchwork.\n", encoding="utf-8")
    (project / "pyproject.toml").write_text('[project]\nname = "aisle-quilt"\nversion = "2.3.0"\n'
                                            'authors = [{name = "Ada Lovelace"}]\n', encoding="utf-8")
    pot = tmp_path / "out.pot"
    assert extract_help.main(["--help-dir", str(project / "quilt" / "help"), "--output", str(pot)]) == 0
    assert _header(pot) == {"project": "aisle-quilt", "version": "2.3.0", "holder": "Ada Lovelace"}
    text = pot.read_text(encoding="utf-8")
    assert "Aisle" not in text and "#: quilt/help/quilt.md:1" in text
    assert extract_help.main(["--help-dir", str(project / "quilt" / "help"), "--output", str(pot),
                              "--project", "Quilt", "--version", "3", "--copyright-holder", "Me"]) == 0
    assert _header(pot) == {"project": "Quilt", "version": "3", "holder": "Me"}


def test_the_example_and_aisle_itself_get_their_own_names(tmp_path: Path) -> None:
    pot = tmp_path / "golf.pot"
    assert extract_help.main(["--help-dir", str(EXAMPLE / "aisle_golf" / "help"), "--output", str(pot)]) == 0
    assert _header(pot) == {"project": "aisle-golf", "version": "1.0.0", "holder": "The aisle-golf authors"}
    assert "#: aisle_golf/help/golf.md:1" in pot.read_text(encoding="utf-8")
    assert extract_help.main(["--help-dir", str(ROOT / "help"), "--output", str(pot)]) == 0
    assert _header(pot)["project"] == "Aisle"


def test_a_help_folder_of_no_project_needs_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "help").mkdir()
    assert extract_help.main(["--help-dir", str(tmp_path / "help"), "--output", str(tmp_path / "x.pot")]) == 2
    assert "--project" in capsys.readouterr().err


# -- 1: the complete pyproject -------------------------------------------------------------------------
def test_step_1_shows_the_whole_pyproject_with_its_build_system() -> None:
    step = GUIDE[GUIDE.index("### Step 1"):GUIDE.index("### Step 2")]
    whole = (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8")
    assert f"```toml\n{whole}```" in step
    assert '[build-system]\nrequires = ["hatchling' in whole and 'build-backend = "hatchling.build"' in whole
    assert "**Why the `[build-system]` table matters.**" in step


# -- 3: what the kit samples -------------------------------------------------------------------------
def test_the_guide_gives_the_kits_numbers() -> None:
    text = section(9)
    assert f"of {RANDOM_STEPS} steps" in text and f"every {SWEEP_EVERY}th step" in text
    assert "on three deals" in text and len(SEEDS) == 3
    assert "**every** step" in text and "**What it samples.**" in text
