// A small chart of every bot's score (Flit: pieces) over the turns, or of what its game's
// board plots instead (GameRecord.plot), with the shown turn marked.
"use strict";

/** `count` of `name` (a plural such as "pieces" or "cells to connect"): its first word singular for 1. */
function counted(count, name) {
    return `${count} ${count === 1 ? name.replace(/^(\w+?)s\b/, "$1") : name}`;
}

/** colours: by seat number; name: what a plotted value counts (the game's chart_name, else score_name). */
export function drawChart(canvas, record, players, colours, shown, name) {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
    }
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, width, height);
    if (!record) return;
    const counts = record.plot;
    const total = Math.max(record.limit || 0, counts.length - 1, 1);
    // Values may go below zero (the coin game's points): the scale then reaches down to the lowest.
    // The top is the highest value reached (its label says so), the scale at least 1 high.
    let top = 0, bottom = 0;
    for (const row of counts) {
        for (let p = 1; p <= players; p += 1) if (row[p] !== null) top = Math.max(top, row[p]), bottom = Math.min(bottom, row[p]);
    }
    const scale = Math.max(top, bottom + 1);
    const pad = 6 * ratio, above = 12 * ratio;   // the top value's label stands above the lines
    const x = turn => pad + (width - 2 * pad) * turn / total;
    const y = value => height - pad - (height - 2 * pad - above) * (value - bottom) / (scale - bottom);
    // One point per pixel column at most: long games stay cheap to draw.
    const step = Math.max(1, Math.floor(counts.length / width));
    ctx.lineWidth = 1.5 * ratio;
    for (let p = 1; p <= players; p += 1) {
        ctx.strokeStyle = colours[p];
        ctx.beginPath();
        // A null (nothing to plot: a Hex side that can no longer connect) ends the line.
        let drawing = false;
        const point = t => {
            const value = counts[t][p];
            if (value === null) drawing = false;
            else if (drawing) ctx.lineTo(x(t), y(value));
            else ctx.moveTo(x(t), y(value)), drawing = true;
        };
        for (let t = 0; t < counts.length; t += step) point(t);
        point(counts.length - 1);
        ctx.stroke();
    }
    ctx.fillStyle = "#6b6f78";
    ctx.font = `${10 * ratio}px system-ui, sans-serif`;
    // The highest value, once one was reached (an empty chart's "1 wins" said what nobody had).
    const label = top > 0 ? counted(top, name) : "";
    ctx.fillText(label, pad, pad + 8 * ratio);
    canvas.dataset.label = label;
    if (bottom < 0) ctx.fillText(String(bottom), pad, height - pad);
    ctx.strokeStyle = "rgba(0,0,0,.35)";
    ctx.lineWidth = ratio;
    ctx.beginPath();
    ctx.moveTo(x(shown), 0);
    ctx.lineTo(x(shown), height);
    ctx.stroke();
}
