#!/usr/bin/env bash
# Set up (idempotently) and run every test: the rules core, the referee, and the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
exec .venv/bin/python -m pytest "$@"
