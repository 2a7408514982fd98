"""The plugin author's guide (plugins/README.md) says what the code does: the game kit's roles,
rules, deal steps and attributes, its game in one file, required methods, the import table, the
single foundation's id, what comes translated from Aisle, the catalog commands, the help
template's header, and what the conformance kit samples."""

from __future__ import annotations

import importlib
import inspect
import re
import tomllib
from enum import Enum
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from plugin_help import write_catalog

from aisle import help as pages
from aisle import i18n, kit
from aisle.engine import Game, Slot, SlotKind, SlotSpec
from aisle.kit import Build, Direction, Suits, dealing
from aisle.kit.overlap import ROW_DROP
from aisle.kit.roles import Role
from aisle.registry import collect, loading, manager, specs
from aisle.solver import Budget, Verdict, solve
from aisle.testing import check_variant
from aisle.testing.conformance import RANDOM_STEPS, SEEDS, SWEEP_EVERY
from aisle.tools import extract_help
from aisle.variant import Variant, default_slot_name

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "plugins" / "README.md").read_text(encoding="utf-8")
EXAMPLE = ROOT / "examples" / "aisle-grandfathers-clock"
#: The second example, whose discard pile is the lone foundation of section 3.
ACES_UP = ROOT / "examples" / "aisle-aces-up"


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


# -- section 1: the hooks --------------------------------------------------------------------------
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def test_the_guide_counts_and_lists_every_hook() -> None:
    count = NUMBERS[len(specs.HOOK_NAMES)]
    contents = GUIDE[:GUIDE.index("\n## 1. ")]
    assert f"the entry point and the {count} hooks" in contents
    finding = section(1)
    assert f"implements any of {count} hooks" in finding
    listed = [row[0].strip("`").removesuffix("()") for row in table_rows(finding, "hook")]
    assert listed == list(specs.HOOK_NAMES)
    assert not re.search(r"\b(?!" + count + r"\b)(one|two|three|four|five|six) hooks\b",
                         GUIDE.replace("its three hooks", "")), "a wrong count of hooks"


def test_the_wheel_the_guide_names_is_the_one_its_build_command_makes() -> None:
    kit_section = section(2)
    project = tomllib.loads(_block("<!-- the kit game's pyproject.toml -->"))["project"]
    wheel = f"dist/{project['name'].replace('-', '_')}-{project['version']}-py3-none-any.whl"
    assert "`python -m pip wheel --no-deps . -w dist`" in kit_section and wheel in kit_section
    # An empty folder never reaches the wheel: said where catalogs are introduced.
    assert "an empty `locale/`" in section(8) and '"the folder … does not exist"' in section(8)


# -- section 2: the game kit -------------------------------------------------------------------------
KIT = section(2)
KIT_TABLES = {"role", "constant", "step", "attribute"}


def _roles() -> dict[str, type[Role]]:
    return {name: value for name, value in vars(kit).items()
            if isinstance(value, type) and issubclass(value, Role) and value is not Role}


def _written(value: object) -> str:
    """A default value as the guide writes it: the rule's or the member's name, a string in
    double quotes, anything else as Python shows it."""
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Build):
        return next(name for name in kit.__all__ if getattr(kit, name) == value)
    if value == ROW_DROP:
        return "ROW_DROP"  # a layout's constant, by its name
    return f'"{value}"' if isinstance(value, str) else repr(value)


def test_the_roles_table_has_every_role_and_all_its_parameters_with_their_defaults() -> None:
    rows = {row[0].strip("`"): row[2] for row in table_rows(KIT, "role")}
    assert set(rows) == set(_roles())
    for name, role in _roles().items():
        for parameter in list(inspect.signature(role.__init__).parameters.values())[1:]:
            if parameter.default is inspect.Parameter.empty:
                assert f"`{parameter.name}`" in rows[name], f"{name}: {parameter.name}"
                continue
            written = f"`{parameter.name}={_written(parameter.default)}`"
            assert written in rows[name], f"{name}: {written}"


_SAID = {"down": Direction.DOWN, "up": Direction.UP}
_SUITS = {"alternating": Suits.ALTERNATE, "in one suit": Suits.SAME, "in one colour": Suits.COLOUR,
          "whatever the suit": Suits.ANY}


def test_the_build_table_says_what_each_rule_does() -> None:
    rows = table_rows(KIT, "constant")
    named = [name for row in rows for name in re.findall(r"`(\w+)`", row[0])]
    assert set(named) == {name for name in kit.__all__ if isinstance(getattr(kit, name), Build)}
    for row in rows[:-1]:  # the last row refers to two others, with wrapping
        rule = getattr(kit, row[0].strip("`"))
        assert _SAID[row[1].split()[0]] is rule.direction and not rule.wrap, row
        assert [suits for words, suits in _SUITS.items() if words in row[1]] == [rule.suits], row
    assert all(getattr(kit, name).wrap for name in re.findall(r"`(\w+)`", rows[-1][0]))


