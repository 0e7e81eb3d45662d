"""``flit-arena embed``: the arena as one self-contained HTML snippet for a challenge post.

The snippet loads PyScript and Pyodide from a public CDN (the versions pinned in
web/package.json) and carries everything else inside: the page's markup, style and
script, the bot worker, this repository's flit_core sources, and one game's page modules
and example bots (``flit-arena embed --game NAME``; Flit by default). It runs
in a sandboxed iframe without same-origin, so without cross-origin isolation: a runaway
bot's worker is replaced rather than interrupted.

The site limits a post to 30,000 characters (not bytes), so the payload is deflated and
written 15 bits per character, on code points of three large CJK and Hangul blocks that
need no escaping in HTML or JavaScript and that Unicode normalisation leaves alone.
"""

from __future__ import annotations

import ast
import itertools
import json
import re
import zlib
from pathlib import Path
from typing import NamedTuple

from ..games import DEFAULT_GAME, get_game
from .assets import WEB_DIR, bundle

#: The post size limit of the Q&A site.
MAX_CHARACTERS = 30_000
#: Where the pinned runtime lives on the CDN ({version} from web/package.json).
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
PYSCRIPT_CDN = "https://cdn.jsdelivr.net/npm/@pyscript/core@{version}/dist/"
#: The page's script modules in dependency order: the snippet runs them as one script.
SCRIPT_MODULES = (
    "env.js",
    "memory-idb.js",
    "python.js",
    "game.js",
    "workers.js",
    "record.js",
    "match.js",
    "chart.js",
    "panels.js",
    "share.js",
    "settings.js",
    "seats.js",
    "editor.js",
    "answers.js",
    "tournament.js",
    "app.js",
)
#: Code point ranges for 15-bit digits (32,768 values): (first code point, count).
DIGIT_BLOCKS = ((0x4E00, 20_992), (0xAC00, 11_172), (0x3400, 604))

_IMPORT = re.compile(r'^import \{[^}]*\} from "\./[\w-]+\.js";\n', re.MULTILINE)
_EXPORT = re.compile(r"^export (?=(async )?(function|class|const|let)\b)", re.MULTILINE)
_INDENT = re.compile(r"^(?:    )+", re.MULTILINE)


class EmbedTooLarge(ValueError):
    """The snippet would exceed the post size limit."""


def pinned_versions(web_dir: Path = WEB_DIR) -> dict[str, str]:
    """The exact versions of Pyodide and PyScript that web/package.json pins."""
    dependencies = json.loads((web_dir / "package.json").read_text(encoding="utf-8"))["dependencies"]
    return {"pyodide": dependencies["pyodide"], "pyscript": dependencies["@pyscript/core"]}


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


def pack15(data: bytes) -> str:
    """``data`` written 15 bits per character (see the module docstring)."""
    alphabet = [chr(first + i) for first, count in DIGIT_BLOCKS for i in range(count)]
    number = int.from_bytes(data, "big") if data else 0
    bits = len(data) * 8
    pad = -bits % 15
    number <<= pad
    digits = (bits + pad) // 15
    return "".join(alphabet[(number >> (15 * (digits - 1 - i))) & 0x7FFF] for i in range(digits))


def unpack15(text: str, length: int) -> bytes:
    """The inverse of :func:`pack15` (``length`` bytes)."""
    value = {
        chr(first + i): offset + i
        for (first, count), offset in zip(DIGIT_BLOCKS, (0, 20_992, 32_164), strict=True)
        for i in range(count)
    }
    number = 0
    for char in text:
        number = (number << 15) | value[char]
    number >>= len(text) * 15 - length * 8
    return number.to_bytes(length, "big")


def example_order(game: str) -> list[tuple[str, str]]:
    """The game's example bots as ``(language, name)`` (language "" for Python), in the order
    the snippet keeps them: rank by rank (random first), each rank in every language."""
    definition = get_game(game)
    ranks = [[("", path.stem) for path in definition.examples.values()]]
    ranks += [[(key, path.stem) for path in lang.examples.values()] for key, lang in definition.languages.items()]
    return [example for rank in itertools.zip_longest(*ranks) for example in rank if example is not None]


