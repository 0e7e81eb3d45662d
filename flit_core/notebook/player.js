// The replay player's script, for any game: the controls, the legend's scores, the chart's
// cursor and the turn descriptions. The game's frame drawer (`drawer`, see ReplayDrawing in
// flit_core/games/interface.py) draws the board. No kernel, no network, no globals.
/* exported flitPlayer -- called by the script player.py writes after this one */
function flitPlayer(root, data, drawer) {
  "use strict";
  if (!root || root.dataset.flitReady) return;
  root.dataset.flitReady = "1";
  const turns = data.kinds.length, players = data.players;
  const frames = drawer(root.querySelector(".flit-frame"), data.frames, data.movers);
  // Each bot's score after every turn, from the rows where some score changed.
  const scores = [];
  for (let p = 0; p < players; p++) scores.push(new Int32Array(turns + 1));
  data.scores.forEach((row, k) => {
    const until = k + 1 < data.scores.length ? data.scores[k + 1][0] : turns + 1;
    for (let p = 0; p < players; p++) scores[p].fill(row[p + 1], row[0], until);
  });

  const scrubber = root.querySelector(".flit-scrubber");
  const speed = root.querySelector(".flit-speed");
  const turnNumber = root.querySelector(".flit-turn-number");
  const status = root.querySelector(".flit-status");
  const legendCounts = root.querySelectorAll(".flit-legend .flit-count");
  const chart = root.querySelector(".flit-chart");
  const cursor = chart.querySelector(".flit-cursor");
  const KINDS = {m: "moved", p: "passed", i: "gave an invalid answer", e: "raised an error",
    t: "timed out", c: "crashed", s: "was skipped (frozen or gone)"};
  let current = -1, playing = false, position = turns, lastTime = 0;

  function describe(t) {
    if (t === 0) return "Starting position.";
    const i = t - 1, player = data.movers[i], kind = data.kinds[i];
    let text = "Turn " + t + ": bot " + player + " (" + data.names[player - 1] + ") ";
    text += kind === "m" ? frames.move(t) : KINDS[kind];
    if (data.moves[i]) text += " (" + data.moves[i] + ")";
    if (data.notes[i]) text += ": " + data.notes[i];
    text += ".";
    const remark = frames.remark(t);
    if (remark) text += " " + remark;
    if (t === turns) text += " " + data.result;
    return text;
  }

  function show(t) {
    t = Math.max(0, Math.min(turns, t));
    if (t === current) return;
    current = t;
    frames.show(t);
    legendCounts.forEach((node, k) => { node.textContent = scores[k][t]; });
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
