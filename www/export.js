// Exports: every chart as PNG and SVG, every chart's series and every result table as CSV and
// JSON, each file carrying the parameters that produced it (the page's getParams(), the chart
// or table id, its title, the page URL and the export time).
//
// setupExports(getParams) attaches a small toolbar (real buttons, one tab stop per toolbar,
// arrows between its buttons) to every <canvas> holding a Chart.js chart and to every data table
// in the results, and keeps attaching as charts and tables are drawn, redrawn and replaced
// (a MutationObserver, plus the `uhl:rendered` event for anyone who wants to ask for a re-scan).
//
// PNG: the chart drawn again at 2x on the panel colour of the theme shown (white, or dark), with
//      its title above and the parameters below, the parameters also in the PNG's iTXt chunks
//      (Title, Software, Comment = JSON).
// SVG: the chart drawn again into an svgcanvas Context (a canvas 2D context that records SVG),
//      so lines, bars, points and text are vector elements; the parameters in <metadata> as
//      JSON and in <desc> as text. Chart.js strokes lines through a Path2D, which svgcanvas
//      cannot read, so the copy asks Chart.js for its direct path drawing (`segment: {}`).
// CSV: RFC 4180, CRLF, `# key: value` comment lines first. JSON: one object per file.

import { exportStrings } from './export-strings.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const LAB = 'URL Hash Lab';
const PNG_SCALE = 2;

/** A colour of the page's theme (style.css), so a file looks like the chart on screen. */
function pageColor(name, fallback) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

let getParams = () => ({});
let started = false;
let pending = 0;
let lastLang = null;
/** target (canvas or table) → its toolbar */
const bars = new Map();

/**
 * Starts the export toolbars. `getParamsFn()` returns the parameters of the page as it is now (a
 * flat-ish object); it is called at every export. Calling it again only replaces the function.
 */
export function setupExports(getParamsFn) {
  getParams = typeof getParamsFn === 'function' ? getParamsFn : () => ({});
  if (started) {
    scan();
    return;
  }
  started = true;
  const observer = new MutationObserver(onMutations);
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['width', 'height', 'style', 'hidden', 'lang'],
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  document.addEventListener('uhl:rendered', schedule);
  window.addEventListener('resize', schedule);
  scan();
}

function onMutations(records) {
  for (const r of records) {
    // Our own toolbars changing never calls for a scan.
    const t = r.target;
    if (t.nodeType === 1 && t.closest?.('.export-tools, svg')) continue;
    if (r.type === 'attributes' && r.attributeName === 'style' && t.nodeName !== 'CANVAS') continue;
    schedule();
    return;
  }
}

/** A scan soon, once however many changes arrive together. */
function schedule() {
  if (pending) return;
  pending = window.setTimeout(() => {
    pending = 0;
    scan();
  }, 120);
}

// ---------------------------------------------------------------- finding charts and tables

function chartOf(canvas) {
  const Chart = window.Chart;
  if (!Chart?.getChart) return null;
  try {
    return Chart.getChart(canvas) ?? null;
  } catch {
    return null;
  }
}

/** Data tables: in main or in a results panel, not inside a toolbar, not marked as layout. */
function dataTables() {
  const found = new Set([...document.querySelectorAll('main table, section.panel table')]);
  return [...found].filter((t) => {
    const role = (t.getAttribute('role') || '').toLowerCase();
    return role !== 'presentation' && role !== 'none' && !t.closest('.export-tools') && !t.parentElement?.closest('table');
  });
}

/** A table has something to export once it has a row with a cell outside its header. */
function hasRows(table) {
  for (const row of table.rows) if (row.cells.length && row.parentElement !== table.tHead) return true;
  return false;
}

/** Attaches, updates and removes toolbars to match the page now. */
function scan() {
  const S = exportStrings();
  const lang = document.documentElement.lang;
  const relabel = lang !== lastLang;
  lastLang = lang;
  for (const [target, bar] of bars) {
    if (!target.isConnected) {
      bar.remove();
      bars.delete(target);
    }
  }
  for (const canvas of document.querySelectorAll('canvas')) {
    const chart = chartOf(canvas);
    // A picture drawn pixel by pixel (the slot map) marks itself `data-export-image`.
    const kind = !chart && 'exportImage' in canvas.dataset ? 'image' : 'chart';
    let bar = bars.get(canvas);
    if (!chart && kind === 'chart' && !bar) continue;
    if (!bar) bar = attach(canvas, kind);
    else if (!bar.isConnected) place(canvas, bar, kind);
    setHidden(bar, !chart && kind === 'chart');
    label(bar, canvas, kind, S, relabel);
  }
  for (const table of dataTables()) {
    let bar = bars.get(table);
    if (!bar) bar = attach(table, 'table');
    else if (!bar.isConnected) place(table, bar, 'table');
    setHidden(bar, !hasRows(table));
    label(bar, table, 'table', S, relabel);
  }
}

