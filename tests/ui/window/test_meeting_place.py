"""Where two Aisles on one data folder meet: the first listens, a second start asks it to show
its window. On POSIX a plain Unix-domain socket (no QtNetwork); the Windows named pipe through
QtNetwork is checked here too, since QLocalServer works on every system."""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from aisle.ui.window import meeting_pipe, meeting_socket

ASK_PIPE = """
import sys
from PySide6.QtCore import QCoreApplication
from aisle.ui.window.meeting_pipe import ask_to_show
app = QCoreApplication([])
print(ask_to_show(sys.argv[1], 2000), flush=True)
"""
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="Unix-domain sockets")
NAME = "aisle-test-meeting"


@pytest.fixture
def places(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path]]:
    """A runtime folder and a temporary folder of their own, with short paths (a socket's path
    is limited to about a hundred bytes)."""
    top = Path(tempfile.mkdtemp(prefix="am"))
    runtime, temporary = top / "run", top / "tmp"
    runtime.mkdir(mode=0o700)
    temporary.mkdir()
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    yield runtime, temporary
    shutil.rmtree(top, ignore_errors=True)


def asked(qtbot: QtBot, ask: Callable[[], bool]) -> bool:
    """The second start's answer, asked from a thread while this one runs the event loop (as
    the first Aisle's window does)."""
    answers: list[bool] = []
    thread = threading.Thread(target=lambda: answers.append(ask()))
    thread.start()
    qtbot.waitUntil(lambda: bool(answers), timeout=5000)
    thread.join()
    return answers[0]


@posix_only
def test_a_second_start_is_answered_in_the_runtime_folder(qtbot: QtBot,
                                                          places: tuple[Path, Path]) -> None:
    runtime, _temporary = places
    shown: list[int] = []
    server = meeting_socket.ShowServer(NAME, lambda: shown.append(1))
    assert server.listen()
    assert server.path == runtime / NAME
    mode = os.lstat(runtime / NAME).st_mode
    assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600  # this user's alone
    assert sorted(path.name for path in runtime.iterdir()) == [NAME]  # no private folder left
    assert asked(qtbot, lambda: meeting_socket.ask_to_show(NAME, 1000))
    assert shown == [1]
    assert asked(qtbot, lambda: meeting_socket.ask_to_show(NAME, 1000))  # and again
    assert shown == [1, 1]
    server.close()
    assert not (runtime / NAME).exists()
    assert not meeting_socket.ask_to_show(NAME, 200)


@posix_only
def test_a_socket_left_by_a_killed_aisle_is_replaced(qtbot: QtBot,
                                                     places: tuple[Path, Path]) -> None:
    runtime, _temporary = places
    left = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    left.bind(str(runtime / NAME))
    left.close()  # as a killed process leaves it: the file stays, nobody listens
    assert (runtime / NAME).exists()
    assert not meeting_socket.ask_to_show(NAME, 200)  # refused at once, not hung
    shown: list[int] = []
    server = meeting_socket.ShowServer(NAME, lambda: shown.append(1))
    assert server.listen() and server.path == runtime / NAME
    assert asked(qtbot, lambda: meeting_socket.ask_to_show(NAME, 1000)) and shown == [1]
    server.close()


@posix_only
@pytest.mark.parametrize("runtime_trouble", ["missing", "not a folder", "unset"])
def test_without_a_usable_runtime_folder_the_meeting_moves_to_the_temporary_folder(
        qtbot: QtBot, places: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
        runtime_trouble: str) -> None:
    runtime, temporary = places
    runtime.rmdir()
    if runtime_trouble == "not a folder":  # unusable even for root, unlike a read-only folder
        runtime.write_text("", encoding="utf-8")
    elif runtime_trouble == "unset":
        monkeypatch.delenv("XDG_RUNTIME_DIR")
    shown: list[int] = []
    server = meeting_socket.ShowServer(NAME, lambda: shown.append(1))
    assert server.listen() and server.path == temporary / NAME
    assert asked(qtbot, lambda: meeting_socket.ask_to_show(NAME, 1000)) and shown == [1]
    server.close()


