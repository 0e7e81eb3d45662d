#!/usr/bin/env bash
# Build the documentation site as strictly as the tests do (a warning or a broken reference
# fails), then serve it on localhost and print its address. An argument changes the port.
set -euo pipefail
cd "$(dirname "$0")/.."
# The project and the page's assets (the site shows the page's modules), then the docs extra.
scripts/setup.sh --serve
[ -x .venv/bin/sphinx-build ] || .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[docs]'
.venv/bin/sphinx-build -E -W --keep-going -n -q -b html docs build/docs
port=${1:-8005}
echo "The documentation is at http://127.0.0.1:$port/  (Ctrl+C stops it)"
exec .venv/bin/python -m http.server "$port" --bind 127.0.0.1 --directory build/docs
