// What the page adds to `window` (for the type check only, web/tsconfig.json; never served).
interface Window {
    /** Set by the embed snippet before the page's modules run (see web/js/env.js). */
    FLIT_ENV?: any;
    /** The page's hooks for its Python and its tests (see web/js/python.js). */
    flitArena?: any;
    /** The page's state and timings, for its tests and benchmarks/web.py (see web/js/app.js). */
    arena?: any;
}
