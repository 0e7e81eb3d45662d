// Makes the start-up snapshot of the page's Python and its bot workers (flit_core/web/snapshot.py
// runs it with Node):
//   node make-snapshot.mjs URL_OF_PYODIDE_MJS OUT [--sources < SOURCES_JSON]
// The memory of a freshly started Pyodide, which an interpreter boots from in a fraction of a
// full start-up. With --sources, standard input is {modules: {path: source}, packages:
// {game: package}, imports: [module, ...]} (from the page's bundle): the sources are written
// to /flit and the modules imported first, so an interpreter booted from it has them in
// memory already; it then fits only those very sources (the server names it by their digest).
import {writeFileSync, renameSync} from "node:fs";

const [pyodideURL, out, withSources] = process.argv.slice(2);
const {loadPyodide} = await import(pyodideURL);
const pyodide = await loadPyodide({_makeSnapshot: true});
// A mark an interpreter booted from it can be told by (web/js/interpreter.js checks it: a
// Pyodide that ignored the snapshot option would boot afresh without a word).
pyodide.runPython("import sys, types\nsys.modules['_flit_snapshot'] = types.ModuleType('_flit_snapshot')");
if (withSources === "--sources") {
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    const {modules, packages, imports} = JSON.parse(Buffer.concat(chunks).toString("utf-8"));
    // As bot-worker.js and main.py write them: the same paths, so tracebacks read the same.
    for (const [path, source] of Object.entries(modules)) {
        pyodide.FS.mkdirTree("/flit/" + path.slice(0, path.lastIndexOf("/")));
        pyodide.FS.writeFile("/flit/" + path, source);
    }
    pyodide.globals.set("flit_games", Object.entries(packages).map(([name, module]) => `${name}=${module}`).join(","));
    pyodide.globals.set("flit_imports", pyodide.toPy(imports));
    pyodide.runPython(`
import importlib, os, sys
os.environ["FLIT_ARENA_GAMES"] = flit_games
sys.path.insert(0, "/flit")
for name in flit_imports:
    importlib.import_module(name)
del flit_games, flit_imports, name
`);
}
// Written aside and renamed: a page (or another server making it too) never reads half of it.
const aside = `${out}.${process.pid}.tmp`;
writeFileSync(aside, pyodide.makeMemorySnapshot());
renameSync(aside, out);
