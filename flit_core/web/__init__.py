"""The browser arena's Python side.

Pure modules that also run inside the page and its bot workers (Pyodide):
:mod:`.page` (the page's referee adapter), :mod:`.worker` (a bot inside its worker),
:mod:`.answers` (contestants from a challenge's answers). Native-only helpers:
:mod:`.assets` (where the page's files are), :mod:`.server` (``flit-arena serve``),
:mod:`.embed` (``flit-arena embed``), :mod:`.share` (share links), :mod:`.headless` and
:mod:`.browser_game` (a game on the page in headless Chromium, ``flit-arena browser-run``).
"""
