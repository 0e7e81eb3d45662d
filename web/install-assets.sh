#!/usr/bin/env bash
# Install the browser page's pinned assets into web/vendor/ (kept out of git), idempotently:
# Pyodide's runtime files and PyScript's dist/ from npm (versions pinned in package.json and
# package-lock.json), CodeMirror bundled by esbuild (a pinned dependency) into one ES module
# from editor/codemirror.js, and the micropip wheel, which the Pyodide npm package does not ship.
# Usage: web/install-assets.sh PYTHON [--dev]   (a Python with pip, used to download micropip;
# --dev: also the devDependencies, the JavaScript gates' ESLint and TypeScript)
set -euo pipefail
python=${1:-python3}
dev=0
[ "${2:-}" = --dev ] && dev=1
# A path to the Python is relative to the caller's folder: make it absolute before moving.
case "$python" in */*) python="$(cd "$(dirname "$python")" && pwd)/$(basename "$python")" ;; esac
cd "$(dirname "$0")"
micropip=micropip-0.11.1-py3-none-any.whl

# The stamp names everything the vendored copy was made from: a change of pins redoes it.
want="$(sha256sum package-lock.json editor/codemirror.js | cut -d' ' -f1 | tr '\n' ' ')$micropip"
vendored=0
[ -f vendor/.installed ] && [ "$(cat vendor/.installed)" = "$want" ] && vendored=1
# scripts/test.sh runs the JavaScript gates from node_modules.
tools=0
[ -x node_modules/.bin/eslint ] && [ -x node_modules/.bin/tsc ] && tools=1
if [ "$vendored" = 1 ] && { [ "$dev" = 0 ] || [ "$tools" = 1 ]; }; then
    exit 0
fi
# npm ci replaces node_modules: keep the tools that were there.
if [ "$dev" = 1 ] || [ "$tools" = 1 ]; then
    echo "setup: installing the browser assets and the JavaScript tools from npm" >&2
    npm ci --no-audit --no-fund --loglevel=error
else
    echo "setup: installing the browser assets (Pyodide, PyScript, CodeMirror, micropip) from npm" >&2
    npm ci --omit=dev --no-audit --no-fund --loglevel=error
fi
if [ "$vendored" = 1 ]; then
    exit 0  # only the tools were missing
fi
rm -rf vendor.tmp && mkdir -p vendor.tmp/pyodide vendor.tmp/pyscript vendor.tmp/codemirror
for file in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json package.json; do
    cp "node_modules/pyodide/$file" vendor.tmp/pyodide/
done
# PyScript loads its other chunks lazily from beside core.js; source maps are not needed.
find node_modules/@pyscript/core/dist -maxdepth 1 -type f ! -name '*.map' -exec cp {} vendor.tmp/pyscript/ \;
node_modules/.bin/esbuild editor/codemirror.js --bundle --format=esm --minify \
    --log-level=warning --outfile=vendor.tmp/codemirror/codemirror.js
"$python" -m pip download --quiet --disable-pip-version-check "micropip==0.11.1" \
    --no-deps --python-version 3.14 --only-binary=:all: -d vendor.tmp/pyodide
# The wheel on the package index differs from the one Pyodide's lock file was made with:
# record its real sha256 so that loading micropip by name passes the integrity check.
"$python" - vendor.tmp/pyodide "$micropip" <<'PY'
import hashlib, json, pathlib, sys
folder, wheel = pathlib.Path(sys.argv[1]), sys.argv[2]
lock_path = folder / "pyodide-lock.json"
lock = json.loads(lock_path.read_text())
entry = lock["packages"]["micropip"]
if entry["file_name"] != wheel:
    sys.exit(f"setup: pyodide-lock.json expects {entry['file_name']}, not {wheel}")
entry["sha256"] = hashlib.sha256((folder / wheel).read_bytes()).hexdigest()
lock_path.write_text(json.dumps(lock))
PY
printf '%s' "$want" > vendor.tmp/.installed
rm -rf vendor && mv vendor.tmp vendor
