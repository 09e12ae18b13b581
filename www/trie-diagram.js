// P4's generalized list drawn as a node-link diagram in SVG, laid out as P4's Fig. 1: a URL runs
// left to right (level root, char, level root, char, …), `head` links are solid arrows to the
// right, `tail` links (the next char on the same level) dashed arrows downwards. Drawing only:
// the nodes, their links and every step come from the wasm (`trieTrace`).
import { S } from './strings.js';

const SVG = 'http://www.w3.org/2000/svg';
/** Pixels between two columns (a char and the level root after it). */
const COL = 40;
/** Pixels between two rows (siblings on a level). */
const ROW = 56;
const PAD = 22;
/** Room above the first row for the level numbers. */
const TOP = 26;
const CHAR_R = 14;
const ROOT_HALF = 8;
/** The diagram is drawn at most this much larger than its natural size… */
const MAX_ZOOM = 1.5;
/** …and, to fit its box before scrolling, at least this large. */
const MIN_ZOOM = 0.7;

/** Actions that add a node to the list. */
const CREATES = new Set(['create', 'create-root']);
/** A step's action as a CSS class suffix. */
const VERDICTS = new Set(['new', 'seen', 'missing', 'unmarked']);

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Rows and columns as in P4's Fig. 1: the level root of depth d in column 2d, a char of depth d
 * in column 2d + 1; a char's level below on its row; the next char of a level on the first row
 * below everything hung from the char before it.
 */
function layout(nodes) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pos = new Map();
  const placeLevel = (rootId, row) => {
    const root = byId.get(rootId);
    pos.set(rootId, { col: 2 * root.depth, row });
    let r = row;
    let c = root.first_child;
    if (c === null || c === undefined) return row + 1;
    while (c !== null && c !== undefined) {
      const ch = byId.get(c);
      pos.set(c, { col: 2 * ch.depth + 1, row: r });
      r = ch.first_child !== null && ch.first_child !== undefined ? placeLevel(ch.first_child, r) : r + 1;
      c = ch.next_sibling;
    }
    return r;
  };
  const rows = nodes.length ? placeLevel(0, 0) : 0;
  let cols = 1;
  for (const p of pos.values()) cols = Math.max(cols, p.col + 1);
  return { byId, pos, rows, cols };
}

const xOf = (col) => PAD + CHAR_R + col * COL;
const yOf = (row) => TOP + PAD + CHAR_R + row * ROW;

/** The char as drawn: visible ASCII as itself, others by code. */
function glyph(node) {
  if (node.is_root) return S.trieRootGlyph;
  if (node.unit > 32 && node.unit < 127) return node.ch;
  if (node.unit >= 0x80 && node.unit !== 0xfffd && !(node.unit >= 0xd800 && node.unit < 0xe000)) return node.ch;
  return `${node.unit.toString(16).toUpperCase()}`;
}

/** One diagram on one <svg>: `draw(trace)`, then `show(step)` for any step of it. */
export class TrieDiagram {
  /** `id` makes the arrow markers unique on the page. */
  constructor(svgElement, id) {
    this.svg = svgElement;
    this.id = id;
    this.trace = null;
    this.steps = [];
  }

