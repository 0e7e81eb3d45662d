// Contestants from a challenge's answers, through the Q&A site's public API (like the
// classic King-of-the-Hill snippets). The page's Python builds the address and reads
// each answer (name: its first heading; code: its first code block).
"use strict";

const MAX_PAGES = 10;

/** Every bot among a question's answers: [{name, code, author, answer_id}]. */
export async function loadContestants(py, question, site) {
    const found = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
        const response = await fetch(py.answers_url(question, site, page));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const text = await response.text();
        found.push(...JSON.parse(py.contestants(text)));
        if (!JSON.parse(text).has_more) break;
    }
    return found;
}