function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

// ---------------------------------------------------------------- the toolbar

const FORMATS = { chart: ['png', 'svg', 'csv', 'json'], table: ['csv', 'json'], image: ['png'] };

function attach(target, kind) {
  const bar = document.createElement('div');
  bar.className = 'export-tools';
  bar.setAttribute('role', 'toolbar');
  bar.dataset.exportFor = exportId(target, kind);
  bar.dataset.exportKind = kind;
  FORMATS[kind].forEach((format, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'export-button';
    b.dataset.format = format;
    b.tabIndex = i === 0 ? 0 : -1;
    b.addEventListener('click', () => run(target, kind, format, bar));
    bar.append(b);
  });
  const note = document.createElement('span');
  note.className = 'export-note';
  note.setAttribute('role', 'status');
  bar.append(note);
  bar.addEventListener('keydown', (e) => roving(e, bar));
  bar.addEventListener('focusin', (e) => {
    const focused = /** @type {Element} */ (e.target);
    if (focused.matches('.export-button')) for (const b of buttons(bar)) b.tabIndex = b === focused ? 0 : -1;
  });
  bars.set(target, bar);
  place(target, bar, kind);
  return bar;
}

function buttons(bar) {
  return [...bar.querySelectorAll('.export-button')];
}

/** The toolbar pattern: one tab stop; arrows, Home and End move between the buttons. */
function roving(e, bar) {
  const all = buttons(bar);
  const i = all.indexOf(document.activeElement);
  if (i < 0) return;
  const next = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: all.length - 1 }[e.key];
  if (next === undefined) return;
  e.preventDefault();
  const b = all[(next + all.length) % all.length];
  for (const x of all) x.tabIndex = x === b ? 0 : -1;
  b.focus();
}

/**
 * A chart's toolbar hangs just under the chart's box (inside it, so a grid of boxes keeps its
 * cells; the box keeps room below for it), a table's goes just after the table (inside its
 * scrolling wrapper when it has one). Never over a chart: a toolbar must not hide an axis.
 */
function place(target, bar, kind) {
  const parent = target.parentElement;
  if (!parent) return;
  bar.classList.remove('under', 'flow');
  if (kind !== 'table' && getComputedStyle(parent).position !== 'static') {
    bar.classList.add('under');
    parent.classList.add('with-export');
    parent.append(bar);
  } else if (kind !== 'table') {
    bar.classList.add('flow');
    parent.after(bar);
  } else {
    bar.classList.add('flow');
    target.after(bar);
  }
}

function label(bar, target, kind, S, force) {
  const title = titleOf(target, kind) || (kind === 'table' ? S.untitledTable : S.untitledChart);
  if (!force && bar.dataset.title === title) return;
  bar.dataset.title = title;
  bar.setAttribute('aria-label', kind === 'table' ? S.tableToolbar(title) : S.chartToolbar(title));
  for (const b of buttons(bar)) {
    const f = b.dataset.format;
    b.textContent = S[f];
    const text = (kind === 'image' ? S.imagePngLabel : S[`${f}Label`])(title);
    b.setAttribute('aria-label', text);
    b.title = text;
  }
}

// ---------------------------------------------------------------- ids and titles

/** The element's id, or its nearest ancestor's id with the element's kind and index. */
function exportId(target, kind) {
  if (target.id) return safe(target.id);
  const host = target.parentElement?.closest('[id]');
  const tag = kind === 'table' ? 'table' : 'canvas';
  const base = host ? host.id : 'page';
  const peers = host ? [...host.querySelectorAll(tag)] : [...document.querySelectorAll(tag)];
  const n = peers.indexOf(target);
  return safe(`${base}-${kind}${n > 0 ? `-${n + 1}` : ''}`);
}

function safe(s) {
  return String(s).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
}

