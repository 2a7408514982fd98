"""The plugin author's worked example, examples/aisle-grandfathers-clock, pip-installed into a fresh virtual
environment next to Aisle: listed, playable through the API, translated, with its help page,
conforming to the kit, and passing its own tests there; and the guide's kit game in one file,
installed there as the guide says."""

from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sysconfig
import textwrap
from pathlib import Path
from typing import Any

import pytest
from test_plugin_install import make_venv_next_to_aisle, pip_install

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "aisle-grandfathers-clock"
#: Left behind by local development; never part of what is installed.
JUNK = shutil.ignore_patterns("__pycache__", "build", "dist", "*.egg-info", ".*_cache")
GERMAN_NAME = "Großvaters Uhr"
#: Per language: the game's name, its status line on a fresh deal, and the first hint of deal 1.
TRANSLATED = {
    "de": (GERMAN_NAME, "Noch 40 Karten müssen auf die Fundamentstapel.",
           "Legen Sie 3♥ auf Fundamentstapel 5."),
    "ru": ("Дедушкины часы", "Осталось отправить на основания 40 карт.", "Положите 3♥ на основание 5."),
    "it": ("L'orologio del nonno", "Mancano ancora 40 carte da mandare sulle Fondazioni.",
           "Spostare 3♥ sulla Fondazione 5."),
}
#: The help page's goal, per language.
GOAL = {
    "de": "Legen Sie alle Karten auf die Fundamentstapel, sodass jeder Fundamentstapel seine Stunde zeigt: "
          "das Ass bei ein Uhr, die Zwei bis Zehn jeweils bei ihrer eigenen Stunde, der Bube bei elf und die "
          "Dame bei zwölf.",
    "ru": "Переложите все карты на основания, чтобы каждое основание показывало свой час: туз на отметке 1, "
          "карты от двойки до десятки на отметках своего достоинства, валет на 11 и дама на 12.",
    "it": "Spostare tutte le carte sulle Fondazioni, in modo che ogni Fondazione mostri la sua ora: l'Asso "
          "all'una, le carte dal due al dieci alle loro ore, il Fante alle undici e la Regina alle dodici.",
}