def test_the_deal_steps_table_gives_each_steps_signature() -> None:
    rows = [row[0].strip("`") for row in table_rows(KIT, "step")]
    steps = {name for name in kit.__all__ if isinstance(getattr(kit, name), type)
             and issubclass(getattr(kit, name), dealing.Step)}
    assert {row.split("(")[0] for row in rows} == steps
    for row in rows:
        name, arguments = row.split("(", 1)
        parameters = list(inspect.signature(getattr(kit, name).__init__).parameters.values())[1:]
        assert arguments.removesuffix(")") == ", ".join(
            p.name if p.default is inspect.Parameter.empty else f"{p.name}={_written(p.default)}"
            for p in parameters)


def test_the_kit_attribute_table_gives_the_defaults() -> None:
    rows = {row[0].strip("`"): row[1].strip("`") for row in table_rows(KIT, "attribute")}
    annotations = vars(kit.KitVariant).get("__annotations__", {})
    own = {name for name, kind in annotations.items() if "ClassVar" in str(kind)}
    assert set(rows) | {"table", "dealing"} == own
    for name, default in rows.items():
        value = getattr(kit.KitVariant, name)
        written = f"{type(value).__name__}()" if isinstance(value, kit.Texts) else _written(value)
        assert default == written, name


def test_every_name_the_kit_offers_is_in_the_guide() -> None:
    for name in kit.__all__:
        assert f"`{name}" in KIT or f"`{name}`" in GUIDE, name


def _block(marker: str) -> str:
    found = re.compile(r"```\w*\n(.*?)```", re.DOTALL).search(GUIDE, GUIDE.index(marker))
    assert found is not None
    return found.group(1)


