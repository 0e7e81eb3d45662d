#!/usr/bin/env bash
# Set up (idempotently), check the code, and run every test: the rules core, the referee,
# and the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
# Quality gates on every Python file: lint and formatting; typing, strict on the package and
# every body checked elsewhere (pyproject.toml). The tests, the browser tests and the benchmarks
# each have their own conftest.py and bots/, so mypy checks each folder in a run of its own
# (and a cache of its own: the folders' modules share names).
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy
for folder in tests e2e benchmarks; do
    .venv/bin/mypy --cache-dir ".mypy_cache/$folder" "$folder"
done
# Quality gates on the JavaScript (the page, its workers, the games' page modules, the Node
# scripts, the tests' bots): ESLint, then TypeScript's checkJs against the JSDoc types (the
# games' page modules against the page's game contract in web/js/game.js).
web/node_modules/.bin/eslint --max-warnings 0 --config web/eslint.config.mjs .
for project in web/tsconfig.json web/tsconfig.worker.json web/tsconfig.node.json; do
    web/node_modules/.bin/tsc --project "$project"
done
exec .venv/bin/python -m pytest "$@"
