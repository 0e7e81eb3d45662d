// Light cycles' frames for the notebook's replay player (flit_core/notebook/player.js): the
// page's own Board and BoardView (board.js, which player.py puts before this) draw any
// turn's field on a canvas that takes the place of the last board's picture. A function
// expression: the player calls it once.
/* global Board, BoardView -- board.js's classes, put before this by player.py */
(function (element, data) {
  "use strict";
  const svg = element.querySelector("svg");
  const canvas = document.createElement("canvas");
  const [width, height] = [Number(svg.getAttribute("width")), Number(svg.getAttribute("height"))];
  const ratio = window.devicePixelRatio || 1;   // drawn in device pixels, as the page does
  Object.assign(canvas, {width: Math.round(width * ratio), height: Math.round(height * ratio)});
  Object.assign(canvas.style, {display: "block", width: `${width}px`, height: `${height}px`});
  svg.replaceWith(canvas);
  const view = new BoardView(canvas, {colours: data.colours, seat_colours: data.seat_colours});
  let board = null, at = 0;
  return {
    show(t) {
      if (board === null || t < at) {
        board = new Board({players: data.players}, data.setup);
        at = 0;
      }
      for (; at < t; at += 1) board.apply(data.turns[at]);
      view.show(board, null, null);
    },
    move(t) { return data.moves[t - 1]; },
    remark(t) { return data.remarks[t - 1] || ""; },
  };
})
