// Runs Python code against this repository under Pyodide in Node (no browser):
//   node tests/pyodide_run.mjs REPO_DIR PYTHON_FILE
// The repository is mounted at /repo and put on sys.path; the script's stdout is Python's.
import { loadPyodide } from "../web/node_modules/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";

const [repo, script] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.runPython("import sys; sys.path.insert(0, '/repo')");
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
