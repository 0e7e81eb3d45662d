// Hex on the arena page, keeping the contract of web/js/game.js: the board rebuilt from the
// referee's changes (Board: [row, col, colour] stones, ["swap", seat holding Black]) and
// drawn on a canvas (BoardView) as a rhombus of hexagons, Black's sides top and bottom,
// White's left and right, the last move ringed. Colours come from svg.py's COLOURS.
// A first version: no human input module yet, no winning-chain highlight.
"use strict";

export class Board {
    constructor(config, setup) {
        this.size = config.size;
        this.cells = new Array(config.size * config.size).fill(0);
        this.black = 1;      // the seat holding Black
        this.last = null;    // [row, col] of the last stone, "swap", or null
        this.apply(setup);
    }

    apply(changes) {
        for (const change of changes) {
            if (change[0] === "swap") {
                this.black = change[1];
                this.last = "swap";
            } else {
                const [row, col, colour] = change;
                this.cells[row * this.size + col] = colour;
                this.last = [row, col];
            }
        }
    }

    copy() {
        const board = Object.create(Board.prototype);
        board.size = this.size;
        board.cells = this.cells.slice();
        board.black = this.black;
        board.last = this.last;
        return board;
    }

    /** Nobody scores before the end (index 0 unused). */
    scores() {
        return [0, 0, 0];
    }
}

export class BoardView {
    constructor(canvas, assets) {
        this.canvas = canvas;
        this.colours = assets.colours;
        this.board = null;
        this.layout = null;
    }

    show(board, turn, human) {
        this.board = board;
        this.draw();
    }

    /** The cell under a mouse event, [row, col], or null. */
    squareAt(event) {
        const {layout, board} = this;
        if (!layout || !board) return null;
        const rect = this.canvas.getBoundingClientRect();
        const x = (event.clientX - rect.left) / rect.width * this.canvas.width;
        const y = (event.clientY - rect.top) / rect.height * this.canvas.height;
        const row = Math.round((y - layout.top) / (1.5 * layout.r));
        const col = Math.round((x - layout.left - row * layout.w / 2) / layout.w);
        return row >= 0 && col >= 0 && row < board.size && col < board.size ? [row, col] : null;
    }

    draw() {
        const canvas = this.canvas;
        const ratio = window.devicePixelRatio || 1;
        const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
        const height = Math.max(1, Math.round(width * 0.7));
        if (canvas.width !== width || canvas.height !== height) {
            canvas.width = width;
            canvas.height = height;
        }
        const ctx = canvas.getContext("2d");
        const c = this.colours;
        ctx.fillStyle = c[0];
        ctx.fillRect(0, 0, width, height);
        const board = this.board;
        if (!board) return;
        const n = board.size;
        const r = Math.min(width / (Math.sqrt(3) * (n + (n - 1) / 2) + 4), height / (1.5 * (n - 1) + 2 + 4));
        const w = Math.sqrt(3) * r;
        const left = 2 * r + w / 2, top = 2 * r + r;
        this.layout = {r, w, left, top};
        for (let row = 0; row < n; row++) {
            for (let col = 0; col < n; col++) {
                const x = left + col * w + row * w / 2, y = top + row * 1.5 * r;
                ctx.beginPath();
                for (let k = 0; k < 6; k++) {
                    const a = Math.PI / 180 * (60 * k - 30);
                    ctx.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
                }
                ctx.closePath();
                ctx.fillStyle = c[3];
                ctx.fill();
                ctx.strokeStyle = c[4];
                ctx.stroke();
                const colour = board.cells[row * n + col];
                if (colour) {
                    ctx.beginPath();
                    ctx.arc(x, y, r * 0.72, 0, 2 * Math.PI);
                    ctx.fillStyle = c[colour];
                    ctx.fill();
                    ctx.strokeStyle = c[1];
                    ctx.stroke();
                }
                const last = board.last;
                if (Array.isArray(last) && last[0] === row && last[1] === col) {
                    ctx.beginPath();
                    ctx.arc(x, y, r * 0.3, 0, 2 * Math.PI);
                    ctx.strokeStyle = c[5];
                    ctx.lineWidth = 2;
                    ctx.stroke();
                    ctx.lineWidth = 1;
                }
            }
        }
    }
}
