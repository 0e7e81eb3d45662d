// Hex's frames for the notebook's replay player (flit_core/notebook/player.js): puts the
// stones of any turn on the last board's picture (stones coded (row * size + col) * 4 +
// colour, see player.py), moves the last-stone dot, and shows the winning chain on the
// last board only. A function expression: the player calls it once.
(function (element, data) {
  "use strict";
  const svg = element.querySelector("svg");
  const layer = svg.querySelector(".stones"), chain = svg.querySelector(".chain");
  const [stone, dot] = data.radius;
  let mark = svg.querySelector(".last");
  if (!mark) {   // the last move of the game was no stone
    mark = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    mark.setAttribute("r", dot);
    mark.setAttribute("fill", data.colours[5]);
    svg.append(mark);
  }
  const at = code => [data.centres[(code >> 2) * 2], data.centres[(code >> 2) * 2 + 1]];
  return {
    show(t) {
      const codes = data.setup.concat(...data.turns.slice(0, t));
      layer.innerHTML = codes.map(code => {
        const [x, y] = at(code);
        return `<circle cx="${x}" cy="${y}" r="${stone}" fill="${data.colours[code & 3]}"/>`;
      }).join("");
      const last = data.turns.slice(0, t).flat().pop();
      if (last === undefined) {
        mark.setAttribute("visibility", "hidden");
      } else {
        const [x, y] = at(last);
        mark.setAttribute("cx", x);
        mark.setAttribute("cy", y);
        mark.removeAttribute("visibility");
      }
      if (chain) chain.style.display = t === data.turns.length ? "" : "none";
    },
    move(t) { return data.moves[t - 1]; },
    remark() { return ""; },
  };
})
