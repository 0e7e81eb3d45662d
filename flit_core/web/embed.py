"""``flit-arena embed``: the arena as one HTML snippet for a challenge post.

The snippet loads PyScript and Pyodide from a public CDN (the versions pinned in
web/package.json) or from a mirror of them (:func:`write_runtime` writes one), and PyScript
runs the page's Python (main.py) in Pyodide, as on the served page. The arena's own files
(the page's markup, style and script, the bot worker, this repository's flit_core sources,
one game's page modules and example bots: ``flit-arena embed --game NAME``, Flit by default)
come from one JSON file the challenge's author publishes (no public copy exists), fetched
from a versioned address and checked with Subresource Integrity, so the snippet stays small
and leaves most of a post to the challenge. With ``--question ID`` the snippet belongs to a
challenge: on open it loads the question's answers and ranks them all (web/js/challenge.js).
It runs in a sandboxed iframe without same-origin (a Stack Snippet: a page of its own, loaded
by address), so without cross-origin isolation: a runaway bot's worker is replaced rather than
interrupted, and PyScript, which opens IndexedDB before Python starts, gets an in-memory
stand-in (web/js/memory-idb.js). Before anything starts the
snippet checks that every address it needs answers, and says which did not.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Any, NamedTuple

from ..games import DEFAULT_GAME, get_game
from .assets import VENDOR_DIR, WEB_DIR, bundle

#: What the snippet may take of a post (the Q&A site allows 30,000 characters), leaving
#: the rest for the challenge's text.
SMALL_CHARACTERS = 12_000
#: Where the pinned runtime lives on the CDN ({version} from web/package.json).
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
PYSCRIPT_CDN = "https://cdn.jsdelivr.net/npm/@pyscript/core@{version}/dist/"
#: The page's script modules in dependency order: the snippet runs them as one script.
SCRIPT_MODULES = (
    "env.js",
    "memory-idb.js",
    "python.js",
    "game.js",
    "lockdown.js",
    "workers.js",
    "record.js",
    "match.js",
    "chart.js",
    "panels.js",
    "share.js",
    "settings.js",
    "palette.js",
    "keyboard.js",
    "seats.js",
    "editor.js",
    "answers.js",
    "tournament.js",
    "challenge-store.js",
    "challenge.js",
    "app.js",
)
#: The served page's modules the snippet leaves out: PyScript's interpreter module, which adds
#: the server's start-up snapshot (the snippet has none; its interpreter is the CDN's Pyodide).
SERVED_ONLY_MODULES = ("interpreter.js",)
_IMPORT = re.compile(r'^import \{[^}]*\} from "\./[\w-]+\.js";\n', re.MULTILINE)
_EXPORT = re.compile(r"^export (?=(async )?(function|class|const|let)\b)", re.MULTILINE)
_INDENT = re.compile(r"^(?:    )+", re.MULTILINE)


class EmbedTooLarge(ValueError):
    """The snippet would exceed the post size limit."""


def pinned_versions(web_dir: Path = WEB_DIR) -> dict[str, str]:
    """The exact versions of Pyodide and PyScript that web/package.json pins:
    ``{"pyodide": ..., "pyscript": ...}``."""
    dependencies = json.loads((web_dir / "package.json").read_text(encoding="utf-8"))["dependencies"]
    return {"pyodide": dependencies["pyodide"], "pyscript": dependencies["@pyscript/core"]}


def pyscript_config(web_dir: Path = WEB_DIR) -> dict[str, Any]:
    """The PyScript config of the page's ``<script type="py">`` in web/index.html (the
    snippet's is the same, its interpreter the CDN's Pyodide)."""
    html = (web_dir / "index.html").read_text(encoding="utf-8")
    match = re.search(r"<script type=\"py\"[^>]*\bconfig='([^']*)'", html)
    if match is None:
        raise ValueError("web/index.html has no <script type=\"py\" config='...'>")
    config: dict[str, Any] = json.loads(match.group(1))
    return config


def script_bundle(web_dir: Path = WEB_DIR) -> str:
    """The page's script modules as one script: their imports of each other dropped."""
    parts = []
    for name in SCRIPT_MODULES:
        source = (web_dir / "js" / name).read_text(encoding="utf-8")
        parts.append(_EXPORT.sub("", _IMPORT.sub("", source)))
    return compact_script("\n".join(parts))


