// A small chart of every bot's score (Flit: pieces) over the turns, with the shown turn marked.
"use strict";

/** colours: by seat number; scoreName: what a score counts (the game's score_name). */
export function drawChart(canvas, record, players, colours, shown, scoreName) {
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
    const counts = record.scores;
    const total = Math.max(record.limit || 0, counts.length - 1, 1);
    // Scores may go below zero (the coin game's points): the scale then reaches down to the lowest.
    // The top is the highest score reached (its label says so), at least 1.
    let top = 1, bottom = 0;
    for (const row of counts) for (let p = 1; p <= players; p += 1) top = Math.max(top, row[p]), bottom = Math.min(bottom, row[p]);
    const pad = 6 * ratio;
    const x = turn => pad + (width - 2 * pad) * turn / total;
    const y = value => height - pad - (height - 2 * pad) * (value - bottom) / (top - bottom);
    // One point per pixel column at most: long games stay cheap to draw.
    const step = Math.max(1, Math.floor(counts.length / width));
    ctx.lineWidth = 1.5 * ratio;
    for (let p = 1; p <= players; p += 1) {
        ctx.strokeStyle = colours[p];
        ctx.beginPath();
        for (let t = 0; t < counts.length; t += step) {
            if (t === 0) ctx.moveTo(x(t), y(counts[t][p])); else ctx.lineTo(x(t), y(counts[t][p]));
        }
        const last = counts.length - 1;
        ctx.lineTo(x(last), y(counts[last][p]));
        ctx.stroke();
    }
    ctx.fillStyle = "#6b6f78";
    ctx.font = `${10 * ratio}px system-ui, sans-serif`;
    ctx.fillText(`${top} ${scoreName}`, pad, pad + 8 * ratio);
    canvas.dataset.top = String(top);
    if (bottom < 0) ctx.fillText(String(bottom), pad, height - pad);
    ctx.strokeStyle = "rgba(0,0,0,.35)";
    ctx.lineWidth = ratio;
    ctx.beginPath();
    ctx.moveTo(x(shown), 0);
    ctx.lineTo(x(shown), height);
    ctx.stroke();
}
