// Crawl nodes joining or leaving (beyond the papers), animated: each dot is a host (or, past
// DOTS hosts, a fixed number of them), coloured by the node it was on before; it starts in its
// old node's column and moves to its new node's. Under mod n almost every dot moves; under a
// consistent scheme only the new node's share does (or only the leaving node's dots). Drawing
// only: the flows (hosts from node i to node j) are the wasm report's `host_flows`.
import { S } from '../strings.js';
import { int, percent } from '../format.js';
import { cssColor } from './common.js';

/** At most this many dots; past it each dot is ⌈hosts / DOTS⌉ hosts. */
const DOTS = 720;
/** Milliseconds of the move. */
const MOVE_MS = 1800;
/** Room under the columns for the node numbers, and above them for the two headings. */
const FOOT = 34;
const HEAD = 26;

/** Node `i`'s colour: hues spread by the golden angle, so neighbours differ. */
export function nodeColor(i) {
  return `hsl(${Math.round((i * 137.508) % 360)} 68% 48%)`;
}

/**
 * The dots of a scheme's host flows: `{ from, to }` each, `per` hosts a dot (the flows' counts
 * divided by `per`, rounded by largest remainder so the dots add up), in the order drawn.
 * @param {number[]} flows hosts from node i to node j at i · to + j
 * @param {number} from
 * @param {number} to
 */
export function dotsOf(flows, from, to) {
  const hosts = flows.reduce((a, b) => a + b, 0);
  const per = Math.max(1, Math.ceil(hosts / DOTS));
  const want = Math.round(hosts / per);
  const cells = flows.map((count, at) => ({ at, whole: Math.floor(count / per), rest: count / per - Math.floor(count / per) }));
  let left = want - cells.reduce((a, c) => a + c.whole, 0);
  for (const c of [...cells].sort((a, b) => b.rest - a.rest || a.at - b.at)) {
    if (left <= 0) break;
    if (c.rest > 0) {
      c.whole += 1;
      left -= 1;
    }
  }
  /** @type {{ from: number, to: number }[]} */
  const dots = [];
  for (const c of cells) for (let k = 0; k < c.whole; k++) dots.push({ from: Math.floor(c.at / to), to: c.at % to });
  return { dots, per, hosts, columns: Math.max(from, to) };
}

/**
 * The animation on `canvas`: `show(report, id)` draws scheme `id`'s flows of the rebalancing
 * report before the move and plays it (at once at the end where the reader asked for reduced
 * motion); `play()` plays it again; `redraw()` draws it again at its size now.
 * @param {HTMLCanvasElement} canvas
 */
