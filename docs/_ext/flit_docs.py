"""The documentation's own Sphinx directives: what the site says about the code comes from the code.

- ``flit-settings GAME``: a game's settings (its config fields with their defaults and
  comments), presets, command-line shortcuts and example bots, read from its definition.
- ``flit-report``: the benchmark report's tables (``benchmarks/report/report.json``, drawn by
  ``benchmarks/report.py``'s own :func:`markdown`), optionally only some benchmarks.
- ``flit-layers``: the package's layers as ``scripts/layers.py`` draws them from the imports.
- ``{snippet-size}``: the size of ``flit-arena embed``'s snippet, built now for every game.

:func:`cli_parser` is ``flit-arena``'s whole parser, every subcommand set up, for sphinx-argparse.
"""

from __future__ import annotations

import argparse
import dataclasses
import html
import importlib
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import make_refnode

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "benchmarks" / "report" / "report.json"


def _script(name: str, path: Path) -> ModuleType:
    """A script of the repository (not a package module) imported by its path."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def cli_parser() -> argparse.ArgumentParser:
    """``flit-arena``'s parser with every subcommand set up, as ``flit-arena COMMAND --help``
    shows each (the game settings' shortcuts: the default game's)."""
    from flit_core.cli.main import SUBCOMMANDS, build_parser

    parser = build_parser([])
    (commands,) = (action for action in parser._actions if isinstance(action, argparse._SubParsersAction))
    for name, sub in commands.choices.items():
        importlib.import_module(SUBCOMMANDS[name].module).register(sub)
    return parser


def _cell(text: Any) -> str:
    """A value as one Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(headers: list[str], rows: list[list[str]]) -> str:
    """A Markdown table (cells already Markdown)."""
    lines = ["| " + " | ".join(headers) + " |", "|" + " --- |" * len(headers)]
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _field_comments(config_type: type) -> dict[str, str]:
    """The ``#:`` comments above each config field, from the class and its bases."""
    comments: dict[str, str] = {}
    for cls in reversed(config_type.__mro__):
        if not dataclasses.is_dataclass(cls):
            continue
        analyzer = ModuleAnalyzer.for_module(cls.__module__)
        for (owner, name), lines in analyzer.find_attr_docs().items():
            if owner == cls.__qualname__:
                comments[name] = " ".join(line.strip() for line in lines if line.strip())
    return comments


def _plain(value: Any) -> str:
    """A setting's value as a ``--config`` file writes it (JSON; a float without a needless ``.0``)."""
    value = getattr(value, "value", value)  # an enum: its value
    return f"{value:g}" if isinstance(value, float) else json.dumps(value)


def settings_markdown(game: str) -> str:
    """A game's settings, presets, command-line shortcuts and example bots, as Markdown."""
    from flit_core.games import get_game
    from flit_core.games.adapters import CommandLine

    definition = get_game(game)
    config = definition.config_type
    options = definition.adapter(CommandLine).options
    # A field's comment, else what its command-line shortcut says it sets.
    comments = {option.field: option.help for option in options} | _field_comments(config)
    defaults = config()
    fields = dataclasses.fields(config)
    presets = definition.presets
    parts = [
        f"The settings of {definition.title} are the fields of `{config.__module__}.{config.__qualname__}` "
        f"(`--set FIELD=VALUE`, a `--config` file, or a preset). Each preset's column shows its value "
        f"where it differs from the field's default.",
        "",
        _table(
            ["field", "default", *(f"`{name}`" for name in presets), "what it is"],
            [
                [
                    f"`{field.name}`",
                    f"`{_plain(getattr(defaults, field.name))}`",
                    *(
                        ""
                        if getattr(preset, field.name) == getattr(defaults, field.name)
                        else f"`{_plain(getattr(preset, field.name))}`"
                        for preset in presets.values()
                    ),
                    comments.get(field.name, ""),
                ]
                for field in fields
            ],
        ),
        "",
        f"The presets in words (the default: `{definition.info.default_preset}`):",
        "",
        *(f"- `{name}`: {preset.describe()}" for name, preset in presets.items()),
    ]
    if options:
        parts += [
            "",
            f"Shortcuts on the command line (`flit-arena play --game {definition.name} --help` lists them):",
            "",
            _table(
                ["option", "field", "what it sets"],
                [
                    [
                        f"`{option.flag}`",
                        f"`{option.field}`",
                        option.help + (f" ({', '.join(option.choices)})" if option.choices else ""),
                    ]
                    for option in options
                ],
            ),
        ]
    if definition.example_bots:
        folder = f"flit_core/games/{definition.name}/bots/"
        parts += [
            "",
            f"Example bots (in `{folder}`), weakest first, with the level the page's seat menu gives each:",
            "",
            _table(
                ["bot", "level"],
                [[f"`{name}_bot.py`", level.value] for name, level in definition.example_bots.items()],
            ),
        ]
    return "\n".join(parts)


