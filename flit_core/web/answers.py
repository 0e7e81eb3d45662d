"""Contestants from a challenge's answers, the way classic King-of-the-Hill snippets load them.

The Q&A site's public API returns a question's answers as JSON, each with its ``body``
in HTML. A contestant's name is the text of the answer's first heading and its code the
text of its first code block. An answer that cannot play is kept with a plain reason
(no code block, another language, a syntax error, no ``move`` function), so the page can
say why it was left out. What counts as a bot comes from the game's definition: Python,
or one of the game's other languages.
"""

from __future__ import annotations

import ast
import html
import html.parser
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from ..games import DEFAULT_GAME, get_game
from ..games.adapters import Programs

#: The Q&A site's API (a snippet previewed offline points it at a local stand-in).
API_BASE = "https://api.stackexchange.com/2.3/"
#: The API's address for one page of a question's answers, with their bodies.
ANSWERS_URL = (
    "{api}questions/{question}/answers?site={site}&filter=withbody&sort=creation&order=asc&pagesize=100&page={page}"
)
#: Languages an answer's heading or code block may name, by the word that names them
#: (lower case): what a bot in a language the game does not take is reported as.
KNOWN_LANGUAGES = {
    "python": "Python",
    "py": "Python",
    "python3": "Python",
    "javascript": "JavaScript",
    "js": "JavaScript",
    "node.js": "JavaScript",
    "java": "Java",
    "c": "C",
    "c++": "C++",
    "cpp": "C++",
    "c#": "C#",
    "csharp": "C#",
    "rust": "Rust",
    "go": "Go",
    "ruby": "Ruby",
    "haskell": "Haskell",
    "kotlin": "Kotlin",
    "lua": "Lua",
    "perl": "Perl",
    "php": "PHP",
    "typescript": "TypeScript",
}
#: A name a page may show: at most this many characters.
NAME_LENGTH = 60
_WORD = re.compile(r"[\w#+.]+")


class Contestant(NamedTuple):
    """One answer's bot (``language``: "" for Python, else the key of one of the game's languages)."""

    name: str
    code: str
    author: str
    answer_id: int
    link: str = ""
    language: str = ""


class Unusable(NamedTuple):
    """An answer that cannot play, and why (one plain sentence)."""

    name: str
    author: str
    answer_id: int
    link: str
    reason: str


class _FirstHeadingAndCode(html.parser.HTMLParser):
    """Collects the text of the first ``<h1>``-``<h6>`` and of the first ``<pre>`` block,
    with the language class (``lang-xxx``) the site gives a code block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.heading: list[str] = []
        self.code: list[str] = []
        self.code_class = ""
        self._in: str | None = None
        self._heading_done = False
        self._code_done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._in is not None:
            return
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6") and not self._heading_done:
            self._in = tag
        elif tag == "pre" and not self._code_done:
            self._in = tag
            self.code_class = " ".join(value or "" for name, value in attrs if name == "class")

    def handle_endtag(self, tag: str) -> None:
        if tag != self._in:
            return
        if tag == "pre":
            self._code_done = True
        else:
            self._heading_done = True
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "pre":
            self.code.append(data)
        elif self._in is not None:
            self.heading.append(data)


def _named_language(code_class: str, heading: str) -> str | None:
    """The language the code block's class (``lang-java``) or else the heading names, if any."""
    for word in code_class.split():
        if word.startswith("lang-") and word[5:] in KNOWN_LANGUAGES:
            return KNOWN_LANGUAGES[word[5:]]
    for word in _WORD.findall(heading.lower()):
        if word in KNOWN_LANGUAGES and word not in ("c", "go", "py"):
            return KNOWN_LANGUAGES[word]
    return None


def python_problem(code: str) -> str | None:
    """Why ``code`` is no Python bot (a syntax error, no ``move`` and no ``Bot``), or None."""
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        return f"syntax error on line {error.lineno}: {error.msg}"
    defined = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    if "move" not in defined and "Bot" not in defined:
        return "no move function: a Python bot defines move(view) or a class Bot"
    return None


def answers_url(question: int, site: str, page: int, api: str = "") -> str:
    """The address of one page of a question's answers (``api``: the API's base address; :data:`API_BASE` if "")."""
    return ANSWERS_URL.format(api=api or API_BASE, question=int(question), site=site, page=int(page))


def language_titles(game: str) -> dict[str, str]:
    """The game's other bot languages, ``{key: title}`` (natively; the page passes its own,
    as its Python has no :mod:`flit_core.games.languages`)."""
    return {key: language.title for key, language in get_game(game).adapter(Programs).languages.items()}


def read_answer(
    answer: dict[str, Any], game: str = DEFAULT_GAME, site: str = "codegolf", languages: Mapping[str, str] | None = None
) -> Contestant | Unusable:
    """The bot of one API answer item, or why it cannot play ``game`` (whose other bot
    languages are ``languages``, ``{key: title}``: :func:`language_titles` by default)."""
    parser = _FirstHeadingAndCode()
    parser.feed(str(answer.get("body", "")))
    parser.close()
    code = "".join(parser.code)
    # The API sends display names HTML-encoded.
    author = html.unescape(str((answer.get("owner") or {}).get("display_name", ""))) or "anonymous"
    answer_id = int(answer.get("answer_id", 0) or 0)
    heading = " ".join("".join(parser.heading).split())
    name = (heading or f"{author}'s bot")[:NAME_LENGTH]
    given = str(answer.get("link") or "")
    # Only a plain web address is shown as a link (never javascript: or the like).
    link = given if given.startswith("https://") else f"https://{site}.stackexchange.com/a/{answer_id}"
    if not code.strip():
        return Unusable(name, author, answer_id, link, "no code block")
    titles = language_titles(game) if languages is None else languages
    others = {title: key for key, title in titles.items()}
    named = _named_language(parser.code_class, heading)
    if named is not None and named != "Python" and named not in others:
        taken = " or ".join(["Python", *others])
        return Unusable(name, author, answer_id, link, f"wrong language: {named} (this challenge takes {taken})")
    language = others.get(named or "", "")
    problem = None if language else python_problem(code)
    if problem is not None:
        return Unusable(name, author, answer_id, link, problem)
    return Contestant(name, code, author, answer_id, link, language)


def distinct_names(found: Iterable[Contestant]) -> list[Contestant]:
    """``found`` with names made distinct (the leaderboard ranks by name): "bot", "bot (2)", ..."""
    seen: dict[str, int] = {}
    unique = []
    for entry in found:
        seen[entry.name] = seen.get(entry.name, 0) + 1
        count = seen[entry.name]
        unique.append(entry if count == 1 else entry._replace(name=f"{entry.name} ({count})"))
    return unique


def _items(page: str) -> list[dict[str, Any]]:
    data = json.loads(page)
    items = data.get("items", []) if isinstance(data, dict) else []
    return [item for item in items if isinstance(item, dict)]


def read_answers(
    pages: Iterable[str], game: str = DEFAULT_GAME, site: str = "codegolf", languages: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """Every answer of the API's pages: ``{"usable": [Contestant dict], "unusable": [Unusable dict]}``,
    in the order of the answers, usable names made distinct (``languages`` as :func:`read_answer`'s)."""
    titles = language_titles(game) if languages is None else languages
    read = [read_answer(item, game, site, titles) for page in pages for item in _items(page)]
    usable = distinct_names(entry for entry in read if isinstance(entry, Contestant))
    unusable = [entry for entry in read if isinstance(entry, Unusable)]
    return {"usable": [entry._asdict() for entry in usable], "unusable": [entry._asdict() for entry in unusable]}
