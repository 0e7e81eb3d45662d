#!/usr/bin/env bash
# Set up what Flit Arena needs, idempotently, doing only what is missing (a second run takes a
# moment):
#   scripts/setup.sh --serve   the page: a virtual environment in .venv with the project, and the
#                              browser assets (Pyodide, PyScript, CodeMirror) from npm into web/vendor/
#   scripts/setup.sh           also Debian's bubblewrap, the sandbox of the referee's bot programs
#   scripts/setup.sh --test    also the test tools (the dev extra; ESLint and TypeScript; the
#                              JupyterLite site's wheels) and Debian's Chromium and gcc
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
    --serve) mode=serve ;;
    --test) mode=test ;;
    "") mode=use ;;
    *) echo "usage: scripts/setup.sh [--serve | --test]" >&2; exit 2 ;;
esac

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
# The project, editable, with the dev extra for the tests; installed again only when
# pyproject.toml changes (the stamp names it and the extra: the dev one holds the other).
extra=""
[ "$mode" = test ] && extra="[dev]"
stamp=.venv/.flit-arena-installed
pins=$(sha256sum pyproject.toml | cut -d' ' -f1)
installed=$(cat "$stamp" 2>/dev/null || true)
if [ "$installed" != "$pins$extra" ] && [ "$installed" != "$pins[dev]" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".$extra"
    printf '%s' "$pins$extra" > "$stamp"
fi
# The browser page's pinned assets (Pyodide, PyScript, micropip, and CodeMirror bundled by
# esbuild) into web/vendor/; for the tests, the JavaScript gates' tools too.
if [ "$mode" = test ]; then
    web/install-assets.sh .venv/bin/python --dev
    # The pure-Python wheels the JupyterLite site's kernel loads, into build/jupyterlite-wheels/.
    .venv/bin/python scripts/build_jupyterlite.py --prefetch
else
    web/install-assets.sh .venv/bin/python
fi

if [ "$mode" = test ] && [ -d e2e ] && [ ! -x /usr/bin/chromium ]; then
    echo "setup: installing Debian's chromium for the browser tests" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

# The referee runs every bot program in a bubblewrap sandbox (docs/explanation/security.md);
# without it, it falls back to limits and process groups, and says so. Serving the page needs none.
if [ "$mode" != serve ] && [ "$(uname -s)" = Linux ] && ! command -v bwrap >/dev/null && command -v apt-get >/dev/null; then
    echo "setup: installing Debian's bubblewrap for the bot sandbox" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq bubblewrap >/dev/null
fi

# The referee tests compile the example C bots (in flit_core/games/*/bots/c_bot/) with gcc.
if [ "$mode" = test ] && ! command -v gcc >/dev/null; then
    echo "setup: installing Debian's gcc for the C example bots" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gcc libc6-dev >/dev/null
fi