def payload(web_dir: Path = WEB_DIR, game: str = DEFAULT_GAME, examples: int | None = None) -> bytes:
    """Everything the snippet for ``game`` carries, as raw-deflated JSON: with the first
    ``examples`` example bots of :func:`example_order` only, if given."""
    contents = bundle([game], scripts=True)
    if examples is not None:
        kept = set(example_order(game)[:examples])
        entry = contents["games"][game]
        entry["examples"] = {name: source for name, source in entry["examples"].items() if ("", name) in kept}
        for key, language in entry.get("languages", {}).items():
            language["examples"] = {name: code for name, code in language["examples"].items() if (key, name) in kept}
    # The rules core's docstrings and type hints are for readers of the repository and for
    # mypy; bots' sources stay whole.
    contents["modules"] = {path: compact_python(source) for path, source in contents["modules"].items()}
    for entry in contents["games"].values():
        entry["scripts"] = {name: compact_script(source) for name, source in entry["scripts"].items()}
    document = {
        "html": page_markup(web_dir),
        "css": compact_script((web_dir / "arena.css").read_text(encoding="utf-8")),
        "app": script_bundle(web_dir),
        "worker": compact_script((web_dir / "bot-worker.js").read_text(encoding="utf-8")),
        "main": (web_dir / "main.py").read_text(encoding="utf-8"),
        "bundle": contents,
    }
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(json.dumps(document, separators=(",", ":")).encode()) + packer.flush()


LOADER = """<!-- Flit Arena {version}: play {title} bots in the browser. Built by `flit-arena embed`. -->
<div id="flit-loading" style="font:14px system-ui,sans-serif;color:#6b6f78;padding:12px">Loading Flit Arena…</div>
<script type="module">
// The page's files, deflated and written 15 bits per character (see flit_core/web/embed.py).
const PACKED = "{packed}", LENGTH = {length};
const PYODIDE = "{pyodide}", PYSCRIPT = "{pyscript}";
const BLOCKS = [[0x4E00, 20992, 0], [0xAC00, 11172, 20992], [0x3400, 604, 32164]];
function unpack(text, length) {{
    const out = new Uint8Array(length);
    let acc = 0, bits = 0, j = 0;
    for (let i = 0; i < text.length; i += 1) {{
        const code = text.charCodeAt(i);
        const [first, , offset] = BLOCKS.find(([f, n]) => code >= f && code < f + n);
        acc = (acc << 15) | (code - first + offset);
        bits += 15;
        while (bits >= 8 && j < length) {{ bits -= 8; out[j++] = (acc >>> bits) & 255; }}
        acc &= (1 << bits) - 1;
    }}
    return out;
}}
const stream = new Blob([unpack(PACKED, LENGTH)]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
const files = JSON.parse(await new Response(stream).text());
const style = document.createElement("style");
style.textContent = files.css;
document.head.append(style);
document.getElementById("flit-loading").outerHTML = files.html;
Object.assign(document.body.dataset, {{python: "loading", bots: "idle", game: "none"}});
// In a sandbox without same-origin a module worker starts from a data: address, not a blob.
const workerURL = "data:text/javascript;charset=utf-8," + encodeURIComponent(files.worker);
window.FLIT_ENV = {{embedded: true, pyodideURL: PYODIDE + "pyodide.mjs", workerURL, bundle: files.bundle}};
const python = document.createElement("script");
python.type = "py";
python.setAttribute("async", "");
python.setAttribute("config", JSON.stringify({{interpreter: PYODIDE + "pyodide.mjs"}}));
python.textContent = files.main;
document.body.append(python);
await import(URL.createObjectURL(new Blob([files.app], {{type: "text/javascript"}})));
await import(PYSCRIPT + "core.js");
</script>
"""


class Snippet(NamedTuple):
    """A built snippet: its HTML, and the game's example bots left out to fit."""

    html: str
    left_out: list[str]


def build_snippet(web_dir: Path = WEB_DIR, game: str = DEFAULT_GAME) -> Snippet:
    """The snippet for ``game``; raises :class:`EmbedTooLarge` past :data:`MAX_CHARACTERS`.

    When the whole game does not fit, its last example bots are left out (the strongest,
    which are the largest, come last): a post's answers are its real bots.
    """
    examples = example_order(game)
    count = len(examples)
    while len(html := _snippet(web_dir, game, count)) > MAX_CHARACTERS and count > 1:
        count -= 1
    if len(html) > MAX_CHARACTERS:
        raise EmbedTooLarge(f"the snippet has {len(html):,} characters, over the limit of {MAX_CHARACTERS:,}")
    return Snippet(html, example_names(game)[count:])


def example_names(game: str) -> list[str]:
    """The names of :func:`example_order`'s bots, with their language's suffix if not Python."""
    languages = get_game(game).languages
    return [name + (languages[key].suffix if key else "") for key, name in example_order(game)]


def _snippet(web_dir: Path, game: str, examples: int) -> str:
    versions = pinned_versions(web_dir)
    packed = payload(web_dir, game, examples)
    return LOADER.format(
        version=f"(Pyodide {versions['pyodide']}, PyScript {versions['pyscript']})",
        title=get_game(game).title,
        packed=pack15(packed),
        length=len(packed),
        pyodide=PYODIDE_CDN.format(version=versions["pyodide"]),
        pyscript=PYSCRIPT_CDN.format(version=versions["pyscript"]),
    )