class Env:
    """The venv with the example installed, and a way to run Python in it."""

    def __init__(self, python: Path, project: Path) -> None:
        self.python = python
        self.project = project

    def run(self, *args: str, env: dict[str, str] | None = None, cwd: Path | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess[str]:
        # -P keeps the working folder off sys.path, so the installed plugin is what is imported.
        return subprocess.run([str(self.python), "-P", *args], capture_output=True, text=True,
                              timeout=timeout, env={**os.environ, **(env or {})}, cwd=cwd)

    def script(self, source: str) -> Any:
        """Run `source` in the venv; it prints one JSON value, which is returned."""
        result = self.run("-c", textwrap.dedent(source), env={"AISLE_DISABLE_PLUGINS": ""})
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


@pytest.fixture(scope="module")
def example_env(tmp_path_factory: pytest.TempPathFactory) -> Env:
    root = tmp_path_factory.mktemp("grandfathers-clock")
    project = root / "aisle-grandfathers-clock"
    shutil.copytree(EXAMPLE, project, ignore=JUNK)
    python = make_venv_next_to_aisle(root / "env")
    # That venv sees this environment's folders but not the .pth files inside them, and an
    # editable Aisle is found only through one. Process them too, so Aisle imports from any folder.
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    parents = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"], *site.getsitepackages()}
    Path(purelib, "aisle_parent_sites.pth").write_text(
        "".join(f"import site; site.addsitedir({folder!r})\n" for folder in sorted(parents)))
    pip_install(python, project)
    return Env(python, project)


def test_the_installed_package_is_not_the_source_folder(example_env: Env) -> None:
    where = example_env.script(
        "import aisle_grandfathers_clock, json; print(json.dumps(aisle_grandfathers_clock.__file__))")
    assert "site-packages" in where and str(example_env.project) not in where
    shipped = example_env.script("""
        import json, pathlib, aisle_grandfathers_clock
        root = pathlib.Path(aisle_grandfathers_clock.__file__).parent
        print(json.dumps(sorted(p.relative_to(root).as_posix() for p in root.rglob("*.po"))))
    """)
    assert shipped == [f"{folder}/{lang}/LC_MESSAGES/{domain}.po"
                       for folder, domain in (("help", "aisle-help"), ("locale", "aisle_grandfathers_clock"))
                       for lang in ("de", "it", "ru")]


def test_the_clock_is_listed_next_to_the_built_in_games(example_env: Env) -> None:
    listing = example_env.run("-m", "aisle", "--list-games", env={"AISLE_DISABLE_PLUGINS": ""})
    assert listing.returncode == 0, listing.stderr
    lines = {line.split()[0]: line for line in listing.stdout.splitlines() if line.startswith("  ")}
    assert "grandfathers-clock" in lines, listing.stdout
    assert "aisle-grandfathers-clock 1.0.0" in lines["grandfathers-clock"], listing.stdout
    assert "klondike" in lines, "the built-in games are still there"
    assert "grandfathers-clock:" not in listing.stdout, "the plugin reported an error"

    german = example_env.run("-m", "aisle", "--lang", "de", "--list-games", env={"AISLE_DISABLE_PLUGINS": ""})
    assert german.returncode == 0 and GERMAN_NAME in german.stdout

    disabled = example_env.run("-m", "aisle", "--list-games",
                               env={"AISLE_DISABLE_PLUGINS": "grandfathers-clock"})
    assert disabled.returncode == 0, disabled.stderr
    games = [line.split()[0] for line in disabled.stdout.splitlines() if line.startswith("  ")]
    assert "grandfathers-clock" not in games and "klondike" in games
    assert "Plugins switched off by AISLE_DISABLE_PLUGINS: grandfathers-clock" in disabled.stdout
    unmatched = example_env.run("-m", "aisle", "--list-games",
                                env={"AISLE_DISABLE_PLUGINS": "grandfathers-clok"})
    assert "AISLE_DISABLE_PLUGINS names what is no installed plugin: grandfathers-clok" in (
        unmatched.stdout)


def test_the_clock_plays_through_the_api(example_env: Env) -> None:
    report = example_env.script("""
        import json
        from aisle.engine import Status
        from aisle.registry.games import new_game, restore_game
        game = new_game("grandfathers-clock", 7)
        deal = {slot.id: len(slot.cards) for slot in game.slots}
        used = []
        while game.status is Status.PLAYING and len(used) < 25:
            hint = game.hint()
            game.play(hint.action)
            used.append(hint.action.target)
        game.undo()
        game.redo()
        game.undo()
        text = game.to_json()
        back = restore_game(text)
        print(json.dumps({
            "deal": deal, "used": used, "ups": back.score,
            "same": back.to_json() == text and back.legal_actions() == game.legal_actions(),
            "variant": back.variant_id, "score": back.score, "max": back.max_score,
            "redo": back.can_redo, "status": str(back.status),
        }))
    """)
    assert report["deal"] == {**{f"foundation-{n}": 1 for n in range(1, 13)},
                              **{f"tableau-{n}": 5 for n in range(1, 9)}}
    ups = [target for target in report["used"] if target.startswith("foundation-")]
    assert ups and any(target.startswith("tableau-") for target in report["used"]), report["used"]
    assert report["same"] and report["variant"] == "grandfathers-clock" and report["redo"]
    assert 0 < report["score"] <= report["max"] == 40
    assert report["status"] == "playing"


def test_the_clock_speaks_german_russian_and_italian(example_env: Env) -> None:
    shown = example_env.script("""
        import json
        from aisle import i18n
        from aisle.registry.games import new_game
        game = new_game("grandfathers-clock", 1)
        texts = {}
        for language in ("en", "de", "ru", "it"):
            i18n.set_language(language)
            texts[language] = [str(game.variant.name), str(game.variant.description),
                               str(game.status_text), str(game.hint().text)]
        print(json.dumps(texts))
    """)
    assert shown["en"][2:] == ["40 cards still to go up.", "Move 3♥ onto foundation 5."]
    for language, (name, status, hint) in TRANSLATED.items():
        assert shown[language][0] == name and shown[language][2] == status, shown[language]
        # The hint is Aisle's own sentence about a numbered foundation, whole in every language.
        assert shown[language][3] == hint, shown[language]
        assert shown[language][1] != shown["en"][1], f"{language}: the description is not translated"


def test_the_clock_brings_its_help_page_in_every_language(example_env: Env) -> None:
    goal = ("Move all the cards onto the foundations, so that each foundation shows its hour: the Ace at one "
            "o'clock, the two to ten at their own hours, the Jack at eleven and the Queen at twelve.")
    pages = example_env.script(f"""
        import json
        try:
            from aisle import help as pages
        except ImportError:
            pages = None
        from aisle import i18n
        from aisle.registry.loading import help_folders
        found = {{}}
        for language in ("en", "de", "ru", "it"):
            if pages is not None:
                page = pages.load_page("grandfathers-clock", language)
                headings = [b.unit.text for b in page.blocks if isinstance(b, pages.Heading)][1:]
                goal = [b.unit.text for b in page.section_blocks("Goal")][0]
                found[language] = [page.title, headings, goal]
            else:  # an Aisle without the help module: the page file and its catalog
                folder = next(f for f in help_folders() if (f / "grandfathers-clock.md").is_file())
                catalog = i18n.translation(i18n.HELP_DOMAIN, language)
                lines = (folder / "grandfathers-clock.md").read_text(encoding="utf-8").splitlines()
                found[language] = [catalog.gettext(lines[0][2:]),
                                   [catalog.gettext(line[3:]) for line in lines if line.startswith("## ")],
                                   catalog.gettext({goal!r})]
        print(json.dumps(found))
    """)
    english = ["Grandfather's Clock", ["Setup", "Goal", "Rules", "Options", "Scoring", "Strategy"], goal]
    assert pages["en"] == english
    # The title and the paragraphs are the plugin's own; the section headings may come from
    # Aisle's catalog, which is searched first, so they only have to be translated.
    for language, (name, _status, _hint) in TRANSLATED.items():
        assert pages[language][0::2] == [name, GOAL[language]], pages[language]
    for language in ("de", "ru", "it"):
        headings = pages[language][1]
        assert len(headings) == 6 and not set(headings) & set(english[1]), (language, headings)


def test_the_clock_passes_the_conformance_kit_in_the_venv(example_env: Env) -> None:
    result = example_env.script("""
        import json
        from aisle.registry.loading import available_variants
        from aisle.testing import CHECKS, check_variant
        clock = available_variants()["grandfathers-clock"].variant
        check_variant(clock)
        print(json.dumps([len(clock.option_combinations()), len(CHECKS)]))
    """)
    assert result[0] == 1 and result[1] >= 5


def test_the_examples_own_tests_pass_in_the_venv(example_env: Env) -> None:
    result = example_env.run("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", cwd=example_env.project,
                             timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout


GUIDE = Path(__file__).resolve().parent.parent / "plugins" / "README.md"
QUOTE = re.compile(r"<!-- from (\S+) -->\n```\w*\n(.*?)```", re.DOTALL)


def test_the_guide_quotes_the_example_as_it_is() -> None:
    # The guide shows excerpts of examples/aisle-grandfathers-clock; they must not drift.
    quotes = QUOTE.findall(GUIDE.read_text(encoding="utf-8"))
    assert len(quotes) >= 8
    root = GUIDE.parent.parent
    for path, excerpt in quotes:
        assert excerpt in (root / path).read_text(encoding="utf-8"), f"the guide's excerpt of {path} is stale"


def _guide_block(marker: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    found = re.compile(r"```\w*\n(.*?)```", re.DOTALL).search(text, text.index(marker))
    assert found is not None, marker
    return found.group(1)


def test_the_guides_kit_game_installs_and_plays_as_the_guide_says(example_env: Env, tmp_path: Path) -> None:
    # Last in this module: it installs a second plugin into the shared environment.
    package = tmp_path / "aisle-easy-easthaven" / "aisle_easy_easthaven"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(_guide_block("<!-- the kit game in one file -->"), encoding="utf-8")
    (package.parent / "pyproject.toml").write_text(_guide_block("<!-- the kit game's pyproject.toml -->"),
                                                   encoding="utf-8")
    lines = _guide_block("<!-- the kit game's commands -->").splitlines()
    commands = [line.split("#")[0].split() for line in lines]
    listed = lines[4].split("#", 1)[1].split()  # the line --list-games shows, as the guide gives it
    # The environment has Aisle already (the guide's first three commands); the rest word for word,
    # but for the window.
    assert commands[3] == ["pip", "install", "./aisle-easy-easthaven"]
    installed = example_env.run("-m", "pip", "install", "--no-deps", "--quiet", "--disable-pip-version-check",
                                *commands[3][2:], cwd=tmp_path, timeout=600)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    for command in commands[4:]:
        assert command[0] == "aisle"
        if "--list-games" not in command and "solve" not in command:
            continue  # it opens the window
        done = example_env.run("-m", "aisle", *command[1:], cwd=tmp_path, env={"AISLE_DISABLE_PLUGINS": ""})
        assert done.returncode == 0, done.stdout + done.stderr
        if "--list-games" in command:
            assert any(line.split() == listed for line in done.stdout.splitlines()), done.stdout
        else:
            assert " won" in done.stdout, done.stdout
