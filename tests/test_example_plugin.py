"""The plugin author's worked example, examples/aisle-golf, pip-installed into a fresh virtual
environment next to Aisle: listed, playable through the API, translated, with its help page,
conforming to the kit, and passing its own tests there."""

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

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "aisle-golf"
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
def golf_env(tmp_path_factory: pytest.TempPathFactory) -> Env:
    root = tmp_path_factory.mktemp("golf")
    project = root / "aisle-golf"
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


def test_the_installed_package_is_not_the_source_folder(golf_env: Env) -> None:
    where = golf_env.script("import aisle_golf, json; print(json.dumps(aisle_golf.__file__))")
    assert "site-packages" in where and str(golf_env.project) not in where
    shipped = golf_env.script("""
        import json, pathlib, aisle_golf
        root = pathlib.Path(aisle_golf.__file__).parent
        print(json.dumps(sorted(p.relative_to(root).as_posix() for p in root.rglob("*.po"))))
    """)
    assert shipped == [f"{folder}/{lang}/LC_MESSAGES/{domain}.po"
                       for folder, domain in (("help", "aisle-help"), ("locale", "aisle_golf"))
                       for lang in ("de", "it", "ru")]


def test_golf_is_listed_next_to_the_built_in_games(golf_env: Env) -> None:
    listing = golf_env.run("-m", "aisle", "--list-games", env={"AISLE_DISABLE_PLUGINS": ""})
    assert listing.returncode == 0, listing.stderr
    lines = {line.split()[0]: line for line in listing.stdout.splitlines() if line.startswith("  ")}
    assert "golf" in lines and "aisle-golf 1.0.0" in lines["golf"], listing.stdout
    assert "klondike" in lines, "the built-in games are still there"
    assert "golf:" not in listing.stdout, "the plugin reported an error"

    german = golf_env.run("-m", "aisle", "--lang", "de", "--list-games", env={"AISLE_DISABLE_PLUGINS": ""})
    assert german.returncode == 0 and "Golf" in german.stdout

    disabled = golf_env.run("-m", "aisle", "--list-games", env={"AISLE_DISABLE_PLUGINS": "golf"})
    assert disabled.returncode == 0, disabled.stderr
    assert "golf" not in disabled.stdout.split() and "klondike" in disabled.stdout


def test_golf_plays_through_the_api(golf_env: Env) -> None:
    report = golf_env.script("""
        import json
        from aisle.engine import Deal, Game, Move, Status
        game = Game.new("golf", 7)
        deal = {slot.id: len(slot.cards) for slot in game.slots}
        used = []
        while game.status is Status.PLAYING and len(used) < 25:
            hint = game.hint()
            game.play(hint.action)
            used.append("deal" if isinstance(hint.action, Deal) else "move")
        on_foundation = len(game.slot("foundation-1").cards)
        game.undo()
        undone = len(game.slot("foundation-1").cards)
        game.redo()
        game.undo()
        text = game.to_json()
        back = Game.from_json(text)
        print(json.dumps({
            "deal": deal, "used": used, "on_foundation": on_foundation, "undone": undone,
            "same": back.to_json() == text and back.legal_actions() == game.legal_actions(),
            "variant": back.variant_id, "score": back.score, "max": back.max_score,
            "redo": back.can_redo, "status": str(back.status),
        }))
    """)
    assert report["deal"] == {**{f"tableau-{n}": 5 for n in range(1, 8)}, "stock": 16, "foundation-1": 1}
    assert "move" in report["used"] and "deal" in report["used"], report["used"]
    assert report["on_foundation"] == 1 + len(report["used"])
    assert report["undone"] == report["on_foundation"] - 1
    assert report["same"] and report["variant"] == "golf" and report["redo"]
    assert 0 < report["score"] <= report["max"] == 51
    assert report["status"] == "playing"


