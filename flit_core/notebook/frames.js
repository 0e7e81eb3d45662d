// The replay player's default frame drawer (see player.py): every turn's board is one of the
// game's pictures, stored once each; the move's words come from the game's describe_move().
(function (element, data) {
  "use strict";
  let shown = -1;
  return {
    show(t) {
      if (data.frames[t] === shown) return;
      shown = data.frames[t];
      element.innerHTML = data.pictures[shown];
    },
    move(t) { return data.moves[t - 1]; },
    remark() { return ""; },
  };
})
