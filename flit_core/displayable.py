"""Rich display in notebooks for the core's values, without importing any display code.

:class:`Position`, :class:`Replay` and :class:`Result` inherit these two IPython hooks;
they import :mod:`flit_core.notebook` only when a notebook asks for a display, so the
rules core stays dependency-free and cheap to import (also in Pyodide).
"""

from __future__ import annotations

from typing import Any


class Displayable:
    """Mixin: ``_repr_html_`` (a picture, or a replay player) and a plain-text fallback."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # IPython prefers a class's own __repr__ (a dataclass has one) to an inherited
        # _repr_pretty_, so every subclass gets the hook in its own namespace.
        cls._repr_pretty_ = Displayable._repr_pretty_  # type: ignore[method-assign]

    def _repr_html_(self) -> str:
        """The HTML display Jupyter, VS Code and JupyterLite render."""
        from .notebook.display import html_of

        return html_of(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The plain-text display IPython shows where HTML is not rendered."""
        from .notebook.display import text_of

        printer.text(text_of(self))
