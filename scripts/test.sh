#!/usr/bin/env bash
# Set up (idempotently), check the code, and run every test: the rules core, the referee,
# and the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
# Quality gates on the package: lint, formatting, and strict typing.
.venv/bin/ruff check flit_core
.venv/bin/ruff format --check flit_core
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
