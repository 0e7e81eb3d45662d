// The replay player's script: recolours the board drawn by flit_core/notebook/svg.py
// from the recorded changes (index * 8 + colour). No kernel, no network, no globals.
function flitPlayer(root, data) {
  "use strict";
  if (!root || root.dataset.flitReady) return;
  root.dataset.flitReady = "1";
  const size = data.size, turns = data.turns.length, players = data.players;
  const KEYFRAME = 64;  // a copy of the board every 64 turns makes seeking cheap
  const cells = new Uint8Array(size * size);
  for (const code of data.setup) cells[code >> 3] = code & 7;
  // One pass over the game: keyframes and pieces per bot after every turn.
  const keyframes = [cells.slice()];
  const counts = [];
  for (let p = 0; p <= players; p++) counts.push(new Int32Array(turns + 1));
  const tally = new Int32Array(6);
  for (let i = 0; i < cells.length; i++) tally[cells[i]]++;
  for (let p = 1; p <= players; p++) counts[p][0] = tally[p];
  for (let t = 0; t < turns; t++) {
    for (const code of data.turns[t]) {
      const index = code >> 3;
      tally[cells[index]]--;
      tally[code & 7]++;
      cells[index] = code & 7;
    }
    for (let p = 1; p <= players; p++) counts[p][t + 1] = tally[p];
    if ((t + 1) % KEYFRAME === 0) keyframes.push(cells.slice());
  }

  const board = root.querySelector(".flit-board");
  const squares = board.querySelector(".flit-squares").children;
  const cell = Number(board.dataset.cell), margin = Number(board.dataset.margin);
  const shown = new Int8Array(size * size).fill(-1);
  const scrubber = root.querySelector(".flit-scrubber");
  const speed = root.querySelector(".flit-speed");
  const turnNumber = root.querySelector(".flit-turn-number");
  const status = root.querySelector(".flit-status");
  const legendCounts = root.querySelectorAll(".flit-legend .flit-count");
  const chart = root.querySelector(".flit-chart");
  const cursor = chart.querySelector(".flit-cursor");
  const marks = {
    origin: board.querySelector(".flit-mark-origin"),
    destination: board.querySelector(".flit-mark-destination"),
    converted: board.querySelectorAll(".flit-mark-converted"),
  };
  const KINDS = {m: "moved", p: "passed", i: "gave an invalid answer", e: "raised an error",
    t: "timed out", c: "crashed", s: "was skipped (frozen or gone)"};
  let current = -1, playing = false, position = turns, lastTime = 0;

  function boardAt(t) {
    const k = Math.floor(t / KEYFRAME);
    const board = keyframes[k].slice();
    for (let u = k * KEYFRAME; u < t; u++) {
      for (const code of data.turns[u]) board[code >> 3] = code & 7;
    }
    return board;
  }

  // The same shapes as piece_path() in svg.py: a disc, a smaller diamond for neutral.
  function piecePath(index, colour) {
    if (colour === 0) return "";
    const x = margin + (index % size + 0.5) * cell, y = margin + (Math.floor(index / size) + 0.5) * cell;
    if (colour === 5) {
      const r = data.shape.diamond * cell;
      return "M" + x + " " + (y - r) + "L" + (x + r) + " " + y + "L" + x + " " + (y + r) + "L" + (x - r) + " " + y + "Z";
    }
    const r = data.shape.piece * cell;
    return "M" + (x - r) + " " + y + "a" + r + " " + r + " 0 1 0 " + 2 * r + " 0a" + r + " " + r + " 0 1 0 " + -2 * r + " 0Z";
  }

  function place(mark, index) {
    if (index < 0) { mark.setAttribute("visibility", "hidden"); return; }
    mark.setAttribute("cx", margin + (index % size + 0.5) * cell);
    mark.setAttribute("cy", margin + (Math.floor(index / size) + 0.5) * cell);
    mark.removeAttribute("visibility");
  }

  function describe(t) {
    if (t === 0) return "Starting position.";
    const i = t - 1, player = (i % players) + 1, kind = data.kinds[i];
    const changes = data.turns[i];
    let text = "Turn " + t + ": bot " + player + " (" + data.names[player - 1] + ") " + KINDS[kind];
    if (kind === "m") {
      const from = changes[0] >> 3, to = changes[1] >> 3;
      text += " " + (from % size) + "," + Math.floor(from / size) + " \u2192 " + (to % size) + "," + Math.floor(to / size);
      const converted = changes.slice(2).filter((code) => (code & 7) === player).length;
      if (converted) text += ", converting " + converted;
    }
    if (data.moves[i]) text += " (" + data.moves[i] + ")";
    if (data.notes[i]) text += ": " + data.notes[i];
    text += ".";
    if (changes.some((code) => (code & 7) === 5)) text += " A neutral piece appeared.";
    if (t === turns) text += " " + data.result;
    return text;
  }

  function show(t) {
    t = Math.max(0, Math.min(turns, t));
    if (t === current) return;
    current = t;
    const now = boardAt(t);
    for (let i = 0; i < now.length; i++) {
      if (shown[i] !== now[i]) {
        shown[i] = now[i];
        squares[i].setAttribute("d", piecePath(i, now[i]));
        squares[i].setAttribute("fill", data.colours[now[i]]);
      }
    }
    // Ring what the last turn's move did: origin, destination, converted pieces.
    const changes = t > 0 ? data.turns[t - 1] : [];
    const player = t > 0 ? ((t - 1) % players) + 1 : 0;
    const moved = changes.length >= 2 && (changes[0] & 7) === 0 && (changes[1] & 7) === player;
    place(marks.origin, moved ? changes[0] >> 3 : -1);
    place(marks.destination, moved ? changes[1] >> 3 : -1);
    const converted = moved ? changes.slice(2).filter((code) => (code & 7) === player) : [];
    marks.converted.forEach((mark, k) => {
      mark.setAttribute("stroke", data.colours[player]);
      place(mark, k < converted.length ? converted[k] >> 3 : -1);
    });
    legendCounts.forEach((node, k) => { node.textContent = counts[k + 1][t]; });
    scrubber.value = t;
    turnNumber.textContent = t;
    status.textContent = describe(t);
    const x = Number(chart.dataset.left) + (turns ? t / turns : 0) * Number(chart.dataset.width);
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
  }

  function setPlaying(on) {
    playing = on && turns > 0;
    root.dataset.playing = playing ? "1" : "";
    if (playing) {
      if (current >= turns) { position = 0; show(0); }
      position = current;
      lastTime = 0;
      requestAnimationFrame(frame);
    }
  }

  function frame(time) {
    if (!playing || !root.isConnected) return;
    if (lastTime) position += (time - lastTime) / 1000 * Number(speed.value);
    lastTime = time;
    show(Math.floor(position));
    if (current >= turns) { setPlaying(false); return; }
    requestAnimationFrame(frame);
  }

  function seek(t) { setPlaying(false); position = t; show(t); }

  // Speeds in turns per second; the default plays the whole game in about 15 s.
  const speeds = [1, 4, 16, 64, 256, 1024, 4096];
  const wanted = Math.max(4, turns / 15);
  const preferred = speeds.reduce((best, s) => Math.abs(Math.log(s / wanted)) < Math.abs(Math.log(best / wanted)) ? s : best);
  for (const s of speeds) {
    const option = document.createElement("option");
    option.value = s;
    option.textContent = s + " turns/s";
    option.selected = s === preferred;
    speed.appendChild(option);
  }

  root.querySelector(".flit-controls").addEventListener("click", (event) => {
    const action = event.target.closest("button") && event.target.closest("button").dataset.action;
    if (action === "play") setPlaying(!playing);
    else if (action === "first") seek(0);
    else if (action === "back") seek(current - 1);
    else if (action === "forward") seek(current + 1);
    else if (action === "last") seek(turns);
  });
  scrubber.addEventListener("input", () => seek(Number(scrubber.value)));
  chart.addEventListener("click", (event) => {
    const box = chart.getBoundingClientRect();
    const scale = box.width / Number(chart.getAttribute("width"));
    const x = (event.clientX - box.left) / scale - Number(chart.dataset.left);
    seek(Math.round(x / Number(chart.dataset.width) * turns));
  });
  root.addEventListener("keydown", (event) => {
    const keys = {ArrowLeft: () => seek(current - 1), ArrowRight: () => seek(current + 1),
      Home: () => seek(0), End: () => seek(turns), " ": () => setPlaying(!playing)};
    if (keys[event.key] && event.target.tagName !== "SELECT") { keys[event.key](); event.preventDefault(); }
  });

  root.querySelector(".flit-controls").hidden = false;
  show(turns);
}
