// The bot editor's CodeMirror 6 part (web/js/editor.js loads it on the served page), from
// the npm packages pinned in web/package.json. web/install-assets.sh bundles this file once,
// at setup, with esbuild into web/vendor/codemirror/codemirror.js (one ES module, one copy
// of each package): the page itself runs no bundler and loads nothing from outside.
import {basicSetup} from "codemirror";
import {EditorView, keymap} from "@codemirror/view";
import {Compartment} from "@codemirror/state";
import {indentWithTab} from "@codemirror/commands";
import {indentUnit} from "@codemirror/language";
import {python} from "@codemirror/lang-python";
import {javascript} from "@codemirror/lang-javascript";
import {setDiagnostics, lintGutter} from "@codemirror/lint";

// The highlighting of each bot language by its key in the page ("": Python).
const LANGUAGES = {"": python, javascript};

/**
 * A CodeMirror editor in place of `textarea` (whose id and label it takes): the same face
 * as editor.js's plain one, {text, setText, setLanguage, mark, focus}; `onChange()` runs
 * after every edit.
 */
export function codeEditor(textarea, onChange) {
    const language = new Compartment();
    const view = new EditorView({
        doc: textarea.value,
        extensions: [
            basicSetup,
            keymap.of([indentWithTab]),
            indentUnit.of("    "),
            lintGutter(),
            language.of(python()),
            EditorView.updateListener.of(update => { if (update.docChanged) onChange(); }),
            EditorView.contentAttributes.of({id: textarea.id, "aria-label": textarea.getAttribute("aria-label")}),
            EditorView.theme({
                "&": {border: "1px solid var(--line)", borderRadius: "8px", marginTop: "8px", background: "#fdfcf9"},
                ".cm-scroller": {font: getComputedStyle(textarea).font, minHeight: "320px", maxHeight: "70vh"},
            }),
        ],
    });
    textarea.replaceWith(view.dom);
    // Keys typed in the code are the editor's: never the page's shortcuts (Space, arrows).
    view.dom.addEventListener("keydown", event => event.stopPropagation());
    return {
        get text() {
            return view.state.doc.toString();
        },
        setText(text) {
            view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}});
        },
        setLanguage(key) {
            view.dispatch({effects: language.reconfigure((LANGUAGES[key] || python)())});
        },
        /** Mark line `line` (from 1; past the end: the last) as the error `message`, or nothing
         * (`message` ""); returns the line marked. Edits move the mark along with its text. */
        mark(line, message) {
            const at = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
            const diagnostics = message ? [{from: at.from, to: at.to, severity: /** @type {"error"} */ ("error"), source: "bot", message}] : [];
            view.dispatch(setDiagnostics(view.state, diagnostics));
            return at.number;
        },
        focus() {
            view.focus();
        },
    };
}