function clean(text) {
  return String(text ?? '').replace(/\s+/g, ' ').trim();
}

const HEADING = 'h1, h2, h3, h4, h5, h6';

/**
 * The heading that titles `node`: the last heading before it in its section (not one inside a
 * table or a toolbar); a minor one (h4 and below) is prefixed with the last bigger one before it
 * ("Control node — Path collisions").
 */
function headingBefore(node) {
  const scope = node.closest('section, main') ?? document.body;
  const before = [...scope.querySelectorAll(HEADING)].filter(
    (h) => h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING && !h.closest('table, .export-tools'),
  );
  const near = before.pop();
  if (!near) return '';
  const level = Number(near.tagName[1]);
  const text = clean(near.textContent);
  if (level < 4) return text;
  const major = before.reverse().find((h) => Number(h.tagName[1]) < level);
  const majorText = major ? clean(major.textContent) : '';
  return majorText && majorText !== text ? `${majorText} — ${text}` : text;
}

function textOfIds(ids) {
  return clean(
    (ids || '')
      .split(/\s+/)
      .map((id) => (id ? document.getElementById(id)?.textContent ?? '' : ''))
      .join(' '),
  );
}

function titleOf(target, kind) {
  if (kind === 'table') {
    return (
      clean(target.caption?.textContent) ||
      clean(target.getAttribute('aria-label')) ||
      textOfIds(target.getAttribute('aria-labelledby')) ||
      headingBefore(target.closest('.table-scroll, .table-wrap') ?? target) ||
      textOfIds(target.getAttribute('aria-describedby'))
    );
  }
  const fromChart = chartOf(target)?.options?.plugins?.title;
  return (
    clean(target.getAttribute('aria-label')) ||
    headingBefore(target.parentElement ?? target) ||
    clean(fromChart?.display ? [fromChart.text].flat().join(' ') : '')
  );
}

// ---------------------------------------------------------------- running an export

async function run(target, kind, format, bar) {
  const S = exportStrings();
  const note = bar.querySelector('.export-note');
  note.textContent = '';
  bar.classList.remove('has-note');
  try {
    const meta = metadata(target, kind, S);
    let blob;
    if (kind === 'image') {
      blob = await imagePng(target, meta, S);
    } else if (kind === 'chart') {
      const chart = chartOf(target);
      if (!chart) throw new Error(S.noChart);
      if (format === 'png') blob = await chartPng(chart, meta, S);
      else if (format === 'svg') blob = await chartSvg(chart, meta);
      else if (format === 'csv') blob = textBlob(chartCsv(chart, meta), 'text/csv');
      else blob = textBlob(JSON.stringify(chartJson(chart, meta), null, 2), 'application/json');
    } else {
      const grid = tableGrid(target);
      if (format === 'csv') blob = textBlob(tableCsv(grid, meta), 'text/csv');
      else blob = textBlob(JSON.stringify(tableJson(grid, meta), null, 2), 'application/json');
    }
    download(blob, `urlhashlab-${meta.id}-${stamp(meta.date)}.${format}`);
  } catch (err) {
    note.textContent = S.failed(format.toUpperCase(), err?.message ?? String(err));
    bar.classList.add('has-note');
  }
}

/** What every file says about itself. */
function metadata(target, kind, S) {
  let params;
  try {
    params = getParams() ?? {};
  } catch (err) {
    params = { error: `getParams failed: ${err?.message ?? err}` };
  }
  // A picture's own parameters (the slot map's function, M, layout and legend).
  if (target.dataset.exportParams) params = { ...params, image: JSON.parse(target.dataset.exportParams) };
  const date = new Date();
  return {
    kind,
    id: exportId(target, kind),
    title: titleOf(target, kind) || (kind === 'table' ? S.untitledTable : S.untitledChart),
    url: location.href,
    date,
    exported: date.toISOString(),
    params: plain(params),
  };
}

/** The fixed header of every file, then the parameters, as [key, value] lines. */
function headerLines(meta, extra = []) {
  return [
    ['lab', LAB],
    [meta.kind, meta.id],
    ['title', meta.title],
    ['url', meta.url],
    ['exported', meta.exported],
    ...extra,
    ...flatten(meta.params),
  ];
}

/** { a: { b: 1 }, c: [1, 2] } → [['a.b', '1'], ['c', '[1,2]']]. */
function flatten(obj, prefix = '') {
  const out = [];
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) out.push(...flatten(v, key));
    else out.push([key, scalar(v)]);
  }
  return out;
}

