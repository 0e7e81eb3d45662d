// Wall-follower bot: keeps a wall (or a trail) on its left hand. Each turn it turns left if
// it can, else goes straight, else turns right; on a new round it heads into the field.
(() => {
  const LEFT = { N: "W", W: "S", S: "E", E: "N" };
  const RIGHT = { W: "N", S: "W", E: "S", N: "E" };
  const STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
  let heading = null;
  let last = null;
  return (state) => {
    const [x, y] = state.getSelf();
    const [width] = state.getDim();
    // A new field, or a head that did not move one step since last time: a new round.
    if (last === null || last[2] !== width || Math.abs(last[0] - x) + Math.abs(last[1] - y) !== 1) {
      heading = y > 0 ? "S" : "N";
    }
    last = [x, y, width];
    for (const d of [LEFT[heading], heading, RIGHT[heading]]) {
      if (state.get(x + STEP[d][0], y + STEP[d][1]) === " ") {
        heading = d;
        return d;
      }
    }
    return heading;
  };
})()
