// Makes the bot workers' start-up snapshot (flit_core/web/snapshot.py runs it with Node):
//   node make-snapshot.mjs URL_OF_PYODIDE_MJS OUT
// The memory of a freshly started Pyodide, which a worker boots from in a fraction of a
// full start-up. It holds none of flit_core (a worker writes and imports the current
// sources after booting), so it only changes with Pyodide, whose build it is specific to.
import {writeFileSync, renameSync} from "node:fs";

const [pyodideURL, out] = process.argv.slice(2);
const {loadPyodide} = await import(pyodideURL);
const pyodide = await loadPyodide({_makeSnapshot: true});
// Written aside and renamed: a page (or another server making it too) never reads half of it.
const aside = `${out}.${process.pid}.tmp`;
writeFileSync(aside, pyodide.makeMemorySnapshot());
renameSync(aside, out);
