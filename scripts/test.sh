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
# Quality gates on the JavaScript (the page, its workers, the games' page modules, the Node
# scripts, the tests' bots): ESLint, then TypeScript's checkJs against the JSDoc types (the
# games' page modules against the page's game contract in web/js/game.js).
web/node_modules/.bin/eslint --max-warnings 0 --config web/eslint.config.mjs .
for project in web/tsconfig.json web/tsconfig.worker.json web/tsconfig.node.json; do
    web/node_modules/.bin/tsc --project "$project"
done
exec .venv/bin/python -m pytest "$@"