class _Compact(ast.NodeTransformer):
    """Drops docstrings and the annotations of functions and of their local variables.

    Class-level annotations stay: dataclasses and named tuples read them as their fields.
    """

    def __init__(self) -> None:
        self._functions = 0

    def visit_Module(self, node: ast.Module) -> ast.Module:
        node.body = _without_docstring(node.body)
        self.generic_visit(node)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.ClassDef:
        node.body = _without_docstring(node.body)
        # A class inside a function keeps its fields' annotations too.
        functions, self._functions = self._functions, 0
        self.generic_visit(node)
        self._functions = functions
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.body = _without_docstring(node.body)
        node.returns = None
        arguments = node.args
        for argument in (
            *arguments.posonlyargs,
            *arguments.args,
            *arguments.kwonlyargs,
            arguments.vararg,
            arguments.kwarg,
        ):
            if argument is not None:
                argument.annotation = None
        self._functions += 1
        self.generic_visit(node)
        self._functions -= 1
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if not self._functions or not node.simple:
            return node
        if node.value is None:
            return None
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)


def _without_docstring(body: list[ast.stmt]) -> list[ast.stmt]:
    if (
        body
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        return body[1:] or [ast.Pass()]
    return body


def compact_python(source: str) -> str:
    """Python source without its docstrings, comments and function annotations, indented
    by one space a level (same behaviour under ``from __future__ import annotations``,
    less text)."""
    tree = ast.fix_missing_locations(_Compact().visit(ast.parse(source)))
    # unparse writes every statement on one line, strings with escapes and four spaces a
    # level: leading spaces are indentation only.
    return _INDENT.sub(lambda match: " " * (len(match.group(0)) // 4), ast.unparse(tree)) + "\n"


def compact_script(script: str) -> str:
    """A script (or style sheet) without its whole-line ``//`` comments, indentation and
    blank lines (the page's multi-line template strings are HTML, where that is the same)."""
    lines = (line.strip() for line in script.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


def page_markup(web_dir: Path = WEB_DIR) -> str:
    """The page's body markup (without its scripts)."""
    html = (web_dir / "index.html").read_text(encoding="utf-8")
    match = re.search(r"<body[^>]*>(.*)</body>", html, re.DOTALL)
    if match is None:
        raise ValueError("web/index.html has no <body>")
    return match.group(1).strip()


def document(web_dir: Path = WEB_DIR, game: str = DEFAULT_GAME) -> dict[str, Any]:
    """Everything the page of a snippet for ``game`` needs: markup, style, scripts, the
    bot worker, main.py and the bundle."""
    contents = bundle([game], scripts=True)
    # The rules core's docstrings and type hints are for readers of the repository and for
    # mypy; bots' sources stay whole.
    contents["modules"] = {path: compact_python(source) for path, source in contents["modules"].items()}
    for entry in contents["games"].values():
        entry["scripts"] = {name: compact_script(source) for name, source in entry["scripts"].items()}
    return {
        "config": pyscript_config(web_dir),
        "html": page_markup(web_dir),
        "css": compact_script((web_dir / "arena.css").read_text(encoding="utf-8")),
        "app": script_bundle(web_dir),
        "worker": compact_script((web_dir / "bot-worker.js").read_text(encoding="utf-8")),
        "main": (web_dir / "main.py").read_text(encoding="utf-8"),
        "bundle": contents,
    }


def rating_modules() -> dict[str, str]:
    """The rating library's sources (``openskill``, pure Python, MIT licence), whole, for
    the page's Python: {} when it is not installed (the leaderboard then has no rating)."""
    try:
        import openskill
    except ImportError:
        return {}
    root = Path(openskill.__file__).parent
    return {
        f"openskill/{path.relative_to(root).as_posix()}": path.read_text(encoding="utf-8")
        for path in sorted(root.rglob("*.py"))
    }


class Bundle(NamedTuple):
    """The file a small snippet fetches: its text, its name and its Subresource Integrity."""

    text: str
    name: str
    integrity: str


def bundle_file(web_dir: Path = WEB_DIR, game: str = DEFAULT_GAME) -> Bundle:
    """The arena's files for ``game`` as one JSON file to publish at the snippet's bundle
    address (its name carries a digest of its content, so a new build is a new address)."""
    contents = document(web_dir, game)
    contents["bundle"]["modules"].update(rating_modules())
    text = json.dumps(contents, separators=(",", ":"), sort_keys=True)
    digest = hashlib.sha384(text.encode()).digest()
    return Bundle(
        text,
        f"{game}.{hashlib.sha256(text.encode()).hexdigest()[:12]}.json",
        "sha384-" + base64.b64encode(digest).decode(),
    )


class Challenge(NamedTuple):
    """The challenge a snippet belongs to: its question on a site, the settings preset its games
    use, and the Q&A site's API address if not the public one (a local stand-in, to preview)."""

    question: int
    site: str = "codegolf"
    preset: str | None = None
    api: str | None = None


#: The page's files, fetched from the bundle address and checked against their integrity.
FETCHED = """const BUNDLE = {bundle}, INTEGRITY = "{integrity}";
async function arenaFiles() {{
    return (await reach("the arena's files", BUNDLE, {{integrity: INTEGRITY}})).json();
}}"""
LOADER = """<!-- Flit Arena: play {title} bots in the browser (PyScript and Pyodide). Built by `flit-arena embed`. -->
<div id="flit-loading" role="status" style="font:14px system-ui,sans-serif;color:#6b6f78;padding:12px"></div>
<script type="module">
const PYODIDE = "{pyodide}", PYSCRIPT = "{pyscript}";
{files}
const box = document.getElementById("flit-loading");
// One line per address that failed, with a retry: nothing else starts until all answer.
async function reach(what, url, options) {{
    try {{
        const response = await fetch(url, options);
        if (!response.ok) throw new Error(`HTTP ${{response.status}}`);
        return response;
    }} catch (error) {{
        throw new Error(`Cannot load ${{what}} from ${{url}}: ${{error.message || error}}`);
    }}
}}
function failed(lines, retry = boot) {{
    document.body.dataset.load = "failed";
    box.hidden = false;
    box.innerHTML = "<strong style='color:#b3261e'>Flit Arena cannot start.</strong> "
        + "<button type=button>Retry</button>";
    for (const line of lines) box.append(Object.assign(document.createElement("div"), {{textContent: line}}));
    box.querySelector("button").onclick = retry;
}}
async function boot() {{
    document.body.dataset.load = "loading";
    box.textContent = "Loading Flit Arena…";
    const results = await Promise.allSettled([
        arenaFiles(), reach("Pyodide", PYODIDE + "pyodide.mjs"), reach("PyScript", PYSCRIPT + "core.js"),
    ]);
    const errors = results.filter(result => result.status === "rejected").map(result => result.reason.message);
    if (errors.length) return failed(errors);
    // PyScript resolves addresses against the page's own, which a srcdoc frame lacks.
    if (location.protocol === "about:") return failed(["PyScript cannot start in a frame without an "
        + "address of its own (srcdoc): show the snippet in a frame loaded by address, as a Stack Snippet is."]);
    const files = results[0].value;
    const style = document.createElement("style");
    style.textContent = files.css;
    document.head.append(style);
    box.textContent = "Starting Python…";
    box.insertAdjacentHTML("afterend", files.html);
    // Nothing can be used before Python runs: the arena stays inert until then.
    const arena = document.getElementById("arena");
    arena.inert = true;
    arena.style.opacity = .55;
    Object.assign(document.body.dataset, {{python: "loading", bots: "idle", game: "none", load: "started"}});
    new MutationObserver((_, observer) => {{
        const {{python, failed: why}} = document.body.dataset;
        if (why || python === "ready") observer.disconnect();
        if (why) return failed([`Python could not start: ${{why}}`], () => location.reload());
        if (python !== "ready") return;
        arena.inert = false;
        arena.style.opacity = "";
        box.hidden = true;
    }}).observe(document.body, {{attributes: true, attributeFilter: ["data-python", "data-failed"]}});
    // In a sandbox without same-origin a module worker starts from a data: address, not a blob.
    const workerURL = "data:text/javascript;charset=utf-8," + encodeURIComponent(files.worker);
    const challenge = {challenge};
    const pyodideURL = PYODIDE + "pyodide.mjs";
    window.FLIT_ENV = {{embedded: true, pyodideURL, workerURL, bundle: files.bundle, challenge}};
    await import(URL.createObjectURL(new Blob([files.app], {{type: "text/javascript"}})));
    // PyScript runs main.py in the CDN's Pyodide, with the page's PyScript config.
    const script = Object.assign(document.createElement("script"), {{type: "py", textContent: files.main}});
    script.setAttribute("config", JSON.stringify({{...files.config, interpreter: pyodideURL}}));
    document.head.append(script);
    const loadFailed = error => failed([`Cannot load PyScript from ${{PYSCRIPT}}core.js: ${{error.message || error}}`]);
    await import(PYSCRIPT + "core.js").catch(loadFailed);
}}
boot();
</script>
"""


class Snippet(NamedTuple):
    """A built snippet: its HTML and the bundle file to publish at the address it fetches."""

    html: str
    bundle: Bundle


def write_runtime(folder: Path, vendor_dir: Path = VENDOR_DIR) -> None:
    """Copy the vendored Pyodide and PyScript (what the snippet loads of them) into
    ``folder``/pyodide/ and ``folder``/pyscript/, to publish as their mirror (the server's
    start-up snapshots are left out: the snippet has none)."""
    for name in ("pyodide", "pyscript"):
        target = folder / name
        target.mkdir(parents=True, exist_ok=True)
        for file in sorted((vendor_dir / name).iterdir()):
            if file.is_file() and file.suffix != ".snapshot":
                shutil.copyfile(file, target / file.name)


def build_snippet(
    web_dir: Path = WEB_DIR,
    game: str = DEFAULT_GAME,
    challenge: Challenge | None = None,
    *,
    bundle_url: str,
    pyodide_url: str | None = None,
    pyscript_url: str | None = None,
) -> Snippet:
    """The snippet for ``game`` (and ``challenge``, if any): at most :data:`SMALL_CHARACTERS`,
    it fetches the arena's files from ``bundle_url`` (the address of the folder
    ``Snippet.bundle`` is published in) plus the bundle's name, checked against its
    integrity. Pyodide and PyScript come from ``pyodide_url`` and ``pyscript_url`` (folders'
    addresses; the pinned versions on the CDN by default). Raises :class:`EmbedTooLarge`
    past the limit."""
    published = bundle_file(web_dir, game)
    address = bundle_url.rstrip("/") + "/" + published.name
    files = FETCHED.format(bundle=_script_value(address), integrity=published.integrity)
    html = _snippet(web_dir, game, challenge, files, pyodide_url, pyscript_url)
    if len(html) > SMALL_CHARACTERS:
        raise EmbedTooLarge(f"the snippet has {len(html):,} characters, over the limit of {SMALL_CHARACTERS:,}")
    return Snippet(html, published)


def _script_value(value: Any) -> str:
    """``value`` as a JavaScript literal that cannot end the script element."""
    return json.dumps(value).replace("</", "<\\/")


def _challenge_spec(challenge: Challenge) -> dict[str, Any]:
    """What the page is told of ``challenge``: the API's address only when it is not the site's."""
    spec = challenge._asdict()
    if spec["api"] is None:
        del spec["api"]
    return spec


def _snippet(
    web_dir: Path,
    game: str,
    challenge: Challenge | None,
    files: str,
    pyodide_url: str | None,
    pyscript_url: str | None,
) -> str:
    versions = pinned_versions(web_dir)
    return LOADER.format(
        title=get_game(game).title,
        files=files,
        challenge=_script_value(None if challenge is None else _challenge_spec(challenge)),
        pyodide=pyodide_url or PYODIDE_CDN.format(version=versions["pyodide"]),
        pyscript=pyscript_url or PYSCRIPT_CDN.format(version=versions["pyscript"]),
    )
