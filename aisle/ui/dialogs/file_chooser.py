"""What every file dialog of ours gets: our own translations of its labels, and a layout in
which no text is cut (Qt's own dialog, used where the platform has none of its own).

Qt's catalogues lack "Look in" and "Files of type" in German and miss Russian's "&Look in:";
its dialog opens with a sidebar too narrow for "Computer" in any language and columns too
narrow for a file's size and type. A native dialog (Windows, macOS) has none of these parts:
there, only the labels are set and the rest finds nothing to change.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QComboBox, QFileDialog, QListView, QSplitter, QTreeView

from aisle.i18n import _
from aisle.ui.qt.caption import caption_name
from aisle.ui.qt.retranslate import follow_language
from aisle.ui.qt.screen_fit import resize_within_screen

#: The size it opens with at least (within the screen): room for a file's name, size, type and date.
SMALLEST = (780, 460)


def own_labels(dialog: QFileDialog, saving: bool) -> None:
    """Our translations on the dialog's labels, now and after every language switch, and the
    layout fitted to them each time."""

    def retranslate() -> None:
        label = QFileDialog.DialogLabel
        dialog.setLabelText(label.LookIn, _("Look &in:"))
        dialog.setLabelText(label.FileName, _("File &name:"))
        dialog.setLabelText(label.FileType, _("Files of &type:"))
        dialog.setLabelText(label.Accept, _("&Save") if saving else _("&Open"))
        dialog.setLabelText(label.Reject, _("Cancel"))
        # A combo box is read by its value alone: named by its label (Qt's own dialog).
        for name, text in (("lookInCombo", _("Look &in:")), ("fileTypeCombo", _("Files of &type:"))):
            combo = dialog.findChild(QComboBox, name)
            if combo is not None:
                combo.setAccessibleName(caption_name(text))
        # Qt renames its sidebar's places on the same switch, after us: fit once it has.
        QTimer.singleShot(0, dialog, lambda: fit(dialog))

    retranslate()
    follow_language(dialog, retranslate)
    _open_large_enough(dialog)
    files = dialog.findChild(QTreeView, "treeView")
    if files is not None:
        # A folder's files arrive after the dialog opens: widen the columns to them then.
        dialog.directoryEntered.connect(lambda _folder: QTimer.singleShot(0, dialog, lambda: fit(dialog)))
        model = files.model()
        loaded = getattr(model, "directoryLoaded", None)
        if loaded is not None:
            loaded.connect(lambda _folder: fit(dialog))


def _open_large_enough(dialog: QFileDialog) -> None:
    """At least `SMALLEST`, within the screen; once, so a size the player chooses stays."""
    width, height = max(dialog.width(), SMALLEST[0]), max(dialog.height(), SMALLEST[1])
    if (width, height) != (dialog.width(), dialog.height()):
        resize_within_screen(dialog, width, height)


def fit(dialog: QFileDialog) -> None:
    """Size the sidebar and the file list's columns to what they show."""
    places = dialog.findChild(QListView, "sidebar")
    splitter = dialog.findChild(QSplitter, "splitter")
    if places is not None and splitter is not None and splitter.count() == 2:
        wanted = places.sizeHintForColumn(0) + 2 * places.frameWidth() + 4
        sizes = splitter.sizes()
        if sizes[0] < wanted < sum(sizes) // 2:
            splitter.setSizes([wanted, sum(sizes) - wanted])
    files = dialog.findChild(QTreeView, "treeView")
    if files is not None:
        for column in range(1, files.header().count()):
            files.resizeColumnToContents(column)
