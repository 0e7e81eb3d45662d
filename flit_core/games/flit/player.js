// Flit's frames for the notebook's replay player (flit_core/notebook/player.js): recolours
// the board svg.py drew from the recorded changes (index * 8 + colour, see player.py) and
// rings what each turn's move did. A function expression: the player calls it once.
(function (element, data, movers) {
  "use strict";
  const size = data.size, turns = data.turns.length;
  const KEYFRAME = 64;  // a copy of the board every 64 turns makes seeking cheap
  const cells = new Uint8Array(size * size);
  for (const code of data.setup) cells[code >> 3] = code & 7;
  const keyframes = [cells.slice()];
  for (let t = 0; t < turns; t++) {
    for (const code of data.turns[t]) cells[code >> 3] = code & 7;
    if ((t + 1) % KEYFRAME === 0) keyframes.push(cells.slice());
  }

  const board = element.querySelector(".flit-board");
  const squares = board.querySelector(".flit-squares").children;
  const cell = Number(board.dataset.cell), margin = Number(board.dataset.margin);
  const shown = new Int8Array(size * size).fill(-1);
  const marks = {
    origin: board.querySelector(".flit-mark-origin"),
    destination: board.querySelector(".flit-mark-destination"),
    converted: board.querySelectorAll(".flit-mark-converted"),
  };

  function boardAt(t) {
    const k = Math.floor(t / KEYFRAME);
    const now = keyframes[k].slice();
    for (let u = k * KEYFRAME; u < t; u++) {
      for (const code of data.turns[u]) now[code >> 3] = code & 7;
    }
    return now;
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

  // A move changes its origin (to empty), then its destination, then converted pieces.
  function moved(t) {
    const changes = t > 0 ? data.turns[t - 1] : [];
    const player = t > 0 ? movers[t - 1] : 0;
    return changes.length >= 2 && (changes[0] & 7) === 0 && (changes[1] & 7) === player;
  }

  function converted(t) {
    return data.turns[t - 1].slice(2).filter((code) => (code & 7) === movers[t - 1]);
  }

  function square(code) {
    const index = code >> 3;
    return (index % size) + "," + Math.floor(index / size);
  }

  return {
    show(t) {
      const now = boardAt(t);
      for (let i = 0; i < now.length; i++) {
        if (shown[i] !== now[i]) {
          shown[i] = now[i];
          squares[i].setAttribute("d", piecePath(i, now[i]));
          squares[i].setAttribute("fill", data.colours[now[i]]);
        }
      }
      // Ring what the last turn's move did: origin, destination, converted pieces.
      const move = moved(t);
      const changes = move ? data.turns[t - 1] : [];
      place(marks.origin, move ? changes[0] >> 3 : -1);
      place(marks.destination, move ? changes[1] >> 3 : -1);
      const gained = move ? converted(t) : [];
      marks.converted.forEach((mark, k) => {
        mark.setAttribute("stroke", data.colours[t > 0 ? movers[t - 1] : 0]);
        place(mark, k < gained.length ? gained[k] >> 3 : -1);
      });
    },
    move(t) {
      const changes = data.turns[t - 1];
      const gained = converted(t).length;
      return "moved " + square(changes[0]) + " \u2192 " + square(changes[1]) + (gained ? ", converting " + gained : "");
    },
    remark(t) {
      return data.turns[t - 1].some((code) => (code & 7) === 5) ? "A neutral piece appeared." : "";
    },
  };
})
