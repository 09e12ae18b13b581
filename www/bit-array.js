// A small Bloom filter's bit array drawn on a canvas, a row of 64 bits per line, with the k
// positions of the typed URL outlined (green where set, red where not). Drawing only: the bits
// and positions come from the wasm (`bloomDemo`).
import { S } from './strings.js';
import { int } from './format.js';
import { cssColor } from './charts/common.js';

const COLS = 64;
const GUTTER = 46;
const GAP = 1;

/** Draws `demo` ({m, set_bits, urls, query}) on `canvas`; hovering names a bit. */
export function drawBits(canvas, demo) {
  const set = new Set(demo.set_bits);
  const hits = new Map();
  for (const u of demo.urls) for (const i of new Set(u.indices)) hits.set(i, (hits.get(i) ?? 0) + 1);
  const query = new Map();
  if (demo.query) demo.query.indices.forEach((i, j) => query.set(i, j));
  const avail = (canvas.parentElement?.clientWidth || 900) - GUTTER - 4;
  const cell = Math.max(8, Math.min(16, Math.floor(avail / COLS)));
  const rows = Math.ceil(demo.m / COLS);
  const width = GUTTER + COLS * cell + 4;
  const height = rows * cell + 4;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const on = cssColor('--bit-set', '#0b5cad');
  const off = cssColor('--bit-unset', '#e4e9f1');
  const good = cssColor('--bit-query-set', '#1a7f37');
  const bad = cssColor('--bit-query-unset', '#c01c28');
  const ink = cssColor('--muted', '#4a5468');
  ctx.font = `${Math.max(10, cell - 2)}px system-ui, sans-serif`;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (let r = 0; r < rows; r += 1) {
    ctx.fillStyle = ink;
    if (r % 2 === 0 || cell >= 12) ctx.fillText(int(r * COLS), GUTTER - 6, r * cell + cell / 2 + 1);
  }
  for (let i = 0; i < demo.m; i += 1) {
    const x = GUTTER + (i % COLS) * cell;
    const y = Math.floor(i / COLS) * cell + 2;
    ctx.fillStyle = set.has(i) ? on : off;
    ctx.fillRect(x + GAP, y + GAP, cell - 2 * GAP, cell - 2 * GAP);
  }
  // The query's positions last, on top, thick enough to see from the back of a room.
  const outline = cssColor('--ink', '#1b2230');
  for (const i of query.keys()) {
    const x = GUTTER + (i % COLS) * cell;
    const y = Math.floor(i / COLS) * cell + 2;
    ctx.fillStyle = set.has(i) ? good : bad;
    ctx.fillRect(x - 1, y - 1, cell + 2, cell + 2);
    ctx.lineWidth = 2;
    ctx.strokeStyle = outline;
    ctx.strokeRect(x - 2, y - 2, cell + 4, cell + 4);
  }
  canvas.setAttribute('aria-label', S.bitsLabel(int(demo.m), int(demo.bits_set), demo.query ? demo.query.url : ''));
  canvas.onmousemove = (event) => {
    const box = canvas.getBoundingClientRect();
    const col = Math.floor((event.clientX - box.left - GUTTER) / cell);
    const row = Math.floor((event.clientY - box.top - 2) / cell);
    const i = row * COLS + col;
    if (col < 0 || col >= COLS || i < 0 || i >= demo.m) {
      canvas.title = '';
      return;
    }
    canvas.title = S.bitTitle(int(i), set.has(i), hits.get(i) ?? 0, query.has(i));
  };
}
