#!/usr/bin/env bash
# Set up everything Flit Arena needs, idempotently: a virtual environment in .venv with
# the project and its test tools, the browser assets (Pyodide, PyScript, CodeMirror) from npm, Debian's
# bubblewrap for the bot sandbox, and, with --test, Debian's Chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
[ "${1:-}" = "--test" ] && want_test=1

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
# The browser page's pinned assets (Pyodide, PyScript, micropip, and CodeMirror bundled by
# esbuild) into web/vendor/.
web/install-assets.sh .venv/bin/python
# The pure-Python wheels the JupyterLite site's kernel loads, into build/jupyterlite-wheels/.
.venv/bin/python scripts/build_jupyterlite.py --prefetch

if [ "$want_test" = 1 ] && [ -d e2e ] && [ ! -x /usr/bin/chromium ]; then
    echo "setup: installing Debian's chromium for the browser tests" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

# The referee runs every bot program in a bubblewrap sandbox (README, Security); without
# it, it falls back to limits and process groups, and says so.
if [ "$(uname -s)" = Linux ] && ! command -v bwrap >/dev/null && command -v apt-get >/dev/null; then
    echo "setup: installing Debian's bubblewrap for the bot sandbox" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq bubblewrap >/dev/null
fi

# The referee tests compile the example C bots (in flit_core/games/*/bots/c_bot/) with gcc.
if [ "$want_test" = 1 ] && ! command -v gcc >/dev/null; then
    echo "setup: installing Debian's gcc for the C example bots" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gcc libc6-dev >/dev/null
fi
