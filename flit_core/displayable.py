"""Rich display in notebooks for the core's values, without the core importing display code.

:class:`~flit_core.replay.Replay`, :class:`~flit_core.session.Result` and the games' board
snapshots (Flit's ``Position``) inherit the two IPython hooks of :class:`Displayable`,
which look the value's renderers up in a registry. The code that draws a kind of value
registers its renderers with :func:`register_display`: a game its board snapshot's, the
notebook package the replay player and the result table. A *display provider*
(:func:`add_display_provider`) is a module imported the first time a value has no
renderer yet, so values show themselves in a fresh notebook while running a game loads no
display code. This module imports nothing else from the package: displays never make an
import cycle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: A renderer: a value to its HTML, or to its plain text.
Renderer = Callable[[Any], str]

_renderers: dict[type, tuple[Renderer, Renderer]] = {}
#: Modules still to import when a value has no renderer (each registers some when imported).
_providers: list[str] = []


def register_display(kind: type, html: Renderer, text: Renderer) -> None:
    """Show values of ``kind`` (and of its subclasses) as ``html``, with ``text`` as the
    plain-text fallback."""
    _renderers[kind] = (html, text)


def add_display_provider(module: str) -> None:
    """Import ``module`` (by name, when first needed) to find renderers not registered yet."""
    if module not in _providers:
        _providers.append(module)


def renderers_of(value: Any) -> tuple[Renderer, Renderer] | None:
    """The renderers registered for ``value``'s class (importing pending providers if there
    are none yet), or None."""
    found = _lookup(type(value))
    while found is None and _providers:
        importlib.import_module(_providers.pop(0))
        found = _lookup(type(value))
    return found


def _lookup(kind: type) -> tuple[Renderer, Renderer] | None:
    for base in kind.__mro__:
        if base in _renderers:
            return _renderers[base]
    return None


class Displayable:
    """Mixin: ``_repr_html_`` (a picture, or a replay player) and a plain-text fallback."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # IPython prefers a class's own __repr__ (a dataclass has one) to an inherited
        # _repr_pretty_, so every subclass gets the hook in its own namespace.
        cls._repr_pretty_ = Displayable._repr_pretty_  # type: ignore[method-assign]

    def _repr_html_(self) -> str | None:
        """The HTML display Jupyter, VS Code and JupyterLite render (None: no renderer)."""
        found = renderers_of(self)
        return None if found is None else found[0](self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """The plain-text display IPython shows where HTML is not rendered."""
        found = renderers_of(self)
        printer.text(repr(self) if found is None else found[1](self))
