// Contestants from a challenge's answers, through the Q&A site's public API (like the
// classic King-of-the-Hill snippets). The page's Python builds the address and reads
// each answer (name: its first heading; code: its first code block).
"use strict";

const MAX_PAGES = 10;

/** The API's pages of a question's answers, as texts (`api`: the API's base address, if
 * not the site's: a preview's local stand-in); throws "Cannot reach the Q&A site's API …". */
export async function loadAnswerPages(py, question, site, api = "") {
    const pages = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
        const url = py.answers_url(question, site, page, api);
        let text;
        try {
            const response = await fetch(url);
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            text = await response.text();
            JSON.parse(text);
        } catch (error) {
            throw new Error(`Cannot reach the Q&A site's API (${url}): ${error.message || error}`);
        }
        pages.push(text);
        if (!JSON.parse(text).has_more) break;
    }
    return pages;
}

/** The API's `pages` read for `game` (game.js's): {usable: [Contestant], unusable: [Unusable]}
 * (flit_core.web.answers.read_answers), usable names made distinct. */
export function readAnswers(py, pages, game, site) {
    const languages = Object.fromEntries(Object.entries(game.languages).map(([key, {title}]) => [key, title]));
    return JSON.parse(py.challenge("read_answers", JSON.stringify(pages), game.name, site, JSON.stringify(languages)));
}

/** Every bot among a question's answers that can play `game`: [{name, code, author, answer_id, language, ...}]. */
export async function loadContestants(py, question, site, game) {
    return readAnswers(py, await loadAnswerPages(py, question, site), game, site).usable;
}
