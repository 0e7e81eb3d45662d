#!/usr/bin/env python3
"""Build a small JupyterLite site with the tutorial and Flit Arena's wheel, for offline use.

Everything comes from local files: the Pyodide runtime of the browser page (web/vendor/
pyodide, from npm), the JupyterLite app and Pyodide kernel (the jupyterlite-core and
jupyterlite-pyodide-kernel Python packages), and pure-Python wheels fetched once with pip
into a cache: the ones the kernel loads from Pyodide's lock file (the npm package ships
none), at the exact versions and file names the lock names, with the lock's checksums
rewritten to theirs. The site never falls back to a package index at run time.

    .venv/bin/python scripts/build_jupyterlite.py                 # -> build/jupyterlite/
    .venv/bin/python -m http.server 8001 -d build/jupyterlite     # then open /lab/index.html

In the site, ``%pip install flit-arena`` installs the wheel from the site's own index.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the Pyodide kernel loads from Pyodide's lock file when it starts.
KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
#: What it installs with piplite and the kernel extension does not bundle.
EXTRA_WHEELS = ("comm==0.2.3",)
#: The site's files: the tutorial (the example bots it plays ship inside the wheel).
CONTENTS = ("examples/tutorial.ipynb",)
#: The Pyodide runtime files the site serves.
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
#: The port the site is served on: one of its own, so that it runs beside the page and the
#: other local sites (tests/test_embed_preview.py checks that they differ).
PORT = 8001
#: The Pyodide kernel's name in JupyterLite (notebooks name the kernel they want).
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def run(command: list[str], **kwargs: object) -> None:
    """Run a command, showing it; stop the build if it fails."""
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def pip_download(requirements: list[str], into: Path) -> None:
    """Download pure-Python wheels for Pyodide's Python (3.14), without dependencies."""
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            "3.14",
            "-d",
            str(into),
            *requirements,
        ]
    )


def lock_closure(lock: dict, names: tuple[str, ...]) -> list[str]:
    """The lock's packages ``names`` need, themselves included (dependencies first)."""
    packages = lock["packages"]
    order: list[str] = []

    def visit(name: str) -> None:
        key = name.lower().replace("_", "-")
        if key in order:
            return
        for dependency in packages[key].get("depends", []):
            visit(dependency)
        order.append(key)

    for name in names:
        visit(name)
    return order


def kernel_lock_entries(pyodide: Path) -> tuple[dict, list[dict]]:
    """Pyodide's lock file, and its entries for the packages the kernel loads."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    return lock, [lock["packages"][name] for name in lock_closure(lock, KERNEL_PACKAGES)]


def fetch(pyodide: Path, cache: Path) -> None:
    """Download the wheels the site needs into ``cache``, unless they are there already."""
    cache.mkdir(parents=True, exist_ok=True)
    _, entries = kernel_lock_entries(pyodide)
    wanted = [f"{e['name']}=={e['version']}" for e in entries if not (cache / e["file_name"]).exists()]
    wanted += [name for name in EXTRA_WHEELS if not list(cache.glob(_wheel_glob(name)))]
    if wanted:
        pip_download(wanted, cache)
    for entry in entries:
        if not (cache / entry["file_name"]).exists():
            sys.exit(f"build_jupyterlite: pip did not give {entry['file_name']} (the lock file's name for it)")


def _wheel_glob(requirement: str) -> str:
    name, version = requirement.split("==")
    return f"{name.replace('-', '_')}-{version}-*.whl"


def pyodide_with_wheels(pyodide: Path, cache: Path, target: Path) -> None:
    """Copy the Pyodide runtime to ``target`` with the kernel's wheels beside it."""
    target.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(pyodide / name, target / name)
    lock, entries = kernel_lock_entries(pyodide)
    for entry in entries:
        wheel = cache / entry["file_name"]
        shutil.copy2(wheel, target / wheel.name)
        # The index's wheel is not byte-identical to the one the lock was made from.
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def project_wheel(into: Path) -> Path:
    """Build Flit Arena's wheel (pure Python, hatchling) into ``into``: offline with the
    hatchling of this Python (the dev extra has it), else with one pip fetches."""
    offline = ["--no-build-isolation"] if importlib.util.find_spec("hatchling") else []
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            *offline,
            "-w",
            str(into),
            str(ROOT),
        ]
    )
    (wheel,) = into.glob("flit_arena-*.whl")
    return wheel


def contents(target: Path) -> None:
    """The tutorial (set to the Pyodide kernel, outputs cleared), and any other file of
    :data:`CONTENTS` as it is."""
    target.mkdir(parents=True)
    for name in CONTENTS:
        source = ROOT / name
        if source.suffix == ".ipynb":
            notebook = json.loads(source.read_text(encoding="utf-8"))
            notebook["metadata"]["kernelspec"] = KERNELSPEC
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    cell["outputs"], cell["execution_count"] = [], None
            (target / source.name).write_text(json.dumps(notebook, indent=1), encoding="utf-8")
        else:
            shutil.copy2(source, target / source.name)


def build(pyodide: Path, output: Path, cache: Path) -> None:
    """Assemble the JupyterLite project folder and let ``jupyter lite build`` make the site."""
    for name in (*RUNTIME, "pyodide-lock.json"):
        if not (pyodide / name).exists():
            sys.exit(f"build_jupyterlite: {pyodide / name} is missing: run scripts/setup.sh first")
    fetch(pyodide, cache)
    with tempfile.TemporaryDirectory(prefix="flit-lite-") as folder:
        lite = Path(folder)
        pyodide_with_wheels(pyodide, cache, lite / "static" / "pyodide")
        wheels = lite / "pypi"
        wheels.mkdir()
        project_wheel(wheels)
        for requirement in EXTRA_WHEELS:
            for wheel in cache.glob(_wheel_glob(requirement)):
                shutil.copy2(wheel, wheels / wheel.name)
        contents(lite / "files")
        settings = {"@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}}
        config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"litePluginSettings": settings}}
        (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
        if output.exists():
            shutil.rmtree(output)
        run(
            [
                sys.executable,
                "-m",
                "jupyterlite_core",
                "build",
                "--lite-dir",
                str(lite),
                "--output-dir",
                str(output),
                "--no-sourcemaps",
                "--apps",
                "lab",
                "--apps",
                "notebooks",
            ],
            cwd=lite,
        )
    print(
        f"JupyterLite site: {output}. Serve it with {Path(sys.executable).name} -m http.server {PORT} -d {output}, "
        f"then open http://localhost:{PORT}/notebooks/index.html?path=tutorial.ipynb"
    )


def main() -> None:
    """Parse the options and build the site."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pyodide",
        type=Path,
        default=ROOT / "web" / "vendor" / "pyodide",
        help="folder of the Pyodide runtime files (default: web/vendor/pyodide)",
    )
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "jupyterlite", help="where the site goes")
    parser.add_argument(
        "--cache",
        type=Path,
        default=ROOT / "build" / "jupyterlite-wheels",
        help="where downloaded wheels are kept between builds",
    )
    parser.add_argument(
        "--prefetch",
        action="store_true",
        help="only download the wheels into the cache (an install step), do not build",
    )
    args = parser.parse_args()
    if args.prefetch:
        fetch(args.pyodide.resolve(), args.cache.resolve())
    else:
        build(args.pyodide.resolve(), args.output.resolve(), args.cache.resolve())


if __name__ == "__main__":
    main()