def common_markdown() -> str:
    """The fields of :class:`~flit_core.config.BaseConfig`, which every game's configuration has."""
    from flit_core.config import BaseConfig

    comments = _field_comments(BaseConfig)
    defaults = {field.name: field.default for field in dataclasses.fields(BaseConfig)}
    return _table(
        ["field", "default", "what it is"],
        [[f"`{name}`", f"`{_plain(value)}`", comments.get(name, "")] for name, value in defaults.items()],
    )


def report_markdown(benchmarks: list[str] | None = None, path: Path = REPORT) -> str:
    """A benchmark report's tables (the last full report's unless ``path`` names another), as
    ``benchmarks/report.py`` writes them (only ``benchmarks``' rows, if given)."""
    report = json.loads(path.read_text(encoding="utf-8"))
    if benchmarks is not None:
        unknown = set(benchmarks) - {run["benchmark"] for run in report["runs"]}
        if unknown:
            raise ValueError(f"the report has no benchmark {', '.join(sorted(unknown))}")
        report = {
            **report,
            "runs": [run for run in report["runs"] if run["benchmark"] in benchmarks],
            "figures": [row for row in report["figures"] if row["benchmark"] in benchmarks],
        }
    text: str = report_script().markdown(report)
    return text


def league_markdown(league: dict[str, Any]) -> str:
    """The league's tables, as ``benchmarks/report.py`` keeps them: for each arena a
    cross-table, the strongest first, each cell the row's wins against the column's bot with
    its 95 % interval (Wilson's); then the order and the strongest."""
    from flit_core.tournament.leaderboard import wilson_interval

    order = league["order"][::-1]
    number = report_script().number
    lines = [
        f"Measured by `benchmarks/strength.py --game flit` on {league['date']}, load average "
        f"{number(league['load_before'][0])} before and {number(league['load_after'][0])} after "
        "(other work shares the cores). Each cell: the row's wins against the column's bot, of the "
        "games played, with the 95 % interval; seats in turn, a tie for first is no win.",
    ]
    for arena in league["arenas"]:
        lines += ["", f"**{arena['label']}** ({arena['config']}):", ""]
        lines.append("| | " + " | ".join(f"vs {name}" for name in order) + " |")
        lines.append("| --- " * (len(order) + 1) + "|")
        for row in order:
            cells = []
            for column in order:
                if column not in arena["cells"].get(row, {}):
                    cells.append("")
                    continue
                wins, _, games = arena["cells"][row][column]
                low, high = wilson_interval(wins, games)
                cells.append(f"{wins}/{games} ({low:.0%}-{high:.0%})")
            lines.append(f"| **{row}** | " + " | ".join(cells) + " |")
    lines += [
        "",
        f"The order, weakest first (mean wins above chance over every arena and opponent): "
        f"{', '.join(league['order'])}. The strongest: **{league['strongest']}**.",
    ]
    return "\n".join(lines) + "\n"


def report_script() -> ModuleType:
    """``benchmarks/report.py``, which draws the report's tables."""
    return _script("benchmark_report", ROOT / "benchmarks" / "report.py")


def layers_svg() -> str:
    """The package's layers as an SVG: top to bottom, each with its modules and what it imports."""
    layers = _script("flit_layers", ROOT / "scripts" / "layers.py")
    edges = layers.graph()
    between = layers.between(edges)
    order = list(reversed(layers.ORDER))  # the front ends first
    width, height, gap = 640, 46, 14
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {len(order) * (height + gap)}" '
        'role="img" aria-label="The layers of flit_core, top to bottom" class="flit-layers">'
    ]
    for index, name in enumerate(order):
        y = index * (height + gap)
        members = sum(1 for module in edges if layers.layer(module) == name)
        used = ", ".join(f"{target} {count}" for (source, target), count in sorted(between.items()) if source == name)
        out += [
            f'<rect x="1" y="{y + 1}" width="{width - 2}" height="{height}" rx="6" class="box"/>',
            f'<text x="14" y="{y + 20}" class="name">{html.escape(name)}</text>',
            f'<text x="{width - 14}" y="{y + 20}" text-anchor="end" class="count">{members} modules</text>',
            f'<text x="14" y="{y + 38}" class="uses">imports: {html.escape(used or "nothing of the package")}</text>',
        ]
        if index < len(order) - 1:
            out.append(
                f'<path d="M {width // 2} {y + height + 2} l -6 -0 l 6 {gap - 4} l 6 -{gap - 4} z" class="arrow"/>'
            )
    out.append("</svg>")
    return "\n".join(out)


