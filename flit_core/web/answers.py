"""Contestants from a challenge's answers, the way classic King-of-the-Hill snippets load them.

The Q&A site's public API returns a question's answers as JSON, each with its ``body``
in HTML. A contestant's name is the text of the answer's first heading and its code the
text of its first code block; answers without a code block are skipped.
"""

from __future__ import annotations

import html
import html.parser
import json
from typing import Any, NamedTuple

#: The API's address for one page of a question's answers, with their bodies.
ANSWERS_URL = (
    "https://api.stackexchange.com/2.3/questions/{question}/answers"
    "?site={site}&filter=withbody&sort=creation&order=asc&pagesize=100&page={page}"
)


class Contestant(NamedTuple):
    """One answer's bot."""

    name: str
    code: str
    author: str
    answer_id: int


class _FirstHeadingAndCode(html.parser.HTMLParser):
    """Collects the text of the first ``<h1>``-``<h6>`` and of the first ``<pre>`` block."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.heading: list[str] = []
        self.code: list[str] = []
        self._in: str | None = None
        self._heading_done = False
        self._code_done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._in is not None:
            return
        if (
            tag in ("h1", "h2", "h3", "h4", "h5", "h6")
            and not self._heading_done
            or tag == "pre"
            and not self._code_done
        ):
            self._in = tag

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


def contestant(answer: dict[str, Any]) -> Contestant | None:
    """The bot of one API answer item, or None if its body has no code block."""
    parser = _FirstHeadingAndCode()
    parser.feed(str(answer.get("body", "")))
    parser.close()
    code = "".join(parser.code)
    if not code.strip():
        return None
    # The API sends display names HTML-encoded.
    author = html.unescape(str((answer.get("owner") or {}).get("display_name", ""))) or "anonymous"
    answer_id = int(answer.get("answer_id", 0))
    name = " ".join("".join(parser.heading).split()) or f"{author}'s bot"
    return Contestant(name[:60], code, author, answer_id)


def contestants(page: str) -> list[Contestant]:
    """Every contestant in one page of the API's JSON (``{"items": [...]}``)."""
    data = json.loads(page)
    items = data.get("items", []) if isinstance(data, dict) else []
    found = (contestant(item) for item in items if isinstance(item, dict))
    return [entry for entry in found if entry is not None]


def contestants_json(page: str) -> str:
    """:func:`contestants` as JSON for the page: ``[{"name", "code", "author", "answer_id"}]``."""
    return json.dumps([entry._asdict() for entry in contestants(page)])
