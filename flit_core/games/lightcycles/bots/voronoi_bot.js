// Voronoi bot: claims space. Each cell belongs to the bot that reaches it first; the bot
// plays the move whose territory (its cells less everyone else's) is largest against the
// nearest opponent's best reply (a two-ply search), and avoids cells next to another head.
// Once no opponent can reach its space any more, it fills that space: the move that keeps
// the most of it reachable, hugging walls on ties. (The JavaScript twin of voronoi_bot.py.)
(state) => {
  const [width, height] = state.getDim();
  const [x, y] = state.getSelf();
  const board = state.getBoard();
  const index = (a, b) => a * height + b;
  const inside = (a, b) => a >= 0 && b >= 0 && a < width && b < height;
  const free = new Uint8Array(width * height);
  const heads = [];
  for (let a = 0; a < width; a++) {
    for (let b = 0; b < height; b++) {
      free[index(a, b)] = board[a][b] === " " ? 1 : 0;
      if (board[a][b] === "@" && (a !== x || b !== y)) heads.push([a, b]);
    }
  }
  const steps = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
  const around = ([a, b]) => Object.values(steps).map(([dx, dy]) => [a + dx, b + dy]);
  const open = ([a, b]) => inside(a, b) && free[index(a, b)] === 1;
  const distance = ([a, b], [c, d]) => Math.abs(a - c) + Math.abs(b - d);

  // Breadth-first from `mine` and `theirs` at once: [cells reached first by us, by them].
  const territory = (blocked, mine, theirs) => {
    const owner = new Int8Array(width * height);   // 0 unseen, 1 ours, 2 theirs, 3 a tie
    let frontier = [];
    for (const cell of mine) { owner[index(...cell)] = 1; frontier.push(cell); }
    for (const cell of theirs) { owner[index(...cell)] = 2; frontier.push(cell); }
    const counts = [0, 0, 0, 0];
    while (frontier.length) {
      const reached = new Map();
      for (const cell of frontier) {
        const side = owner[index(...cell)];
        if (side === 3) continue;
        for (const next of around(cell)) {
          if (!open(next) || blocked.has(index(...next))) continue;
          const k = index(...next);
          if (owner[k] !== 0 && !reached.has(k)) continue;
          reached.set(k, reached.has(k) && reached.get(k) !== side ? 3 : side);
          owner[k] = reached.get(k);
        }
      }
      frontier = [];
      for (const [k, side] of reached) {
        counts[side]++;
        frontier.push([Math.floor(k / height), k % height]);
      }
    }
    return counts[1] - counts[2];
  };

  const reachable = (blocked, start) => {
    const seen = new Set([index(...start)]);
    const queue = [start];
    while (queue.length) {
      for (const next of around(queue.pop())) {
        const k = index(...next);
        if (open(next) && !blocked.has(k) && !seen.has(k)) { seen.add(k); queue.push(next); }
      }
    }
    return seen;
  };

  const options = Object.keys(steps).map((d) => [d, [x + steps[d][0], y + steps[d][1]]]).filter(([, cell]) => open(cell));
  if (options.length === 0) return "N";
  const mySpace = reachable(new Set(), [x, y]);
  const contact = heads.some((head) => around(head).some((cell) => mySpace.has(index(...cell))));
  if (!contact) {
    let best = null, bestValue = null;
    for (const [d, cell] of options) {
      const blocked = new Set([index(...cell)]);
      const kept = reachable(blocked, cell).size;
      const hugging = around(cell).filter((c) => !open(c) || blocked.has(index(...c))).length;
      const value = kept * 4 + hugging;
      if (bestValue === null || value > bestValue) { best = d; bestValue = value; }
    }
    return best;
  }
  const near = heads.filter((head) => distance(head, [x, y]) <= 12).sort((p, q) => distance(p, [x, y]) - distance(q, [x, y]));
  const rival = near.length ? near[0] : null;
  let best = null, bestScore = null;
  for (const [d, cell] of options) {
    const blocked = new Set([index(...cell)]);
    let score;
    if (rival === null) {
      score = territory(blocked, [cell], heads);
    } else {
      const rest = heads.filter((head) => head !== rival);
      score = Infinity;
      for (const reply of around(rival)) {
        if (reply[0] === cell[0] && reply[1] === cell[1]) { score = Math.min(score, -1e6); continue; }
        if (!open(reply)) continue;
        score = Math.min(score, territory(new Set([index(...cell), index(...reply)]), [cell], [...rest, reply]));
      }
      if (score === Infinity) score = territory(blocked, [cell], rest);
    }
    if (heads.some((head) => distance(head, cell) === 1)) score -= 1e5;
    if (bestScore === null || score > bestScore) { best = d; bestScore = score; }
  }
  return best;
}
