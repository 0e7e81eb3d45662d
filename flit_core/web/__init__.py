"""The browser arena's Python side, for every game of the registry.

Pure modules that also run inside the page and its bot workers (Pyodide), speaking to
games only through their definitions (:func:`flit_core.games.get_game`):
:mod:`.page` (the page's referee adapter), :mod:`.worker` (a bot inside its worker),
:mod:`.answers` (contestants from a challenge's answers). Native-only helpers:
:mod:`.assets` (the page's files, its Python bundle and each game's assets and page
modules), :mod:`.server` (``flit-arena serve``),
:mod:`.embed` (``flit-arena embed``), :mod:`.share` (share links), :mod:`.headless` and
:mod:`.browser_game` (a game on the page in headless Chromium, ``flit-arena browser-run``).
"""