export function setupFlows(canvas) {
  /** @type {{ report: any, scheme: any, layout: ReturnType<typeof dotsOf> } | null} */
  let shown = null;
  let t = 0;
  let frame = 0;
  const reduced = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  function draw() {
    const ctx = canvas.getContext('2d');
    if (!ctx || !shown) return;
    const ratio = window.devicePixelRatio || 1;
    const w = canvas.clientWidth;
    const h = canvas.clientHeight;
    if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(h * ratio)) {
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(h * ratio);
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const { report, layout } = shown;
    const { dots, columns } = layout;
    const ink = cssColor('--ink', '#1b2230');
    const muted = cssColor('--muted', '#5b6474');
    const colW = w / columns;
    const plotH = h - FOOT - HEAD;
    // Dots per column at most, before and after: the dot step that fits the fullest column.
    const fullest = Math.max(1, ...count(dots, 'from', columns), ...count(dots, 'to', columns));
    let step = 24;
    while (step > 2 && Math.ceil(fullest / Math.max(1, Math.floor((colW - 4) / step))) * step > plotH) step -= 0.5;
    const perRow = Math.max(1, Math.floor((colW - 4) / step));
    const place = (column, index) => ({
      x: column * colW + (colW - perRow * step) / 2 + (index % perRow) * step + step / 2,
      y: HEAD + plotH - Math.floor(index / perRow) * step - step / 2,
    });
    // Before: each column's dots by where they go (the movers last, on top); after: by where
    // they came from (the stayers first, at the bottom).
    const before = order(dots, 'from', 'to', columns);
    const after = order(dots, 'to', 'from', columns);
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const r = Math.max(1, step * 0.38);
    dots.forEach((d, i) => {
      const a = place(d.from, before[i]);
      const b = place(d.to, after[i]);
      ctx.fillStyle = nodeColor(d.from);
      ctx.beginPath();
      ctx.arc(a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e, r, 0, 2 * Math.PI);
      ctx.fill();
    });
    // The columns: node numbers (from 1), a joining node and a leaving one marked.
    ctx.font = `${Math.max(10, Math.min(13, colW / 3.2))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let c = 0; c < columns; c++) {
      const x = c * colW + colW / 2;
      const joins = c >= report.from;
      const leaves = c >= report.to;
      ctx.fillStyle = joins || leaves ? ink : muted;
      if (columns <= 24 || c % Math.ceil(columns / 24) === 0) ctx.fillText(String(c + 1), x, HEAD + plotH + 4);
      if ((joins || leaves) && columns <= 16) ctx.fillText(joins ? S.rebFlowJoins : S.rebFlowLeaves, x, HEAD + plotH + 18);
    }
    ctx.strokeStyle = cssColor('--grid', 'rgba(27, 34, 48, 0.12)');
    ctx.beginPath();
    ctx.moveTo(0, HEAD + plotH + 0.5);
    ctx.lineTo(w, HEAD + plotH + 0.5);
    ctx.stroke();
    ctx.textAlign = 'left';
    ctx.fillStyle = ink;
    ctx.font = `bold ${Math.max(11, Math.min(14, w / 40))}px system-ui, sans-serif`;
    ctx.fillText(t < 1 ? S.rebFlowBefore(report.from, report.to) : S.rebFlowAfter(report.to), 4, 4);
  }

  function tick(start) {
    cancelAnimationFrame(frame);
    const step = (now) => {
      t = Math.min(1, (now - start) / MOVE_MS);
      draw();
      if (t < 1) frame = requestAnimationFrame(step);
      else canvas.dataset.played = '1';
    };
    frame = requestAnimationFrame(step);
  }

  return {
    /**
     * @param {any} report
     * @param {string} id
     * @param {boolean} [play] play the move (else draw it done)
     */
    show(report, id, play = true) {
      const scheme = report.schemes.find((s) => s.id === id) ?? report.schemes[0];
      shown = { report, scheme, layout: dotsOf(scheme.host_flows, report.from, report.to) };
      canvas.dataset.scheme = scheme.id;
      canvas.dataset.dots = String(shown.layout.dots.length);
      canvas.dataset.moved = String(shown.layout.dots.filter((d) => d.from !== d.to).length);
      canvas.setAttribute(
        'aria-label',
        S.rebFlowLabel(S.rebSchemeName(scheme.id), report.from, report.to, int(scheme.hosts_moved), int(report.hosts), percent(scheme.hosts_moved_fraction, 1)),
      );
      if (play) this.play();
      else {
        cancelAnimationFrame(frame);
        t = 1;
        draw();
      }
      return shown.layout;
    },
    play() {
      if (!shown) return;
      canvas.dataset.played = '';
      if (reduced()) {
        t = 1;
        draw();
        canvas.dataset.played = '1';
        return;
      }
      t = 0;
      draw();
      tick(performance.now());
    },
    redraw: draw,
  };
}

/** Dots per column by `key`. */
function count(dots, key, columns) {
  const n = new Array(columns).fill(0);
  for (const d of dots) n[d[key]] += 1;
  return n;
}

/**
 * Each dot's place in its column by `key`, the column's dots sorted by `then` with the dots
 * that stay first (at the bottom).
 */
function order(dots, key, then, columns) {
  const idx = dots.map((d, i) => i);
  idx.sort((a, b) => {
    const da = dots[a];
    const db = dots[b];
    const stayA = da.from === da.to ? 0 : 1;
    const stayB = db.from === db.to ? 0 : 1;
    return da[key] - db[key] || stayA - stayB || da[then] - db[then] || a - b;
  });
  const at = new Array(dots.length);
  const used = new Array(columns).fill(0);
  for (const i of idx) at[i] = used[dots[i][key]]++;
  return at;
}