@posix_only
def test_nowhere_to_listen_is_no_failure(places: tuple[Path, Path],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    runtime, temporary = places
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime / "missing"))
    monkeypatch.setattr(tempfile, "tempdir", str(temporary / "missing"))
    server = meeting_socket.ShowServer(NAME, lambda: None)
    assert not server.listen() and server.path is None
    server.close()


def hung_up(connection: socket.socket) -> bool:
    try:
        return connection.recv(16) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:  # closed with the stranger's bytes unread
        return True


@posix_only
def test_a_stranger_is_hung_up_on_and_the_next_start_still_answered(
        qtbot: QtBot, places: tuple[Path, Path]) -> None:
    runtime, _temporary = places
    shown: list[int] = []
    server = meeting_socket.ShowServer(NAME, lambda: shown.append(1))
    assert server.listen()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as stranger:
        stranger.connect(str(runtime / NAME))
        stranger.sendall(b"x" * (meeting_socket.MAX_LINE * 2))
        stranger.setblocking(False)
        qtbot.waitUntil(lambda: hung_up(stranger), timeout=5000)
    assert shown == []
    assert asked(qtbot, lambda: meeting_socket.ask_to_show(NAME, 1000)) and shown == [1]
    server.close()


@posix_only
def test_a_first_aisle_that_does_not_answer_is_given_up(places: tuple[Path, Path]) -> None:
    runtime, _temporary = places
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as hung:
        hung.bind(str(runtime / NAME))
        hung.listen(1)  # connections are taken by the system, never answered
        assert not meeting_socket.ask_to_show(NAME, 200)


def test_the_named_pipe_of_windows_answers_too(qtbot: QtBot) -> None:
    name = f"{NAME}-{os.getpid()}"
    shown: list[int] = []
    server = meeting_pipe.ShowServer(name, lambda: shown.append(1))
    assert server.listen()
    # The second start in a process of its own, as in real use (QLocalSocket's waits want
    # a thread of Qt's own, not one of Python's).
    second = subprocess.Popen([sys.executable, "-c", ASK_PIPE, name], stdout=subprocess.PIPE,
                              text=True)
    try:
        qtbot.waitUntil(lambda: second.poll() is not None, timeout=10000)
        assert second.communicate()[0].strip() == "True"
        assert shown == [1]
    finally:
        server.close()
        if second.poll() is None:
            second.kill()
            second.communicate()
    assert not meeting_pipe.ask_to_show(name, 200)


#: Listens, answers a second start, and takes over the quit signals, then says whether Python's
#: `socket` module was imported on the way (it builds large enums: time and memory in the
#: moments after the first frame).
_NO_SOCKET_MODULE = """
import os, sys
from PySide6.QtWidgets import QApplication, QWidget
from aisle.ui.qt.quit_signals import QuitSignals
from aisle.ui.window.meeting_socket import ShowServer, ask_to_show
app = QApplication([])
window = QWidget()
shown = []
server = ShowServer("aisle-test-meeting", lambda: shown.append(True))
assert server.listen()
signals = QuitSignals(window, lambda: None)
assert signals.install()
import threading
answer = []
asking = threading.Thread(target=lambda: answer.append(ask_to_show("aisle-test-meeting", 5000)))
asking.start()
while asking.is_alive():
    app.processEvents()
signals.uninstall()
server.close()
print("SOCKET-MODULE", "socket" in sys.modules, answer, shown)
"""


@posix_only
def test_the_meeting_and_the_quit_signals_do_without_the_socket_module(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", _NO_SOCKET_MODULE], env=env, capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert out.strip().splitlines()[-1] == "SOCKET-MODULE False [True] [True]"
