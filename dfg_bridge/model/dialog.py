"""A dialog button (ダイアログのボタン), shared by the host (which builds hands as dialogs) and render."""

from __future__ import annotations

from dataclasses import dataclass

from dfg_bridge.model.text import Text


@dataclass(frozen=True, slots=True)
class DialogButton:
    """A dialog button that runs ``command`` (a ``/trigger …``) as the clicking player."""

    label: Text
    command: str
    tooltip: Text | None = None
    width: int | None = None
    """Width in pixels (1–1024); the client's default when None."""
