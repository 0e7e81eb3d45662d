#!/usr/bin/env bash
# Set up (idempotently), then serve the browser arena on localhost and print its address.
# Extra arguments go to `flit-arena serve` (e.g. --port 8080, --no-isolation).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec .venv/bin/flit-arena serve "$@"
