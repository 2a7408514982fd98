"""Offering a saved game that waited for its game (see aisle.waiting): Resume, Not Now, Discard.

Asked once the plugins are loaded, for one waiting game at a time. Resume hands it to the Dealer,
which puts it on the table as a whole or not at all (`Dealer.resume_waiting`) and only then
leaves the game on the table (counted as any game left); Not Now keeps it for the next start;
Discard counts it as a game left unfinished and throws it away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from aisle import waiting
from aisle.i18n import TN, T, _
from aisle.registry.loading import games_so_far
from aisle.storage import resolve_folder
from aisle.ui.qt.retranslate import follow_language

if TYPE_CHECKING:
    from aisle.ui.window.extras import WindowExtras


def offer_waiting_game(extras: WindowExtras) -> None:
    """Ask about the first waiting game whose game can be played now (unless one is asked
    about already, or the player said Not Now to it in this run)."""
    window = extras.window
    session = window.session
    if session is None or "waiting_game" in extras.open:
        return
    later = extras.not_now
    installed = games_so_far()
    entries = [entry for entry in waiting.offers(resolve_folder(session.folder), installed)
               if str(entry.path) not in later and str(entry.path) not in session.kept_now]
    if not entries:
        return
    entry = entries[0]
    info = installed[entry.variant_id]
    saved = entry.save.get("game", {})
    box = QMessageBox(QMessageBox.Icon.Question, "", "", QMessageBox.StandardButton.NoButton,
                      window)
    box.setObjectName("waiting_game_dialog")
    resume = box.addButton("", QMessageBox.ButtonRole.AcceptRole)
    resume.setObjectName("waiting_resume")
    not_now = box.addButton("", QMessageBox.ButtonRole.RejectRole)
    not_now.setObjectName("waiting_not_now")
    discard = box.addButton("", QMessageBox.ButtonRole.DestructiveRole)
    discard.setObjectName("waiting_discard")
    box.setDefaultButton(resume)
    moves = saved.get("moves")
    made = TN("deal {deal}, {n} move made", "deal {deal}, {n} moves made",
              moves if isinstance(moves, int) else 0, deal=_number(saved.get("seed")))
    if entry.left:
        text = T("A game of {game} you had not finished was kept when Aisle was started with "
                 "another game: {details}. Resume that game?", game=info.name, details=made)
    else:
        text = T("A game of {game} you had not finished was kept while {game} could not be "
                 "played: {details}. {game} can be played again now. Resume that game?",
                 game=info.name, details=made)
    playing = window.game is not None and window.game.started

    def retranslate() -> None:
        box.setWindowTitle(_("Resume a Kept Game?"))
        box.setText(text.translate())
        box.setInformativeText(_("The game on the table then counts as a game left unfinished.")
                               if playing else "")
        resume.setText(_("&Resume"))
        not_now.setText(_("&Not Now"))
        discard.setText(_("&Discard"))

    retranslate()
    follow_language(box, retranslate)

    def done(_result: int) -> None:
        clicked = box.clickedButton()
        box.deleteLater()
        if clicked is resume:
            window.dealer.resume_waiting(entry)
        elif clicked is discard:
            session.drop_waiting(entry)
            offer_waiting_game(extras)
        else:
            later.add(str(entry.path))

    box.finished.connect(done)
    extras._keep("waiting_game", box)
    box.open()


def _number(value: object) -> str:
    # A deal number is an identifier (typed back into New Game by Number): never grouped.
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else "?"