  /** Draws every node of `trace` (hidden until `show`) and flattens its steps. */
  draw(trace) {
    this.trace = trace;
    this.steps = [];
    trace.ops.forEach((op, o) => op.steps.forEach((step, i) => this.steps.push({ op: o, i, ...step })));
    const { byId, pos, rows, cols } = layout(trace.nodes);
    this.byId = byId;
    const width = 2 * PAD + 2 * CHAR_R + (cols - 1) * COL;
    const height = TOP + 2 * PAD + 2 * CHAR_R + (rows - 1) * ROW;
    const avail = this.svg.parentElement?.clientWidth || width;
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (avail - 8) / width));
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.svg.setAttribute('width', String(Math.round(width * zoom)));
    this.svg.setAttribute('height', String(Math.round(height * zoom)));
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('aria-label', S.trieDiagramLabel(trace.stats.nodes, trace.stats.char_nodes, trace.stats.root_nodes));

    const head = `${this.id}-head`;
    const tail = `${this.id}-tail`;
    const defs = svg('defs');
    for (const [mid, cls] of [
      [head, 'arrow-head'],
      [tail, 'arrow-tail'],
    ]) {
      const marker = svg('marker', {
        id: mid,
        viewBox: '0 0 10 10',
        refX: 9,
        refY: 5,
        markerWidth: 8,
        markerHeight: 8,
        markerUnits: 'userSpaceOnUse',
        orient: 'auto-start-reverse',
      });
      marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: cls }));
      defs.append(marker);
    }
    const levels = svg('g', { class: 'levels' });
    for (let d = 0; 2 * d + 1 < cols; d += 1) {
      levels.append(svg('text', { x: xOf(2 * d + 1), y: TOP, class: 'level-label', 'text-anchor': 'middle' }, String(d)));
    }
    levels.append(svg('text', { x: xOf(0) - CHAR_R + 2, y: TOP, class: 'level-label' }, S.trieLevelWord));
    const edges = svg('g', { class: 'edges' });
    const nodesG = svg('g', { class: 'nodes' });
    this.nodeEls = new Map();
    this.edgeEls = [];
    for (const n of trace.nodes) {
      const p = pos.get(n.id);
      if (!p) continue;
      const x = xOf(p.col);
      const y = yOf(p.row);
      const g = svg('g', { class: `node ${n.is_root ? 'root' : 'char'}`, transform: `translate(${x} ${y})` });
      g.dataset.node = String(n.id);
      if (n.is_root) {
        g.append(svg('rect', { x: -ROOT_HALF, y: -ROOT_HALF, width: 2 * ROOT_HALF, height: 2 * ROOT_HALF, rx: 3 }));
      } else {
        g.append(svg('circle', { r: CHAR_R, class: 'body' }));
        g.append(svg('circle', { r: CHAR_R + 4, class: 'end-ring' }));
      }
      g.append(svg('text', { y: n.is_root ? 3.5 : 5, 'text-anchor': 'middle', class: n.is_root ? 'root-label' : 'char-label' }, glyph(n)));
      g.append(svg('title', {}, n.is_root ? S.trieRootTitle(n.id, n.depth) : S.trieCharTitle(n.ch, n.depth, n.id)));
      nodesG.append(g);
      this.nodeEls.set(n.id, g);
      // head: to the right (a char's level root, a root's first char); tail: downwards.
      const link = (to, kind) => {
        const q = pos.get(to);
        if (!q) return;
        const toRoot = byId.get(to).is_root;
        const line =
          kind === 'head'
            ? svg('line', {
                x1: x + (n.is_root ? ROOT_HALF : CHAR_R),
                y1: y,
                x2: xOf(q.col) - (toRoot ? ROOT_HALF : CHAR_R) - 1,
                y2: yOf(q.row),
                class: 'edge head',
                'marker-end': `url(#${head})`,
              })
            : svg('line', {
                x1: x,
                y1: y + CHAR_R,
                x2: xOf(q.col),
                y2: yOf(q.row) - CHAR_R - 1,
                class: 'edge tail',
                'marker-end': `url(#${tail})`,
              });
        edges.append(line);
        this.edgeEls.push({ from: n.id, to, el: line });
      };
      if (n.first_child !== null && n.first_child !== undefined) link(n.first_child, 'head');
      if (n.next_sibling !== null && n.next_sibling !== undefined) link(n.next_sibling, 'tail');
    }
    this.svg.replaceChildren(defs, levels, edges, nodesG);
  }

  /** Number of steps of the whole trace. */
  get total() {
    return this.steps.length;
  }

  /**
   * Shows the list after the first `count` steps: the nodes made so far, the end marks set so
   * far, the current operation's path, and the last step highlighted. Returns that step (or
   * null before the first).
   */
  show(count) {
    const upTo = Math.max(0, Math.min(count, this.steps.length));
    let made = 0;
    const marked = new Set();
    for (let s = 0; s < upTo; s += 1) {
      const step = this.steps[s];
      if (CREATES.has(step.action)) made = Math.max(made, step.node);
      if (step.action === 'mark') marked.add(step.node);
    }
    const current = upTo > 0 ? this.steps[upTo - 1] : null;
    const path = new Set();
    const walked = new Set();
    if (current) {
      for (let s = upTo - 1; s >= 0 && this.steps[s].op === current.op; s -= 1) {
        const step = this.steps[s];
        if (step.action === 'match' || step.action === 'create' || step.action === 'descend' || step.action === 'create-root') path.add(step.node);
        if (step.action === 'walk' && step.index === current.index) walked.add(step.node);
      }
      // Every walk starts at the tree's root, the root of level 0.
      path.add(0);
    }
    let visible = 0;
    for (const [id, g] of this.nodeEls) {
      const shown = id <= made;
      if (shown) visible += 1;
      const cls = ['node', this.byId.get(id).is_root ? 'root' : 'char'];
      if (!shown) cls.push('hidden');
      if (marked.has(id)) cls.push('end');
      if (path.has(id)) cls.push('path');
      if (walked.has(id)) cls.push('walked');
      if (current && current.node === id) cls.push('now', `act-${current.action}`);
      g.setAttribute('class', cls.join(' '));
    }
    for (const e of this.edgeEls) {
      const shown = e.from <= made && e.to <= made;
      const kind = e.el.classList.contains('head') ? 'head' : 'tail';
      const onPath = path.has(e.from) && path.has(e.to) && kind === 'head';
      e.el.setAttribute('class', `edge ${kind}${shown ? '' : ' hidden'}${onPath ? ' path' : ''}`);
    }
    this.svg.dataset.step = String(upTo);
    this.svg.dataset.total = String(this.steps.length);
    this.svg.dataset.visible = String(visible);
    this.svg.dataset.action = current ? current.action : '';
    this.svg.dataset.verdict = current && VERDICTS.has(current.action) ? current.action : '';
    return current;
  }

  /** The char node of id `id`, for describing a step. */
  node(id) {
    return this.byId?.get(id) ?? null;
  }
}
