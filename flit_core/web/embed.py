"""``flit-arena embed``: the arena as one self-contained HTML snippet for a challenge post.

The snippet loads PyScript and Pyodide from a public CDN (the versions pinned in
web/package.json) and carries everything else inside: the page's markup, style and
script, the bot worker, and this repository's flit_core sources and example bots. It runs
in a sandboxed iframe without same-origin, so without cross-origin isolation: a runaway
bot's worker is replaced rather than interrupted.

The site limits a post to 30,000 characters (not bytes), so the payload is deflated and
written 15 bits per character, on code points of three large CJK and Hangul blocks that
need no escaping in HTML or JavaScript and that Unicode normalisation leaves alone.
"""

from __future__ import annotations

import ast
import json
import re
import zlib
from pathlib import Path

from .assets import WEB_DIR, bundle

#: The post size limit of the Q&A site.
MAX_CHARACTERS = 30_000
#: Where the pinned runtime lives on the CDN ({version} from web/package.json).
PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
PYSCRIPT_CDN = "https://cdn.jsdelivr.net/npm/@pyscript/core@{version}/dist/"
#: The page's script modules in dependency order: the snippet runs them as one script.
SCRIPT_MODULES = (
    "env.js", "memory-idb.js", "python.js", "workers.js", "record.js", "match.js",
    "board.js", "chart.js", "panels.js", "share.js", "settings.js", "seats.js",
    "editor.js", "answers.js", "tournament.js", "app.js",
)
#: Code point ranges for 15-bit digits (32,768 values): (first code point, count).
DIGIT_BLOCKS = ((0x4E00, 20_992), (0xAC00, 11_172), (0x3400, 604))

_IMPORT = re.compile(r'^import \{[^}]*\} from "\./[\w-]+\.js";\n', re.MULTILINE)
_EXPORT = re.compile(r"^export (?=(async )?(function|class|const|let)\b)", re.MULTILINE)


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
    return without_comment_lines("\n".join(parts))


def without_docstrings(source: str) -> str:
    """Python source with its docstrings and comments left out (same behaviour, less text)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


def without_comment_lines(script: str) -> str:
    """A script without its whole-line ``//`` comments."""
    return "\n".join(line for line in script.splitlines() if not line.lstrip().startswith("//"))


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
    value = {chr(first + i): offset + i for (first, count), offset in zip(DIGIT_BLOCKS, (0, 20_992, 32_164)) for i in range(count)}
    number = 0
    for char in text:
        number = (number << 15) | value[char]
    number >>= len(text) * 15 - length * 8
    return number.to_bytes(length, "big")


def payload(web_dir: Path = WEB_DIR) -> bytes:
    """Everything the snippet carries, as raw-deflated JSON."""
    contents = bundle()
    # The rules core's docstrings are for readers of the repository; bots' sources stay whole.
    contents["modules"] = {path: without_docstrings(source) for path, source in contents["modules"].items()}
    document = {
        "html": page_markup(web_dir),
        "css": (web_dir / "arena.css").read_text(encoding="utf-8"),
        "app": script_bundle(web_dir),
        "worker": without_comment_lines((web_dir / "bot-worker.js").read_text(encoding="utf-8")),
        "main": (web_dir / "main.py").read_text(encoding="utf-8"),
        "bundle": contents,
    }
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(json.dumps(document, separators=(",", ":")).encode()) + packer.flush()


LOADER = """<!-- Flit Arena {version}: play Flit bots in the browser. Built by `flit-arena embed`. -->
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


def build_snippet(web_dir: Path = WEB_DIR) -> str:
    """The snippet's HTML; raises :class:`EmbedTooLarge` past :data:`MAX_CHARACTERS`."""
    versions = pinned_versions(web_dir)
    packed = payload(web_dir)
    snippet = LOADER.format(
        version=f"(Pyodide {versions['pyodide']}, PyScript {versions['pyscript']})",
        packed=pack15(packed),
        length=len(packed),
        pyodide=PYODIDE_CDN.format(version=versions["pyodide"]),
        pyscript=PYSCRIPT_CDN.format(version=versions["pyscript"]),
    )
    if len(snippet) > MAX_CHARACTERS:
        raise EmbedTooLarge(f"the snippet has {len(snippet):,} characters, over the limit of {MAX_CHARACTERS:,}")
    return snippet