def test_the_game_in_one_file_is_short_and_plays_with_what_the_kit_gives(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = _block("<!-- the kit game in one file -->")
    assert 30 <= len(source.splitlines()) <= 60
    project = tomllib.loads(_block("<!-- the kit game's pyproject.toml -->"))
    (name, module), = project["project"]["entry-points"]["aisle"].items()
    # Hatchling finds the package by the project's name, normalized.
    assert module == project["project"]["name"].replace("-", "_")
    (tmp_path / module).mkdir()
    (tmp_path / module / "__init__.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugin = importlib.import_module(module)
    (game_class,) = plugin.aisle_register_variants()
    assert game_class.id == name and issubclass(game_class, kit.KitVariant)
    check_variant(game_class)
    game = Game.new(game_class, 9)
    hint = game.hint()
    assert hint is not None and hint.action is not None and game.why_not(hint.action) is None
    assert str(game.status_text) == "Stock left: 31"
    assert solve(game, Budget(seconds=60, positions=20_000)).verdict is Verdict.WON
    commands = _block("<!-- the kit game's commands -->")
    assert f"pip install ./{project['project']['name']}" in commands and f"--game {name} " in commands


# -- section 4: which methods are required ----------------------------------------------------------
def _required(name: str) -> bool:
    return "raise NotImplementedError" in inspect.getsource(getattr(Variant, name))


def test_the_required_column_matches_the_base_class() -> None:
    rows = table_rows(section(4), "method")
    marked = {re.match(r"`(\w+)\(", row[0]).group(1): row[1] for row in rows}  # type: ignore[union-attr]
    assert all(value in ("**required**", "optional") for value in marked.values()), marked
    for name, value in marked.items():
        assert (value == "**required**") == _required(name), f"{name} is marked {value}"
    every_required = {name for name, _ in inspect.getmembers(Variant, inspect.isfunction)
                      if _required(name)}
    assert every_required == {name for name, value in marked.items() if value == "**required**"}
    assert all(f"`{name}`" in section(4).split("| method |")[0] for name in every_required)


def test_the_required_class_attributes_have_no_default() -> None:
    for row in table_rows(section(4), "attribute"):
        name = row[0].strip("`")
        assert (row[1] == "**required**") == (not hasattr(Variant, name)), name


# -- the import table ----------------------------------------------------------------------------------
def test_every_name_in_the_import_table_can_be_imported_from_its_module() -> None:
    rows = table_rows(GUIDE, "module")
    listed = {row[0].strip("`"): re.findall(r"`(\w+)`", row[1]) for row in rows}
    assert {"Rank", "Suit"} <= set(listed["aisle.engine"])
    for module, names in listed.items():
        imported = importlib.import_module(module)
        for name in names:
            if name != "aisle_conformance":  # a pytest fixture, named there as such
                assert hasattr(imported, name), f"{module} has no {name}"


# -- section 3: a single foundation -------------------------------------------------------------------
def test_a_single_foundation_is_foundation_1_and_named_so() -> None:
    assert '**A single foundation is `"foundation-1"`**' in section(3)
    foundation = Slot(SlotSpec("foundation-1", SlotKind.FOUNDATION, 0, 0))
    assert str(default_slot_name(foundation)) == "foundation 1"
    assert str(default_slot_name(Slot(SlotSpec("stock", SlotKind.STOCK, 0, 0)))) == "the stock"
    aces_up = (ACES_UP / "aisle_aces_up" / "game.py").read_text(encoding="utf-8")
    assert 'DISCARD = "foundation-1"' in aces_up and "def slot_name" not in aces_up
    # The kit calls a lone foundation by the standard name itself; two keep their numbers.
    assert "a kit game with one foundation (Aces Up) gets that from the kit" in section(3)

    class Lone(kit.KitVariant):
        table = (kit.Tableau(4), kit.Foundations(1, at=(5, 0)))
        dealing = (kit.AllAround(),)

    class Two(kit.KitVariant):
        table = (kit.Tableau(4), kit.Foundations(2, at=(5, 0)))
        dealing = (kit.AllAround(),)

    assert str(Lone().slot_name(foundation)) == "the foundation"
    assert str(Two().slot_name(foundation)) == "foundation 1"


# -- section 9: what comes translated from Aisle ---------------------------------------------------
SHARED = ["Setup", "Goal", "Rules", "Options", "Scoring", "Strategy",
          "Type of deck", "Stock", "Waste", "Foundations", "Tableau", "Reserve"]


def test_the_guide_names_exactly_the_pieces_aisle_translates() -> None:
    said = section(9).split("**What comes translated from Aisle.**")[1].split("\n\n")[0]
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
    registry = manager.Registry()

    class QuiltPlugin:
        @specs.hookimpl
        def aisle_help_dirs(self) -> list[Path]:
            return [folder]

    registry.add_plugin(QuiltPlugin(), collect.PluginInfo("quilt", "quilt", "1.0", "quilt"))
    monkeypatch.setattr(loading, "_registry", registry)
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


# -- sections 8 and 9: init before update ----------------------------------------------------------
def test_catalogs_are_created_with_init_before_they_are_updated() -> None:
    for domain in ("aisle_aces_up", "aisle-help"):
        init = GUIDE.index(f"pybabel init   -D {domain} ")
        update = GUIDE.index(f"pybabel update -D {domain} ")
        assert init < update and " -l de" in GUIDE[init:GUIDE.index("\n", init)]


# -- section 9: the help template names the plugin -------------------------------------------------
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
    pot = tmp_path / "grandfathers-clock.pot"
    help_dir = EXAMPLE / "aisle_grandfathers_clock" / "help"
    assert extract_help.main(["--help-dir", str(help_dir), "--output", str(pot)]) == 0
    assert _header(pot) == {"project": "aisle-grandfathers-clock", "version": "1.0.0",
                            "holder": "The aisle-grandfathers-clock authors"}
    assert "#: aisle_grandfathers_clock/help/grandfathers-clock.md:1" in pot.read_text(encoding="utf-8")
    assert extract_help.main(["--help-dir", str(ROOT / "help"), "--output", str(pot)]) == 0
    assert _header(pot)["project"] == "Aisle"


def test_a_help_folder_of_no_project_needs_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "help").mkdir()
    assert extract_help.main(["--help-dir", str(tmp_path / "help"), "--output", str(tmp_path / "x.pot")]) == 2
    assert "--project" in capsys.readouterr().err


# -- section 12: the complete pyproject -------------------------------------------------------------
def test_step_1_shows_the_whole_pyproject_with_its_build_system() -> None:
    step = GUIDE[GUIDE.index("### Step 1"):GUIDE.index("### Step 2")]
    whole = (EXAMPLE / "pyproject.toml").read_text(encoding="utf-8")
    assert f"```toml\n{whole}```" in step
    assert '[build-system]\nrequires = ["hatchling' in whole and 'build-backend = "hatchling.build"' in whole
    assert "**Why the `[build-system]` table matters.**" in step


def test_developing_the_example_installs_every_tool_it_runs() -> None:
    lines = [line.split("#")[0].split() for line in _block("<!-- developing the example -->").splitlines()]
    install, _cd, *checks = lines
    assert install[:3] == ["pip", "install", "-e"]
    extra = re.fullmatch(r'"\./examples/aisle-grandfathers-clock\[(\w+)\]"', install[3])
    assert extra is not None, install
    wanted = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"][extra.group(1)]
    tools = {re.split(r"[<>=!\[]", requirement)[0] for requirement in wanted}
    ran = {check[2] if check[:2] == ["python", "-m"] else check[0] for check in checks}
    assert ran and ran <= tools, (ran, tools)


# -- section 10: what the conformance kit samples ----------------------------------------------------
def test_the_guide_gives_the_kits_numbers() -> None:
    text = section(10)
    assert f"of {RANDOM_STEPS} steps" in text and f"every {SWEEP_EVERY}th step" in text
    assert "on three deals" in text and len(SEEDS) == 3
    assert "**every** step" in text and "**What it samples.**" in text
