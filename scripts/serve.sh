#!/usr/bin/env bash
# Set up what serving needs (idempotently: only what is missing), then serve the browser arena
# on localhost and print its address. Extra arguments go to `flit-arena serve` (e.g. --port
# 8080, --no-isolation).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --serve
exec .venv/bin/flit-arena serve "$@"
