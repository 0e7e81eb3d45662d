// ESLint over the repository's JavaScript (scripts/test.sh runs it from the repository root:
// web/node_modules/.bin/eslint --config web/eslint.config.mjs). The recommended rules, with the
// globals each kind of file really has: browser modules (the page, the games' page modules),
// workers, Node scripts, the notebook's player scripts and bots. Vendored code is left out.
import js from "@eslint/js";
import globals from "globals";

// Names given as `_` or `_name` say "unused on purpose" (a signature the contract fixes).
const unused = ["error", {argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none"}];

export default [
    {
        // Patterns are relative to the repository root (the folder ESLint runs in, given
        // --config), so that the games' page modules in flit_core/games/* are covered too.
        ignores: ["web/vendor/**", "**/node_modules/**", ".venv/**", "build/**", "dist/**", "test-results/**"],
    },
    {
        ...js.configs.recommended,
        rules: {...js.configs.recommended.rules, "no-unused-vars": unused},
    },
    {
        // The page and the games' page modules: ES modules in the browser's main thread.
        files: ["web/js/**/*.js", "web/editor/**/*.js", "flit_core/games/*/board.js",
            "flit_core/games/*/human.js", "tests/games/*/board.js", "tests/games/*/human.js"],
        languageOptions: {sourceType: "module", globals: {...globals.browser}},
    },
    {
        // Module workers: the page's Pyodide bot worker, and light cycles' JavaScript bot
        // module, which is a worker on the page and a module the Node host imports.
        files: ["web/bot-worker.js", "flit_core/games/lightcycles/js_bot.js"],
        languageOptions: {sourceType: "module", globals: {...globals.worker}},
    },
    {
        files: ["**/*.mjs"],
        languageOptions: {sourceType: "module", globals: {...globals.node}},
    },
    {
        // The notebook replay player's scripts: one function each, pasted into a notebook's
        // output cell (a classic script in the browser).
        files: ["flit_core/notebook/*.js", "flit_core/games/*/player.js"],
        languageOptions: {sourceType: "script", globals: {...globals.browser}},
    },
    {
        // Light-cycle bots in the original challenge's form: one function expression, run in
        // a worker (the page) or a vm realm in a worker thread (the Node host), with console;
        // the hostile ones reach for the page worker's globals (postMessage, indexedDB).
        files: ["flit_core/games/lightcycles/bots/*.js", "tests/bots/hostile_stale/*.js",
            "e2e/bots/hostile_page/*.js"],
        languageOptions: {sourceType: "script", globals: {...globals.worker}},
        // A bot's signature is the challenge's, `(state) => move`, used or not; a hostile
        // bot's empty loop (`for (;;) {}`) is its attack.
        rules: {"no-unused-vars": ["error", {args: "none"}]},
    },
    {
        files: ["tests/bots/hostile_stale/*.js", "e2e/bots/hostile_page/*.js"],
        rules: {"no-empty": "off"},
    },
    {
        // The judge's submissions.js format: a sloppy-mode script (its "use-strict" typo is the
        // judge's, kept on purpose) that defines SUBMISSIONS from the judge's global Bot. "Space
        // Filler" keeps its turn count in an implicit global, `steps`, as sloppy mode allows.
        files: ["tests/bots/lightcycles/submissions.js"],
        languageOptions: {sourceType: "script", globals: {Bot: "readonly", console: "readonly", steps: "writable"}},
        rules: {"no-unused-vars": ["error", {varsIgnorePattern: "^SUBMISSIONS$"}]},
    },
];