class MarkdownDirective(SphinxDirective):
    """A directive whose content is Markdown generated from the code, parsed in place."""

    def markdown(self) -> str:
        """The generated Markdown."""
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        """Parse the generated Markdown as the page's own text."""
        return list(self.parse_text_to_nodes(self.markdown(), allow_section_headings=False))


class SettingsDirective(MarkdownDirective):
    """``flit-settings GAME``: a game's settings, presets, shortcuts and example bots
    (``:common:``: only the fields every game's configuration has)."""

    required_arguments = 1
    option_spec = {"common": directives.flag}

    def markdown(self) -> str:
        """The game's tables."""
        return common_markdown() if "common" in self.options else settings_markdown(self.arguments[0])


class ReportDirective(MarkdownDirective):
    """``flit-report`` (``:benchmarks: a,b``; ``:report: PATH``, a report of its own under
    ``benchmarks/report/``): the benchmark report's tables."""

    option_spec = {"benchmarks": directives.unchanged, "report": directives.unchanged}

    def markdown(self) -> str:
        """The report's tables."""
        path = REPORT.parent / self.options["report"] if "report" in self.options else REPORT
        self.env.note_dependency(str(path))
        chosen = self.options.get("benchmarks")
        return report_markdown([name.strip() for name in chosen.split(",")] if chosen else None, path)


class LeagueDirective(MarkdownDirective):
    """``flit-league``: Flit's league, as the benchmark report last kept it."""

    def markdown(self) -> str:
        """The league's tables."""
        self.env.note_dependency(str(REPORT))
        text: str = league_markdown(json.loads(REPORT.read_text(encoding="utf-8"))["league"])
        return text


class LayersDirective(SphinxDirective):
    """``flit-layers``: the layer diagram, drawn from the package's imports."""

    def run(self) -> list[nodes.Node]:
        """The SVG, inline."""
        return [nodes.raw("", layers_svg(), format="html")]


class SnippetSizeRole(SphinxRole):
    """``{snippet-size}`x```: the range of the snippet's size over every game, with and
    without a challenge, built now for a bundle on a GitHub Pages folder (e.g. "4,270 to
    4,327 characters")."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        """The sizes, as text."""
        from flit_core.games import BUILT_IN
        from flit_core.web.embed import Challenge, build_snippet

        site = "https://user.github.io/arena/embed/"
        sizes = [len(build_snippet(game=game, bundle_url=site).html) for game in BUILT_IN]
        sizes.append(len(build_snippet(challenge=Challenge(271500, "codegolf", None), bundle_url=site).html))
        return [nodes.Text(f"{min(sizes):,} to {max(sizes):,} characters")], []


def _exists(name: str) -> bool:
    """Whether ``name`` is a module of the package or an object in one."""
    module, attributes = name, list[str]()
    while module:
        try:
            found: Any = importlib.import_module(module)
        except ImportError:
            module, _, attribute = module.rpartition(".")
            attributes.insert(0, attribute)
            continue
        for attribute in attributes:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def resolve_short_names(
    app: Sphinx, env: Any, node: addnodes.pending_xref, contnode: nodes.TextElement
) -> nodes.Element | None:
    """A docstring's reference by a short name (``ConfigError``, ``State.snapshot``,
    ``.schedule``) to the one documented object whose full name ends so; and a reference to a
    module or object of the package that exists but is not in the API reference, as plain code.
    Anything else (a name nothing has) stays unresolved, and the strict build fails on it."""
    if node.get("refdomain") != "py":
        return None
    target = str(node["reftarget"]).lstrip(".~")
    domain = env.get_domain("py")
    matches = [name for name in domain.objects if name == target or name.endswith("." + target)]
    if len(matches) == 1:
        entry = domain.objects[matches[0]]
        return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, matches[0])
    module = node.get("py:module") or ""
    package = module.rpartition(".")[0]
    names = [target] if target.startswith("flit_core") else [f"{module}.{target}", f"{package}.{target}"]
    if any(name.startswith("flit_core") and _exists(name) for name in names):
        return contnode
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the role and the resolver of short names."""
    app.connect("missing-reference", resolve_short_names)
    app.add_directive("flit-settings", SettingsDirective)
    app.add_directive("flit-report", ReportDirective)
    app.add_directive("flit-league", LeagueDirective)
    app.add_directive("flit-layers", LayersDirective)
    app.add_role("snippet-size", SnippetSizeRole())
    return {"parallel_read_safe": True, "parallel_write_safe": True}
