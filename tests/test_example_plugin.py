"""The plugin author's worked example, examples/aisle-aces-up, pip-installed into a fresh virtual
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

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "aisle-aces-up"
#: Left behind by local development; never part of what is installed.
JUNK = shutil.ignore_patterns("__pycache__", "build", "dist", "*.egg-info", ".*_cache")


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
    root = tmp_path_factory.mktemp("aces-up")
    project = root / "aisle-aces-up"
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
    where = example_env.script("import aisle_aces_up, json; print(json.dumps(aisle_aces_up.__file__))")
    assert "site-packages" in where and str(example_env.project) not in where
    shipped = example_env.script("""
        import json, pathlib, aisle_aces_up
        root = pathlib.Path(aisle_aces_up.__file__).parent
        print(json.dumps(sorted(p.relative_to(root).as_posix() for p in root.rglob("*.po"))))
    """)
    assert shipped == [f"{folder}/{lang}/LC_MESSAGES/{domain}.po"
                       for folder, domain in (("help", "aisle-help"), ("locale", "aisle_aces_up"))
                       for lang in ("de", "it", "ru")]


def test_aces_up_is_listed_next_to_the_built_in_games(example_env: Env) -> None:
    listing = example_env.run("-m", "aisle", "--list-games", env={"AISLE_DISABLE_PLUGINS": ""})
    assert listing.returncode == 0, listing.stderr
    lines = {line.split()[0]: line for line in listing.stdout.splitlines() if line.startswith("  ")}
    assert "aces-up" in lines and "aisle-aces-up 1.0.0" in lines["aces-up"], listing.stdout
    assert "klondike" in lines, "the built-in games are still there"
    assert "aces-up:" not in listing.stdout, "the plugin reported an error"

    german = example_env.run("-m", "aisle", "--lang", "de", "--list-games", env={"AISLE_DISABLE_PLUGINS": ""})
    assert german.returncode == 0 and "Asse hoch" in german.stdout

    disabled = example_env.run("-m", "aisle", "--list-games", env={"AISLE_DISABLE_PLUGINS": "aces-up"})
    assert disabled.returncode == 0, disabled.stderr
    assert "aces-up" not in disabled.stdout.split() and "klondike" in disabled.stdout


def test_aces_up_plays_through_the_api(example_env: Env) -> None:
    report = example_env.script("""
        import json
        from aisle.engine import Deal, Move, Status
        from aisle.registry.games import new_game, restore_game
        game = new_game("aces-up", 7)
        deal = {slot.id: len(slot.cards) for slot in game.slots}
        used = []
        while game.status is Status.PLAYING and len(used) < 25:
            hint = game.hint()
            game.play(hint.action)
            used.append("deal" if isinstance(hint.action, Deal) else hint.action.target)
        discarded = len(game.slot("foundation-1").cards)
        game.undo()
        game.redo()
        game.undo()
        text = game.to_json()
        back = restore_game(text)
        print(json.dumps({
            "deal": deal, "used": used, "discarded": discarded,
            "same": back.to_json() == text and back.legal_actions() == game.legal_actions(),
            "variant": back.variant_id, "score": back.score, "max": back.max_score,
            "redo": back.can_redo, "status": str(back.status),
        }))
    """)
    assert report["deal"] == {"stock": 48, **{f"tableau-{n}": 1 for n in range(1, 5)}, "foundation-1": 0}
    assert "foundation-1" in report["used"] and "deal" in report["used"], report["used"]
    assert report["discarded"] == report["used"].count("foundation-1")
    assert report["same"] and report["variant"] == "aces-up" and report["redo"]
    assert 0 < report["score"] <= report["max"] == 48
    assert report["status"] == "playing"


def test_aces_up_speaks_german_russian_and_italian(example_env: Env) -> None:
    shown = example_env.script("""
        import json
        from aisle import i18n
        from aisle.registry.games import new_game
        game = new_game("aces-up", 1)
        texts = {}
        for language in ("en", "de", "ru", "it"):
            i18n.set_language(language)
            texts[language] = [str(game.variant.name), str(game.variant.description),
                               str(game.status_text), str(game.hint().text)]
        print(json.dumps(texts))
    """)
    assert shown["en"][2:] == ["The stock holds 48 cards.", "Move 4♠ onto the foundation."]
    assert shown["de"][0] == "Asse hoch" and shown["de"][2] == "Im Talon liegen 48 Karten."
    # The hint is Aisle's own sentence about "the foundation", whole in every language.
    assert shown["de"][3] == "Legen Sie 4♠ auf den Fundamentstapel."
    assert shown["ru"][0] == "Тузы вверх" and shown["ru"][2] == "В колоде 48 карт."
    assert shown["it"][0] == "Assi in alto" and shown["it"][2] == "Nella Scorta restano 48 carte."
    assert shown["it"][3] == "Spostare 4♠ sulla Fondazione."
    for language in ("de", "ru", "it"):
        assert shown[language][1] != shown["en"][1], f"{language}: the description is not translated"


def test_aces_up_brings_its_help_page_in_every_language(example_env: Env) -> None:
    goal = "Discard all 48 cards that are not Aces, so that only the four Aces remain on the tableau."
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
                page = pages.load_page("aces-up", language)
                headings = [b.unit.text for b in page.blocks if isinstance(b, pages.Heading)][1:]
                goal = [b.unit.text for b in page.section_blocks("Goal")][0]
                found[language] = [page.title, headings, goal]
            else:  # an Aisle without the help module: the page file and its catalog
                folder = next(f for f in help_folders() if (f / "aces-up.md").is_file())
                catalog = i18n.translation(i18n.HELP_DOMAIN, language)
                lines = (folder / "aces-up.md").read_text(encoding="utf-8").splitlines()
                found[language] = [catalog.gettext(lines[0][2:]),
                                   [catalog.gettext(line[3:]) for line in lines if line.startswith("## ")],
                                   catalog.gettext({goal!r})]
        print(json.dumps(found))
    """)
    english = ["Aces Up", ["Setup", "Goal", "Rules", "Options", "Scoring", "Strategy"], goal]
    assert pages["en"] == english
    # The title and the paragraphs are the plugin's own; the section headings may come from
    # Aisle's catalog, which is searched first, so they only have to be translated.
    assert pages["de"][0::2] == ["Asse hoch", "Werfen Sie alle 48 Karten ab, die keine Asse sind, sodass "
                                              "nur die vier Asse in der Kartenreihe bleiben."]
    assert pages["ru"][0::2] == ["Тузы вверх", "Уберите все 48 карт, кроме тузов, чтобы на игровом поле "
                                               "остались только четыре туза."]
    assert pages["it"][0::2] == ["Assi in alto", "Eliminare tutte le 48 carte che non sono Assi, in modo "
                                                 "che sul Tavolo restino solo i quattro Assi."]
    for language in ("de", "ru", "it"):
        headings = pages[language][1]
        assert len(headings) == 6 and not set(headings) & set(english[1]), (language, headings)


def test_aces_up_passes_the_conformance_kit_in_the_venv(example_env: Env) -> None:
    result = example_env.script("""
        import json
        from aisle.registry.loading import available_variants
        from aisle.testing import CHECKS, check_variant
        aces_up = available_variants()["aces-up"].variant
        check_variant(aces_up)
        print(json.dumps([len(aces_up.option_combinations()), len(CHECKS)]))
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
    # The guide shows excerpts of examples/aisle-aces-up; they must not drift.
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