def test_golf_speaks_german_russian_and_italian(golf_env: Env) -> None:
    shown = golf_env.script("""
        import json
        from aisle import i18n
        from aisle.engine import Game
        game = Game.new("golf", 1)
        texts = {}
        for language in ("en", "de", "ru", "it"):
            i18n.set_language(language)
            texts[language] = [str(game.variant.name), str(game.variant.description),
                               str(game.status_text), str(game.hint().text),
                               str(game.variant.options[0].choices[1].label)]
        print(json.dumps(texts))
    """)
    assert shown["en"][2:] == ["The stock holds 16 cards.", "Play 2♦ from column 5 onto the foundation.",
                               "A Queen may go on a King"]
    assert shown["de"][0] == "Golf" and shown["de"][2] == "Im Talon liegen 16 Karten."
    assert shown["de"][3] == "Spielen Sie 2♦ aus Kartenreihe 5 auf den Fundamentstapel."
    assert shown["ru"][0] == "Гольф" and shown["ru"][2] == "В колоде 16 карт."
    assert shown["ru"][4] == "Даму можно класть на короля"
    assert shown["it"][0] == "Golf" and shown["it"][2] == "Nella Scorta restano 16 carte."
    assert shown["it"][3] == "Gioca 2♦ dalla colonna 5 sulla Fondazione."
    for language in ("de", "ru", "it"):
        assert shown[language][1] != shown["en"][1], f"{language}: the description is not translated"


def test_golf_brings_its_help_page_in_every_language(golf_env: Env) -> None:
    goal = "Move all 35 cards of the tableau onto the foundation."
    pages = golf_env.script(f"""
        import json
        try:
            from aisle import help as pages
        except ImportError:
            pages = None
        from aisle import i18n
        from aisle.hooks import help_folders
        found = {{}}
        for language in ("en", "de", "ru", "it"):
            if pages is not None:
                page = pages.load_page("golf", language)
                headings = [b.unit.text for b in page.blocks if isinstance(b, pages.Heading)][1:]
                goal = [b.unit.text for b in page.section_blocks("Goal")][0]
                found[language] = [page.title, headings, goal]
            else:  # an Aisle without the help module: the page file and its catalog
                folder = next(f for f in help_folders() if (f / "golf.md").is_file())
                catalog = i18n.translation(i18n.HELP_DOMAIN, language)
                lines = (folder / "golf.md").read_text(encoding="utf-8").splitlines()
                found[language] = [catalog.gettext(lines[0][2:]),
                                   [catalog.gettext(line[3:]) for line in lines if line.startswith("## ")],
                                   catalog.gettext({goal!r})]
        print(json.dumps(found))
    """)
    english = ["Golf", ["Setup", "Goal", "Rules", "Options", "Scoring", "Strategy"], goal]
    assert pages["en"] == english
    # The title and the paragraphs are the plugin's own; the section headings may come from
    # Aisle's catalog, which is searched first, so they only have to be translated.
    assert pages["de"][0::2] == ["Golf", "Legen Sie alle 35 Karten der Kartenreihen auf den Fundamentstapel."]
    assert pages["ru"][0::2] == ["Гольф", "Переложите все 35 карт с игрового поля на основание."]
    assert pages["it"][0::2] == ["Golf", "Sposta tutte le 35 carte del tavolo sulla Fondazione."]
    for language in ("de", "ru", "it"):
        headings = pages[language][1]
        assert len(headings) == 6 and not set(headings) & set(english[1]), (language, headings)


def test_golf_passes_the_conformance_kit_in_the_venv(golf_env: Env) -> None:
    result = golf_env.script("""
        import json
        from aisle.hooks import available_variants
        from aisle.testing import CHECKS, check_variant
        golf = available_variants()["golf"].variant
        check_variant(golf)
        print(json.dumps([len(golf.option_combinations()), len(CHECKS)]))
    """)
    assert result[0] == 2 and result[1] >= 5


def test_the_examples_own_tests_pass_in_the_venv(golf_env: Env) -> None:
    result = golf_env.run("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", cwd=golf_env.project,
                          timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout


GUIDE = Path(__file__).resolve().parent.parent / "plugins" / "README.md"
QUOTE = re.compile(r"<!-- from (\S+) -->\n```\w*\n(.*?)```", re.DOTALL)


def test_the_guide_quotes_the_example_as_it_is() -> None:
    # The guide's worked example shows excerpts of examples/aisle-golf; they must not drift.
    quotes = QUOTE.findall(GUIDE.read_text(encoding="utf-8"))
    assert len(quotes) >= 8
    root = GUIDE.parent.parent
    for path, excerpt in quotes:
        assert excerpt in (root / path).read_text(encoding="utf-8"), f"the guide's excerpt of {path} is stale"
