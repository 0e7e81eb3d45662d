"""Prints, as it loads, where its interpreter's CPython calls C functions through: CPython's
note of its call trampoline (0: through JavaScript). For e2e/test_snapshot_trampoline.py."""

import pyodide_js  # type: ignore[import-not-found]  # Pyodide's own JavaScript API, only there

module = pyodide_js._module
offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >> 2]
print("trampoline", module.HEAP32[(module.__PyRuntime + offset) >> 2])


def move(view):
    return None