function scalar(v) {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  return JSON.stringify(v) ?? String(v);
}

/** A JSON-safe copy: no functions, no cycles, no Chart.js internals (keys starting with _ or $). */
function plain(v, seen = new WeakSet()) {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v !== 'object') return undefined;
  if (seen.has(v)) return undefined;
  seen.add(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return Array.from(/** @type {ArrayLike<unknown>} */ (v), (x) => plain(x, seen) ?? null);
  const out = {};
  for (const [k, x] of Object.entries(v)) {
    if (k.startsWith('_') || k.startsWith('$')) continue;
    const p = plain(x, seen);
    if (p !== undefined) out[k] = p;
  }
  return out;
}

function stamp(d) {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function textBlob(text, type) {
  return new Blob([text], { type: `${type};charset=utf-8` });
}

function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// ---------------------------------------------------------------- CSV

/** One RFC 4180 field: quoted when it holds a comma, a quote, CR or LF (or starts/ends with space). */
export function csvField(v) {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function csvText(meta, header, rows, extra = []) {
  const comments = headerLines(meta, extra).map(([k, v]) => `# ${k}: ${v.replace(/[\r\n]+/g, ' ')}`);
  const lines = [...comments, header.map(csvField).join(','), ...rows.map((r) => r.map(csvField).join(','))];
  return lines.join('\r\n') + '\r\n';
}

// ---------------------------------------------------------------- charts: data

function axisTitles(chart) {
  const out = {};
  for (const [id, scale] of Object.entries(chart.options?.scales ?? {})) {
    const t = scale?.title;
    if (t?.display && t.text) out[id] = clean([t.text].flat().join(' '));
  }
  return out;
}

function xyKeys(chart, ds) {
  const parsing = ds.parsing ?? chart.options?.parsing;
  const horizontal = (ds.indexAxis ?? chart.options?.indexAxis) === 'y';
  return {
    x: (parsing && parsing.xAxisKey) || 'x',
    y: (parsing && parsing.yAxisKey) || 'y',
    horizontal,
  };
}

/** Every dataset's points as { x, y, extra } (x from the labels for plain values). */
function chartPoints(chart) {
  const labels = chart.data.labels ?? [];
  return chart.data.datasets.map((ds, i) => {
    const { x: xKey, y: yKey } = xyKeys(chart, ds);
    const points = (ds.data ?? []).map((p, j) => {
      if (p !== null && typeof p === 'object' && !Array.isArray(p)) {
        const extra = {};
        for (const [k, v] of Object.entries(p)) {
          if (k === xKey || k === yKey || k.startsWith('_') || typeof v === 'function') continue;
          // A nested record (a point's whole row) becomes columns "row.method", "row.m", …
          if (v && typeof v === 'object' && !Array.isArray(v)) for (const [fk, fv] of flatten(plain(v), k)) extra[fk] = fv;
          else extra[k] = plain(v);
        }
        return { x: p[xKey] ?? labels[j] ?? j, y: p[yKey] ?? null, extra };
      }
      if (Array.isArray(p)) return { x: p[0], y: p[1], extra: {} };
      return { x: labels[j] ?? j, y: p ?? null, extra: {} };
    });
    return { label: ds.label ?? `dataset ${i + 1}`, type: ds.type ?? chart.config.type, hidden: !chart.isDatasetVisible(i), points };
  });
}

function chartCsv(chart, meta) {
  const series = chartPoints(chart);
  const extras = [];
  for (const s of series) for (const p of s.points) for (const k of Object.keys(p.extra)) if (!extras.includes(k)) extras.push(k);
  const rows = [];
  for (const s of series) {
    for (const p of s.points) rows.push([s.label, plain(p.x), plain(p.y), ...extras.map((k) => p.extra[k])]);
  }
  const axes = Object.entries(axisTitles(chart)).map(([id, t]) => [`axis ${id}`, t]);
  return csvText(meta, ['dataset', 'x', 'y', ...extras], rows, axes);
}

function chartJson(chart, meta) {
  return {
    lab: LAB,
    exported: meta.exported,
    params: meta.params,
    chart: meta.id,
    title: meta.title,
    url: meta.url,
    type: chart.config.type,
    axes: axisTitles(chart),
    labels: plain(chart.data.labels ?? []),
    datasets: chart.data.datasets.map((ds, i) => {
      const out = { label: ds.label ?? `dataset ${i + 1}`, data: plain(ds.data ?? []) };
      if (ds.type) out.type = ds.type;
      if (!chart.isDatasetVisible(i)) out.hidden = true;
      return out;
    }),
  };
}

// ---------------------------------------------------------------- charts: drawing again

/**
 * A copy of the chart's configuration to draw elsewhere: same type, data (arrays copied, so
 * Chart.js's array listeners stay on the original), options and inline plugins; no animation,
 * no resizing, no events, the given pixel ratio, the datasets hidden that are hidden now. Line
 * datasets get `segment: {}` so Chart.js draws them with moveTo/lineTo instead of a Path2D.
 */
function configCopy(chart, { devicePixelRatio, vector }) {
  const Chart = window.Chart;
  const datasets = chart.data.datasets.map((ds, i) => {
    const copy = { ...ds, data: Array.isArray(ds.data) ? ds.data.map((p) => (p && typeof p === 'object' && !Array.isArray(p) ? { ...p } : p)) : ds.data };
    copy.hidden = !chart.isDatasetVisible(i);
    if (vector && (ds.type ?? chart.config.type) !== 'bar' && copy.segment === undefined) copy.segment = {};
    return copy;
  });
  const options = {
    ...chart.config.options,
    animation: false,
    responsive: false,
    maintainAspectRatio: false,
    devicePixelRatio,
    events: [],
  };
  return {
    type: chart.config.type,
    data: { labels: chart.data.labels ? [...chart.data.labels] : undefined, datasets },
    options,
    plugins: [...(chart.config.plugins ?? [])],
    platform: Chart.platforms?.BasicPlatform,
  };
}

function chartSize(chart) {
  const w = Math.round(chart.width) || Math.round(chart.canvas?.clientWidth) || 960;
  const h = Math.round(chart.height) || Math.round(chart.canvas?.clientHeight) || 480;
  return { w, h };
}

/** The chart drawn again at `scale` on a canvas of its own (transparent). */
function redraw(chart, scale) {
  const Chart = window.Chart;
  const { w, h } = chartSize(chart);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const copy = new Chart(canvas, configCopy(chart, { devicePixelRatio: scale, vector: false }));
  try {
    copy.update('none');
  } finally {
    copy.stop?.();
  }
  return { canvas, copy, w, h };
}

/** Lines of `text` no wider than `max` (long words cut). */
function wrap(ctx, text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(/ +/)) {
    let w = word;
    while (ctx.measureText(w).width > max) {
      let cut = w.length - 1;
      while (cut > 1 && ctx.measureText(w.slice(0, cut)).width > max) cut--;
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(w.slice(0, cut));
      w = w.slice(cut);
    }
    const next = line ? `${line} ${w}` : w;
    if (ctx.measureText(next).width > max && line) {
      lines.push(line);
      line = w;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A canvas of `width` × `height` (drawn at `scale`) on the panel's colour, its title `lines` at the top. */
function titledCanvas(width, height, scale, { lines, font, pad, lineH }) {
  const out = document.createElement('canvas');
  out.width = width * scale;
  out.height = height * scale;
  const ctx = out.getContext('2d');
  ctx.scale(scale, scale);
  ctx.fillStyle = pageColor('--panel', '#ffffff');
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = pageColor('--ink', '#1b2230');
  ctx.font = font;
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, pad, pad + i * lineH));
  return { out, ctx };
}

async function chartPng(chart, meta, S) {
  const { canvas: drawn, copy, w, h } = redraw(chart, PNG_SCALE);
  try {
    const family = window.Chart?.defaults?.font?.family || 'sans-serif';
    const pad = 16;
    const titleFont = `bold 18px ${family}`;
    const captionFont = `12px ${family}`;
    const probe = document.createElement('canvas').getContext('2d');
    probe.font = captionFont;
    const params = flatten(meta.params).map(([k, v]) => `${k}: ${v}`).join(' · ');
    const about = `${S.lab} · ${meta.id} · ${S.exportedAt}: ${meta.exported} · ${S.pageUrl}: ${meta.url}`;
    const captionLines = [...(params ? wrap(probe, params, w) : []), ...wrap(probe, about, w)];
    probe.font = titleFont;
    const titleLines = wrap(probe, meta.title, w);
    const titleLineH = 24;
    const titleH = titleLines.length * titleLineH + 8;
    const lineH = 16;
    const width = w + 2 * pad;
    const height = pad + titleH + h + 8 + captionLines.length * lineH + pad;
    const { out, ctx } = titledCanvas(width, height, PNG_SCALE, { lines: titleLines, font: titleFont, pad, lineH: titleLineH });
    ctx.drawImage(drawn, pad, pad + titleH, w, h);
    ctx.font = captionFont;
    ctx.fillStyle = pageColor('--muted', '#4a5468');
    captionLines.forEach((line, i) => ctx.fillText(line, pad, pad + titleH + h + 8 + i * lineH));
    return await pngFile(out, meta);
  } finally {
    copy.destroy();
  }
}

/**
 * A picture drawn pixel by pixel (the slot map), pixel for pixel (scaled up by a whole factor
 * when small, without smoothing), its title above and its own parameters, legend and the
 * page's parameters below; all of them also in the PNG's iTXt chunks.
 */
async function imagePng(canvas, meta, S) {
  const family = window.Chart?.defaults?.font?.family || 'sans-serif';
  const zoom = Math.max(1, Math.floor(512 / canvas.width));
  const w = Math.max(canvas.width * zoom, 640);
  const text = Math.max(1, Math.round(w / 1000));
  const pad = 16 * text;
  const titleFont = `bold ${18 * text}px ${family}`;
  const captionFont = `${12 * text}px ${family}`;
  const probe = document.createElement('canvas').getContext('2d');
  const { legend = [], ...own } = meta.params.image ?? {};
  const { image, ...page } = meta.params;
  probe.font = captionFont;
  const ownLine = Object.entries(own).map(([k, v]) => `${k}: ${v}`).join(' · ');
  const pageLine = flatten(page).map(([k, v]) => `${k}: ${v}`).join(' · ');
  const about = `${S.lab} · ${meta.id} · ${S.exportedAt}: ${meta.exported} · ${S.pageUrl}: ${meta.url}`;
  const captionLines = [...wrap(probe, ownLine, w), ...wrap(probe, pageLine, w), ...wrap(probe, about, w)];
  probe.font = titleFont;
  const titleLines = wrap(probe, meta.title, w);
  const titleLineH = 24 * text;
  const lineH = 16 * text;
  const titleH = titleLines.length * titleLineH + 8 * text;
  const legendH = legend.length * lineH + (legend.length ? 8 * text : 0);
  const h = canvas.height * zoom;
  const width = w + 2 * pad;
  const height = pad + titleH + h + 8 * text + legendH + captionLines.length * lineH + pad;
  const { out, ctx } = titledCanvas(width, height, 1, { lines: titleLines, font: titleFont, pad, lineH: titleLineH });
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(canvas, pad, pad + titleH, canvas.width * zoom, h);
  let y = pad + titleH + h + 8 * text;
  ctx.font = captionFont;
  for (const row of legend) {
    ctx.fillStyle = row.colour;
    ctx.fillRect(pad, y + 2 * text, 10 * text, 10 * text);
    ctx.strokeStyle = pageColor('--muted', '#4a5468');
    ctx.strokeRect(pad, y + 2 * text, 10 * text, 10 * text);
    ctx.fillStyle = pageColor('--ink', '#1b2230');
    ctx.fillText(S.legendRow(row.count, row.slots, row.ifRandom), pad + 16 * text, y);
    y += lineH;
  }
  if (legend.length) y += 8 * text;
  ctx.fillStyle = pageColor('--muted', '#4a5468');
  captionLines.forEach((line, i) => ctx.fillText(line, pad, y + i * lineH));
  return pngFile(out, meta);
}

/** `out` as a PNG file whose iTXt chunks carry the title and the parameters. */
async function pngFile(out, meta) {
  const blob = await new Promise((resolve, reject) =>
    out.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png'),
  );
  return withPngText(blob, { Title: meta.title, Software: LAB, Comment: JSON.stringify(fileMeta(meta)) });
}

/** The parameters block every file embeds. */
function fileMeta(meta) {
  return { lab: LAB, exported: meta.exported, [meta.kind]: meta.id, title: meta.title, url: meta.url, params: meta.params };
}

// PNG text chunks (iTXt, UTF-8), inserted before IEND.
const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function itxt(keyword, text) {
  const enc = new TextEncoder();
  const k = enc.encode(keyword);
  const t = enc.encode(text);
  // keyword NUL, compression flag 0, method 0, language tag "" NUL, translated keyword "" NUL, text
  const data = new Uint8Array(k.length + 5 + t.length);
  data.set(k, 0);
  data.set(t, k.length + 5);
  return pngChunk('iTXt', data);
}

async function withPngText(blob, texts) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const iend = bytes.length - 12;
  const isIend = String.fromCharCode(...bytes.subarray(iend + 4, iend + 8)) === 'IEND';
  if (!isIend) return blob;
  const chunks = Object.entries(texts).map(([k, v]) => itxt(k, v));
  return new Blob([bytes.subarray(0, iend), ...chunks, bytes.subarray(iend)], { type: 'image/png' });
}

// ---------------------------------------------------------------- SVG

let svgContextClass = null;

/**
 * svgcanvas's Context, with its text drawing made safe under the page's CSP: the original
 * parses `ctx.font` by setting a style *attribute* on a span, which a policy without
 * 'unsafe-inline' refuses (and reports); this reads it through the CSSOM instead, which the
 * policy allows. Everything else is svgcanvas's own.
 */
function loadSvgContext() {
  svgContextClass ??= import('./svgcanvas.js').then(({ Context }) => {
    const ANCHOR = { left: 'start', right: 'end', center: 'middle', start: 'start', end: 'end' };
    const BASELINE = { alphabetic: 'alphabetic', hanging: 'hanging', top: 'text-before-edge', bottom: 'text-after-edge', middle: 'central' };
    return class SafeContext extends Context {
      __applyText(text, x, y, action) {
        const probe = document.createElement('span');
        probe.style.font = this.font;
        const style = probe.style;
        const parent = this.__closestGroupOrSvg();
        let el = this.__createElement(
          'text',
          {
            'font-family': style.fontFamily,
            'font-size': style.fontSize,
            'font-style': style.fontStyle,
            'font-weight': style.fontWeight,
            ...(this.__fontUnderline ? { 'text-decoration': this.__fontUnderline } : {}),
            x,
            y,
            'text-anchor': ANCHOR[this.textAlign] ?? 'start',
            'dominant-baseline': BASELINE[this.textBaseline] ?? 'alphabetic',
          },
          true,
        );
        el.appendChild(this.__document.createTextNode(text));
        this.__currentElement = el;
        this.__applyTransformation(el);
        this.__applyStyleToCurrentElement(action);
        if (this.__fontHref) {
          const a = this.__createElement('a');
          a.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', this.__fontHref);
          a.appendChild(el);
          el = a;
        }
        parent.appendChild(el);
      }
    };
  });
  return svgContextClass;
}

async function chartSvg(chart, meta) {
  const Context = await loadSvgContext();
  const Chart = window.Chart;
  const { w, h } = chartSize(chart);
  const measure = document.createElement('canvas').getContext('2d');
  const ctx = new Context({ width: w, height: h, ctx: measure });
  // Chart.js takes a context whose `canvas` is itself (svgcanvas's is) and asks it for a context.
  ctx.getContext = () => ctx;
  const copy = new Chart(ctx, configCopy(chart, { devicePixelRatio: 1, vector: true }));
  let svg;
  try {
    copy.update('none');
    svg = ctx.getSvg();
    decorateSvg(svg, meta, w, h);
    svg = ctx.getSerializedSvg(true);
  } finally {
    // Serialised first: destroying clears the drawing.
    copy.destroy();
  }
  return new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`], { type: 'image/svg+xml;charset=utf-8' });
}

/** A background of the theme shown, <title>, <desc> (parameters as text) and <metadata> (parameters as JSON). */
function decorateSvg(svg, meta, w, h) {
  const doc = svg.ownerDocument;
  const make = (tag, attrs = {}, text) => {
    const e = doc.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('role', 'img');
  const title = make('title', {}, meta.title);
  const desc = make('desc', {}, headerLines(meta).map(([k, v]) => `${k}: ${v}`).join('\n'));
  const metadata = make('metadata', { id: 'urlhashlab-params' }, JSON.stringify(fileMeta(meta)));
  const bg = make('rect', { x: 0, y: 0, width: w, height: h, fill: pageColor('--panel', '#ffffff') });
  svg.insertBefore(bg, svg.firstChild);
  svg.insertBefore(metadata, svg.firstChild);
  svg.insertBefore(desc, svg.firstChild);
  svg.insertBefore(title, svg.firstChild);
}

// ---------------------------------------------------------------- tables

/** The text of a cell as shown: blocks inside it joined with " — ", spaces collapsed. */
function cellText(cell) {
  const raw = cell.getClientRects().length ? cell.innerText : cell.textContent;
  return raw
    .split(/\n+/)
    .map(clean)
    .filter(Boolean)
    .join(' — ');
}

/** A cell's exact value: data-value when it has one, else its text. */
function cellValue(cell) {
  const v = cell.dataset.value;
  return v !== undefined ? { text: cellText(cell), value: v, exact: true } : { text: cellText(cell), value: cellText(cell), exact: false };
}

/** Rows marked hidden, or not displayed in a table that is, are not "as shown". */
function visibleRow(row) {
  if (row.hidden) return false;
  const shown = row.closest('table').getClientRects().length > 0;
  return !shown || row.getClientRects().length > 0;
}

/** Rows of cells with rowspan and colspan laid out: a spanned cell fills every slot it covers. */
function layOut(rows) {
  const grid = [];
  rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of row.cells) {
      while (grid[r][c]) c++;
      const cs = Math.max(1, cell.colSpan || 1);
      const rs = Math.max(1, Math.min(cell.rowSpan || 1, rows.length - r));
      const v = cellValue(cell);
      for (let dr = 0; dr < rs; dr++) {
        grid[r + dr] ??= [];
        for (let dc = 0; dc < cs; dc++) grid[r + dr][c + dc] = dc === 0 ? { ...v, cols: cs } : { text: '', value: '', exact: false, span: dc + 1, cols: cs };
      }
      c += cs;
    }
  });
  return grid;
}

function tableGrid(table) {
  const headRows = table.tHead ? [...table.tHead.rows] : [];
  const bodyRows = [...table.tBodies].flatMap((b) => [...b.rows]);
  if (table.tFoot) bodyRows.push(...table.tFoot.rows);
  if (!headRows.length) {
    // No <thead>: a first row of <th> only is the header.
    const first = [...table.rows][0];
    if (first && [...first.cells].every((c) => c.tagName === 'TH')) {
      headRows.push(first);
      const i = bodyRows.indexOf(first);
      if (i >= 0) bodyRows.splice(i, 1);
    }
  }
  const head = layOut(headRows.filter(visibleRow));
  const body = layOut(bodyRows.filter(visibleRow));
  const width = Math.max(0, ...head.map((r) => r.length), ...body.map((r) => r.length));
  const columns = [];
  for (let c = 0; c < width; c++) {
    const parts = [];
    head.forEach((r, i) => {
      const cell = r[c];
      let t = cell?.span ? findSpanText(r, c) : cell?.text;
      // The last header row's spanned cells are numbered: "95 % interval (1)", "(2)".
      if (t && cell.cols > 1 && i === head.length - 1) t = `${t} (${cell.span || 1})`;
      if (t && !parts.includes(t)) parts.push(t);
    });
    columns.push(parts.join(' / ') || `column ${c + 1}`);
  }
  const rows = body.map((r) => Array.from({ length: width }, (_, c) => r[c] ?? { text: '', value: '', exact: false }));
  return { columns, rows };
}

/** The text of the cell whose colspan covers slot c of a header row. */
function findSpanText(row, c) {
  for (let i = c; i >= 0; i--) if (row[i] && !row[i].span) return row[i].text;
  return '';
}

function tableCsv(grid, meta) {
  return csvText(
    meta,
    grid.columns,
    grid.rows.map((r) => r.map((cell) => cell.value)),
  );
}

/** A data-value as a JSON number when it reads back as the same number, else as a string. */
function jsonValue(cell) {
  if (!cell.exact) return cell.value;
  const s = cell.value.trim();
  const n = Number(s);
  if (s !== '' && Number.isFinite(n) && (!/^-?\d+$/.test(s) || Number.isSafeInteger(n))) return n;
  return cell.value;
}

function tableJson(grid, meta) {
  return {
    lab: LAB,
    exported: meta.exported,
    params: meta.params,
    table: meta.id,
    title: meta.title,
    url: meta.url,
    columns: grid.columns,
    rows: grid.rows.map((r) => r.map(jsonValue)),
    shown: grid.rows.map((r) => r.map((cell) => cell.text)),
  };
}
