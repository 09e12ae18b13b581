// The trie view (P4): the generalized list of a few URLs drawn and animated step by step, the
// prefix flaw side by side with the fix, and, on the loaded URLs, every structure's growth,
// bytes and lookup times beside P4's Table 1. Every time is timed RUNS times and shown as the
// median of its runs with their range (www/timing.js). Formatting and timing only: the lists,
// their steps and every measure come from the wasm.
import { S, language, nameOf, sourceOf } from '../strings.js';
import { int, fixed, percent, bytes as fmtBytes } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { TrieDiagram } from '../trie-diagram.js';
import { sectionRuns } from './section-run.js';
import { RUNS, compare, spread } from '../timing.js';
import { timedCell } from '../timed-cell.js';
import * as growthChart from '../charts/trie-growth.js';
import { MSG, JOB } from '../protocol.js';


/**
 * The page builds the trie study from at most this many loaded lines: P4's list takes about 40
 * nodes per corpus URL, and the study keeps two of them (as printed and fixed), about 100 MB
 * at 100 000 URLs.
 */
export const TRIE_MAX_LINES = 100_000;
/** The share of the progress bar the study takes (the rest: the timings). */
const STUDY_SHARE = 0.75;
/** About this many growth checkpoints. */
const GROWTH_POINTS = 20;
/** Milliseconds between two steps at each speed. */
const SPEEDS = { slow: 1400, normal: 650, fast: 150 };
/** P4's Fig. 1. */
const DEFAULT_URLS = 'sina.com\nsohu.com';
const FLAW_STORED = 'http://a.cn/ab';
/** Table 1's stores as `urlhash paper p4` prints them; the MD5 directories are the CLI's only. */
const TABLE1_ROWS = ['database-scan', 'database-index', 'linked-list', 'generalized-list', 'md5-dirs'];
/** The order they are timed in: the quick lists first, the full scan (seconds) last. */
const TABLE1_ORDER = ['linked-list', 'generalized-list', 'database-index', 'database-scan'];
/** `urlhash paper p4`'s defaults: --table1-urls (P4's 16 000), and its lookups a pass. */
const TABLE1_URLS = 16_000;
const TABLE1_PER_PASS = 1_000;
/** The tick of Java's clock on Windows XP, 1000 / 64 ms (table1::WINDOWS_TICK_MS). */
const WINDOWS_TICK_MS = 15.625;
const FLAW_LOOKUP = 'http://a.cn/a';

/** The smallest of 1, 2 or 5 × 10^k at or above `x`. */
function niceStep(x) {
  const p = 10 ** Math.floor(Math.log10(Math.max(1, x)));
  for (const d of [1, 2, 5, 10]) if (d * p >= x) return d * p;
  return 10 * p;
}

/** The word for a verdict: insertions say new or seen; lookups seen or missing. */
function verdictWord(action) {
  return S.trieVerdictWord[action] ?? action;
}

/** What one step did, in words. */
function describe(step, op, diagram, fixed) {
  const ch = step.ch;
  const prev = op.url[step.index - 1] ?? '';
  switch (step.action) {
    case 'descend':
      return S.trieStepDescend(prev, step.index);
    case 'create-root':
      return S.trieStepCreateRoot(prev, step.index);
    case 'walk':
      return S.trieStepWalk(diagram.node(step.node)?.ch ?? '?', ch, step.index);
    case 'match':
      return S.trieStepMatch(ch, step.index);
    case 'create':
      return S.trieStepCreate(ch, step.index);
    case 'mark':
      return S.trieStepMark(op.url[op.url.length - 1] ?? '');
    case 'new':
      return S.trieStepNew(op.url);
    case 'seen':
      return op.kind === 'insert' ? S.trieStepSeenInsert(op.url, fixed) : S.trieStepSeenLookup(op.url, fixed);
    case 'missing':
      return S.trieStepMissing(op.url[step.index] ?? '', step.index);
    case 'unmarked':
      return S.trieStepUnmarked(op.url);
    default:
      return step.action;
  }
}

/** The URL of the current operation, one span per char, the char being placed marked. */
function renderTrack(box, op, step) {
  if (!op) {
    box.replaceChildren();
    return;
  }
  const verdict = step && ['new', 'seen', 'missing', 'unmarked', 'mark'].includes(step.action);
  const spans = [...op.url].map((c, i) => {
    let cls = 'ch';
    if (step && (verdict || i < step.index)) cls += ' done';
    if (step && !verdict && i === step.index) cls += ' now';
    if (step && step.action === 'missing' && i === step.index) cls += ' miss';
    return el('span', { cls, text: c });
  });
  box.replaceChildren(el('span', { cls: 'op-kind', text: op.kind === 'insert' ? S.trieOpInsert : S.trieOpLookup }), ...spans);
}

export function setupTrie(ctx) {
  const diagram = new TrieDiagram($('trie-svg'), 'trie-main');
  const flawDiagrams = {
    printed: new TrieDiagram($('flaw-printed-svg'), 'flaw-printed'),
    fixed: new TrieDiagram($('flaw-fixed-svg'), 'flaw-fixed'),
  };
  const anim = { step: 0, timer: null };

  // ------------------------------------------------------------ the small list, animated

  function fixedVariant() {
    return /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="trie-variant"]:checked'))?.value === 'fixed';
  }

  function showStep(count) {
    anim.step = Math.max(0, Math.min(count, diagram.total));
    const current = diagram.show(anim.step);
    const trace = diagram.trace;
    const op = current ? trace.ops[current.op] : trace.ops[0];
    renderTrack($('trie-track'), op, current);
    const text = current
      ? S.trieStepText(anim.step, diagram.total, describe(current, op, diagram, trace.fixed))
      : S.trieStepStart(diagram.total);
    $('trie-step-text').textContent = text;
    const box = $('trie-step-text');
    box.dataset.action = current?.action ?? '';
    box.className = `step-text${current ? ` act-${current.action}` : ''}`;
    // The operations, each with its verdict once reached.
    let first = 0;
    const items = trace.ops.map((o, i) => {
      const last = first + o.steps.length;
      const reached = anim.step >= last;
      first = last;
      const li = el('li', { cls: current && current.op === i ? 'now' : '' }, [
        el('span', { cls: 'op-kind', text: o.kind === 'insert' ? S.trieOpInsert : S.trieOpLookup }),
        el('code', { text: o.url }),
        el('span', { cls: `verdict v-${reached ? o.verdict : 'pending'}`, text: reached ? verdictWord(o.verdict) : '…' }),
      ]);
      li.dataset.verdict = reached ? o.verdict : '';
      return li;
    });
    $('trie-ops').replaceChildren(...items);
    say($('trie-play'), () => anim.timer ? S.triePause : S.triePlay);
    $('trie-play').setAttribute('aria-pressed', anim.timer ? 'true' : 'false');
  }

  function stop() {
    if (anim.timer) clearInterval(anim.timer);
    anim.timer = null;
  }

  function play() {
    if (anim.timer) {
      stop();
      showStep(anim.step);
      return;
    }
    if (anim.step >= diagram.total) anim.step = 0;
    const ms = SPEEDS[$('trie-speed').value] ?? SPEEDS.normal;
    anim.timer = setInterval(() => {
      if (anim.step >= diagram.total) {
        stop();
        showStep(anim.step);
        return;
      }
      showStep(anim.step + 1);
      if (anim.step >= diagram.total) {
        stop();
        showStep(anim.step);
      }
    }, ms);
    showStep(anim.step);
  }

  async function build() {
    stop();
    const inserts = $('trie-urls').value;
    const lookups = $('trie-lookup').value;
    try {
      const { trace } = await ctx.call(MSG.trieTrace, { inserts, lookups, fixed: fixedVariant() });
      showText($('trie-error'), '');
      $('trie-urls').removeAttribute('aria-invalid');
      diagram.draw(trace);
      const s = trace.stats;
      say($('trie-counts'), () => S.trieCounts(int(s.nodes), int(s.char_nodes), int(s.root_nodes), int(s.total_points), int(s.urls)));
      $('trie-counts').dataset.nodes = String(s.nodes);
      $('trie-counts').dataset.chars = String(s.char_nodes);
      $('trie-counts').dataset.roots = String(s.root_nodes);
      // Opens on the finished list; Start and Play replay it.
      showStep(diagram.total);
      $('trie-diagram-box').dataset.ready = '1';
      ctx.publish('trieDiagram', s, { needsInput: false });
    } catch (e) {
      $('trie-urls').setAttribute('aria-invalid', 'true');
      ctx.reportError($('trie-error'), e);
    }
  }

  // ------------------------------------------------------------ the prefix flaw

  async function flaw() {
    const stored = $('flaw-stored').value;
    const lookup = $('flaw-lookup').value;
    $('flaw').dataset.pair = '';
    try {
      for (const [variant, fixed] of [
        ['printed', false],
        ['fixed', true],
      ]) {
        const { trace } = await ctx.call(MSG.trieTrace, { inserts: stored, lookups: lookup, fixed });
        const { trace: then } = await ctx.call(MSG.trieTrace, { inserts: `${stored}\n${lookup}`, lookups: '', fixed });
        const d = flawDiagrams[variant];
        d.draw(trace);
        d.show(d.total);
        const last = trace.ops[trace.ops.length - 1];
        const verdict = last.kind === 'lookup' ? last.verdict : '';
        const box = $(`flaw-${variant}-verdict`);
        box.dataset.verdict = verdict;
        box.replaceChildren(
          el('span', { cls: `verdict v-${verdict}`, text: verdict ? verdictWord(verdict) : '—' }),
          el('span', { text: verdict ? ` ${S.flawLookupSays(last.url, verdict, fixed)}` : '' }),
        );
        const next = then.ops[then.ops.length - 1];
        const insert = $(`flaw-${variant}-insert`);
        insert.dataset.verdict = next.verdict;
        insert.textContent = S.flawInsertSays(next.url, next.verdict, fixed);
      }
      showText($('flaw-error'), '');
      $('flaw').dataset.ready = '1';
      $('flaw').dataset.pair = `${stored.trim()} ${lookup.trim()}`;
      ctx.publish('flaw', { stored: stored.trim(), lookup: lookup.trim(), printed: $('flaw-printed-verdict').dataset.verdict, fixed: $('flaw-fixed-verdict').dataset.verdict }, { needsInput: false });
    } catch (e) {
      ctx.reportError($('flaw-error'), e);
    }
  }

  // ------------------------------------------------------------ the loaded URLs

  /**
   * What a study's structures are timed on: each built from all `distinct` URLs and looked up,
   * then, when there are that many, P4's Table 1 setting of `p4` stored URLs (its lookups
   * timed, its build not). Each unit is a `trieTime` request. The longest come first, so that
   * two workers taking the next one in turn end close together: the builds of all URLs, the
   * FST's first (it sorts and compresses every URL), then the 16 000s.
   * @param {string[]} structures
   * @param {number} distinct
   * @param {number} p4
   * @returns {{ structure: string, count: number, lookupsOnly: boolean }[]}
   */
  function timingUnits(structures, distinct, p4) {
    const longest = [...structures].sort((a, b) => Number(b === 'fst') - Number(a === 'fst'));
    return [
      ...longest.map((structure) => ({ structure, count: distinct, lookupsOnly: false })),
      ...(distinct >= p4 ? longest.map((structure) => ({ structure, count: p4, lookupsOnly: true })) : []),
    ];
  }

  /**
   * Adds a unit's time (`trieTime`'s answer) to `timings`, each structure's times over the runs
   * so far: `{ [structure]: { insert: [], lookup: [], lookup16: [] } }`.
   * @param {Record<string, { insert: number[], lookup: number[], lookup16: number[] }>} timings
   * @param {{ structure: string, lookupsOnly: boolean }} unit
   * @param {{ insert_us_per_url: number | null, lookup_us_per_url: number }} time
   */
  function record(timings, unit, time) {
    const t = (timings[unit.structure] ??= { insert: [], lookup: [], lookup16: [] });
    if (unit.lookupsOnly) {
      t.lookup16.push(time.lookup_us_per_url);
    } else {
      t.insert.push(/** @type {number} */ (time.insert_us_per_url));
      t.lookup.push(time.lookup_us_per_url);
    }
  }

  /** The table of every structure at the end, its times the medians of their runs, and P4's list against a hash set. */
  function renderTimes(report, timings) {
    const study = report.study;
    const last = study.checkpoints[study.checkpoints.length - 1];
    const names = Object.fromEntries(ctx.structures().map((s) => [s.id, s]));
    const none = { insert: [], lookup: [], lookup16: [] };
    const us = (v) => fixed(v, 3);
    const runs = Math.min(...study.structures.map((id) => (timings[id] ?? none).lookup.length));
    const rows = study.structures.map((id) => {
      const row = last.rows.find((r) => r.structure === id);
      const t = timings[id] ?? none;
      const cell = (text, value, col) => {
        const td = el('td', { text });
        td.dataset.col = col;
        if (value !== undefined && value !== null) td.dataset.value = String(value);
        return td;
      };
      const s = names[id];
      const tr = el('tr', {}, [
        el('th', { attrs: { scope: 'row' }, title: s ? S.withSource(nameOf(s), sourceOf(s)) : id }, [
          el('span', { cls: 'm-name', text: S.structureShort[id] ?? id }),
        ]),
        cell(int(row.stored), row.stored, 'stored'),
        cell(row.nodes === null ? '—' : int(row.nodes), row.nodes, 'nodes'),
        cell(fixed(row.bytes_per_url, 1), row.bytes_per_url, 'bytes_per_url'),
        cell(row.java_bytes_per_url === null ? '—' : fixed(row.java_bytes_per_url, 1), row.java_bytes_per_url, 'java_bytes_per_url'),
        timedCell(t.insert, us, 'insert_us'),
        timedCell(t.lookup, us, 'lookup_us'),
        timedCell(t.lookup16, us, 'lookup_us_16000'),
      ]);
      tr.dataset.structure = id;
      return tr;
    });
    const table = $('trie-table');
    table.tHead.replaceChildren(el('tr', {}, S.trieTableHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
    table.dataset.runs = String(runs);
    say($('trie-table-note'), () => S.trieTableNote(int(report.distinct), int(study.claims.time_urls), RUNS));

    const c = study.claims;
    const gl = timings['gl-trie'] ?? none;
    const ours = $('trie-p4-ours');
    if (gl.lookup16.length) {
      const o = spread(gl.lookup16);
      say(ours, () => S.trieP4Ours(us(o.median), us(o.min), us(o.max), int(c.time_urls), o.runs, RUNS));
    } else {
      say(ours, () => S.trieP4OursSmall(int(c.time_urls), int(report.distinct)));
    }
    // P4's list (printed) against a hash set of the URLs, at P4's size when the input has it.
    const hs = timings['hash-set'] ?? none;
    const at16000 = gl.lookup16.length > 0 && hs.lookup16.length > 0;
    const [a, b] = at16000 ? [hs.lookup16, gl.lookup16] : [hs.lookup, gl.lookup];
    const pairs = Math.min(a.length, b.length);
    const verdict = $('trie-p4-verdict');
    if (pairs) {
      const cmp = compare(a.slice(0, pairs), b.slice(0, pairs));
      const n = int(at16000 ? c.time_urls : report.distinct);
      const times = (v) => fixed(v, 2);
      const why = () => (cmp.reason ? S.timingReason[cmp.reason] : '');
      say(verdict, () => S.trieVerdict(n, cmp.kind, why(), times(cmp.ratio.median), times(cmp.ratio.min), times(cmp.ratio.max), cmp.runs, RUNS));
      Object.assign(verdict.dataset, {
        verdict: cmp.kind,
        runs: String(cmp.runs),
        ratio: String(cmp.ratio.median),
        col: at16000 ? 'lookup_us_16000' : 'lookup_us',
      });
    } else {
      showText(verdict, '');
    }
  }

  function renderRun(report, timings) {
    const study = report.study;
    say($('trie-run-note'), () => report.capped
      ? S.trieRunCapped(int(report.lines), int(report.loaded), int(report.distinct))
      : S.trieRunAll(int(report.lines), int(report.distinct)));
    $('trie-run-note').classList.toggle('warn', report.capped);
    const names = Object.fromEntries(ctx.structures().map((s) => [s.id, s]));
    // What every structure would take for all loaded lines, against the page's budget.
    const projected = report.projected ?? [];
    showText(
      $('trie-projected'),
      projected.length
        ? S.trieProjected(
            int(report.loaded),
            projected.map((p) => S.trieProjectedOne(nameOf(names[p.structure]) || p.structure, fmtBytes(p.bytes), fixed(p.bytes_per_url, 1), p.fits)).join('; '),
            fmtBytes(report.budget_bytes),
          )
        : '',
    );
    growthChart.render($('trie-growth-chart'), { study });
    $('trie-growth-fig').hidden = false;

    renderTimes(report, timings);

    const c = study.claims;
    $('trie-p4-table').tBodies[0].replaceChildren(
      ...c.times.map((t) =>
        el('tr', {}, [
          el('th', { attrs: { scope: 'row' }, text: language() === 'zh' ? t.method_zh : t.method }),
          el('td', { text: `${fixed(t.ms_per_dedup, t.ms_per_dedup < 1 ? 1 : 0)} ms` }),
        ]),
      ),
    );
    say($('trie-p4-note'), () => S.trieP4Note(int(c.time_urls), c.machine, int(c.gl_repeats)));

    const g = study.gl_fixed;
    say($('trie-gl-text'), () => S.trieGlSummary(
      int(g.nodes),
      int(g.root_nodes),
      int(g.char_nodes),
      fixed(g.nodes / Math.max(1, g.urls), 1),
      int(g.levels),
      fixed(g.mean_depth, 1),
      fixed(g.java_bytes_per_url, 0),
      fixed(c.bytes_per_url, 1),
      fixed(c.java_nodes_per_url, 1),
    ));
    const f = study.flaw;
    const flawText = $('trie-flaw-text');
    flawText.textContent = S.trieFlawCount(int(f.false_duplicates), int(f.prefix_urls));
    flawText.dataset.falseDuplicates = String(f.false_duplicates);
    $('trie-flaw-examples').replaceChildren(
      ...f.examples.map((x) =>
        el('li', {}, [
          el('span', { text: S.trieFlawLine(int(x.line)) }),
          el('code', { text: x.url }),
          el('span', { text: S.trieFlawAfter }),
          el('code', { text: x.longer }),
        ]),
      ),
    );
  }

  // ------------------------------------------------------------ P4's Table 1 in this browser

  /**
   * The last Table 1 run: the rows of each of its RUNS passes (each pass times the four stores
   * in turn; the wasm gives each store's ratio to the list of the same pass), each database's
   * SQLite facts, each row's failure.
   */
  let table1 = null;
  let table1Ticket = 0;

  /** "12.5×", or "1 210×" for the large ratios. */
  const times = (v) => (v === null || v === undefined ? '—' : `${fixed(v, v < 100 ? 1 : 0)}×`);

  /**
   * P4's printed times (the trie study's claims), by Table 1 row, and how each fits whole ticks
   * of Windows XP's clock (the CLI's `tick_fit`, src/papers/p4/table1.rs; an inference).
   */
  function printedTimes(claims) {
    const out = {};
    for (const [i, method] of ['database-scan', 'linked-list', 'generalized-list'].entries()) {
      const t = claims.times[i];
      const repeats = method === 'generalized-list' ? claims.gl_repeats : 1;
      const total = t.ms_per_dedup * repeats;
      out[method] = { ms: t.ms_per_dedup, repeats, total, ticks: Math.round(total / WINDOWS_TICK_MS) };
    }
    return out;
  }

  function renderTable1() {
    const { passes, db, failed, claims } = table1;
    const printed = printedTimes(claims);
    const printedList = printed['generalized-list'].ms;
    const cell = (text, col, value) => {
      const td = el('td', { text });
      td.dataset.col = col;
      if (value !== undefined && value !== null) td.dataset.value = String(value);
      return td;
    };
    const ms = (v) => fixed(v, 5);
    const rows = TABLE1_ROWS.map((method) => {
      // This store's row of each pass, and of each pass that timed the list too (its ratio).
      const mine = passes.map((rows) => rows.find((r) => r.method === method)).filter(Boolean);
      const paired = passes
        .map((rows) => [rows.find((r) => r.method === 'generalized-list'), rows.find((r) => r.method === method)])
        .filter(([list, row]) => list && row && row.vs_list !== null);
      const row = mine[0];
      const p = printed[method]?.ms;
      const head = el('th', { attrs: { scope: 'row' } }, [
        el('span', { cls: 'm-name', text: S.table1Method[method] ?? method }),
      ]);
      let where;
      if (row) where = db[method] ? S.table1HeldIn(db[method].vfs, int(Math.round(db[method].bytes / 1024))) : S.table1Memory;
      else if (method === 'md5-dirs') where = S.table1CliOnly;
      else if (failed[method] === 'table1-served-only') where = S.table1ServedOnly;
      else where = S.table1Pending;
      const cmp = compare(
        paired.map(([list]) => list.measured_ms),
        paired.map(([, r]) => r.measured_ms),
        { ratios: paired.map(([, r]) => r.vs_list) },
      );
      const reference = method === 'generalized-list';
      let verdict = '—';
      if (row && !reference) verdict = cmp.kind === 'pending' ? S.timingPending(cmp.runs, RUNS) : S.table1Verdict[cmp.kind];
      const passesOf = mine.map((r) => r.passes);
      const [fewest, most] = [Math.min(...passesOf), Math.max(...passesOf)];
      const tr = el('tr', {}, [
        head,
        cell(p === undefined ? '—' : fixed(p, p < 1 ? 1 : 0), 'printed_ms', p),
        cell(p === undefined ? '—' : times(p / printedList), 'printed_vs_list', p === undefined ? null : p / printedList),
        timedCell(mine.map((r) => r.measured_ms), ms, 'measured_ms'),
        timedCell(paired.map(([, r]) => r.vs_list), times, 'vs_list'),
        el('td', { text: verdict, cls: row && !reference ? `verdict-cell v-${cmp.kind}` : '' }),
        cell(row ? `${int(row.found)} / ${int(row.lookups)}` : '—', 'found', row?.found),
        cell(row ? (fewest === most ? int(most) : `${int(fewest)}–${int(most)}`) : '—', 'passes', row ? most : null),
        cell(where, 'held_in'),
      ]);
      tr.cells[5].dataset.col = 'verdict';
      tr.dataset.method = method;
      if (row) {
        tr.dataset.lookups = String(row.lookups);
        tr.dataset.stored = String(row.stored);
        tr.dataset.found = mine.map((r) => r.found).join(',');
        if (!reference) Object.assign(tr.dataset, { verdict: cmp.kind, runs: String(cmp.runs) });
      }
      if (db[method]) tr.dataset.rows = String(db[method].rows);
      return tr;
    });
    const table = $('table1-table');
    const first = passes[0]?.[0];
    say($('table1-caption'), () => S.table1Caption(first ? int(first.stored) : '…'));
    table.tHead.replaceChildren(el('tr', {}, S.table1Head.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
    showText($('table1-urls'), first ? S.table1Urls(int(first.stored), int(first.lookups)) : '');
    say($('table1-rule'), () => S.timingRule(RUNS));
    $('table1-plans').replaceChildren(
      ...TABLE1_ROWS.filter((m) => db[m]).map((method) => {
        const d = db[method];
        const li = el('li', {}, [el('span', { text: S.table1Plan(S.table1Method[method] ?? method, '') }), el('code', { text: d.plan })]);
        li.dataset.method = method;
        li.dataset.plan = d.plan;
        return li;
      }),
    );
    const vfs = Object.values(db)[0];
    const single = Object.values(failed).includes('table1-served-only');
    $('table1-vfs').dataset.vfs = vfs?.vfs ?? (single ? 'none' : '');
    showText($('table1-vfs'), vfs ? S.table1Vfs(vfs.version, vfs.vfs, vfs.vfsNote) : single ? S.table1SingleFile : '');
    const [scan, list, gl] = [printed['database-scan'], printed['linked-list'], printed['generalized-list']];
    $('table1-ticks').textContent = S.table1Ticks(
      fixed(WINDOWS_TICK_MS, 3),
      fixed(scan.ms, 0),
      int(scan.ticks),
      fixed(list.ms, 0),
      int(list.ticks),
      int(gl.repeats),
      fixed(gl.ms, 1),
      fixed(gl.total, 0),
      int(gl.ticks),
    );
    $('table1-body').hidden = false;
  }

  async function runTable1() {
    if (!last) return;
    const mine = ++table1Ticket;
    const generation = ctx.generation();
    const current = () => mine === table1Ticket && generation === ctx.generation();
    const status = $('table1-status');
    const bar = $('table1-progress');
    const button = $('table1-run');
    showText($('table1-error'), '');
    $('table1').dataset.done = '';
    $('table1').dataset.runs = '';
    button.disabled = true;
    bar.hidden = false;
    bar.value = 0;
    const t0 = performance.now();
    try {
      table1 = { passes: [], db: {}, failed: {}, claims: last.report.study.claims };
      renderTable1();
      const steps = RUNS * TABLE1_ORDER.length;
      for (let run = 1; run <= RUNS; run += 1) {
        table1.passes.push([]);
        for (const [i, method] of TABLE1_ORDER.entries()) {
          // The one file has no SQLite: a store that said so once is not asked again.
          if (table1.failed[method]) continue;
          const loading = method.startsWith('database-') && !Object.keys(table1.db).length && !Object.keys(table1.failed).length;
          say(status, () => (loading ? S.table1Loading : S.table1Progress(S.table1Method[method], i + 1, TABLE1_ORDER.length, run, RUNS)));
          bar.value = ((run - 1) * TABLE1_ORDER.length + i) / steps;
          try {
            const answer = await ctx.call(MSG.table1Row, { method, limit: TABLE1_URLS, perPass: TABLE1_PER_PASS });
            if (!current()) return;
            // Every row of this pass so far: the list's ratios are filled in once it is timed.
            table1.passes[run - 1] = answer.rows;
            if (answer.db) table1.db[method] = answer.db;
          } catch (e) {
            if (!current()) return;
            // The one file has no SQLite: its rows say so, and the lists stand.
            if (e?.code !== 'table1-served-only') throw e;
            table1.failed[method] = e.code;
          }
          renderTable1();
        }
        $('table1').dataset.runs = String(run);
      }
      const took = fixed((performance.now() - t0) / 1000, 1);
      say(status, () => S.table1Done(took, RUNS));
      $('table1').dataset.done = '1';
    } catch (e) {
      if (current()) {
        say(status, () => '');
        ctx.reportError($('table1-error'), e);
      }
    } finally {
      if (mine === table1Ticket) {
        bar.hidden = true;
        button.disabled = false;
        say(button, () => (table1 ? S.table1Rerun : S.table1Run));
      }
    }
  }

  say($('table1-run'), () => S.table1Run);
  $('table1-run').addEventListener('click', runTable1);

  const runs = sectionRuns(ctx, {
    section: $('trie'),
    error: $('trie-run-error'),
    status: $('trie-status'),
    bar: $('trie-progress'),
    body: $('trie-run-body'),
    // The growth chart stands outside the body: it is drawn from the study's first checkpoints on.
    early: $('trie-growth-fig'),
    measure: 'uhl:trie',
  });

  /**
   * The run's progress callback `onShare`, drawing the growth the study sends as it passes its
   * checkpoints (the first picture, refined until the report).
   * @param {{ current: () => boolean, generation: number }} run
   * @param {(share: number) => void} onShare
   */
  function growing(run, onShare) {
    return (/** @type {number} */ share, /** @type {any} */ partial) => {
      onShare(share);
      if (!partial || !run.current() || partial.checkpoints.length < 1) return;
      growthChart.render($('trie-growth-chart'), { study: partial });
      runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('trie-growth-chart')), run.generation);
    };
  }

  /** The timing worker of the study under way (`ctx.timeStructures`), stopped by the next. */
  let timer = null;

  async function runStudy() {
    const input = ctx.input();
    if (!input) return;
    const lines = Math.min(input.report.urls, TRIE_MAX_LINES);
    const step = niceStep(Math.ceil(lines / GROWTH_POINTS));
    const run = runs.begin(() => S.trieRunProgress(int(lines), percent(0, 0)));
    // The structures are timed in a worker of their own, on the URLs the study builds them
    // from, while the page's worker runs the study.
    timer?.stop();
    const helper = (timer = ctx.timeStructures(TRIE_MAX_LINES));
    /** @type {Record<string, { insert: number[], lookup: number[], lookup16: number[] }>} */
    let timings = {};
    // The units not yet timed, the longest first: the helper takes the next one as soon as it
    // holds the URLs, and so does the page's worker once its study is done; a unit the helper
    // fails goes back for the page's worker.
    /** @type {ReturnType<typeof timingUnits> | null} */
    let left = null;
    let helperUrls = null;
    /** The study's distinct URLs, once it is done. @type {number | null} */
    let expected = null;
    const helped = (async () => {
      const held = await helper.ready;
      if (!held || !run.current()) return;
      helperUrls = held.distinct;
      // Ready only after the study: it times nothing unless it holds the study's URLs.
      if (expected !== null && held.distinct !== expected) return;
      left ??= timingUnits(
        ctx.structures().map((/** @type {{ id: string }} */ s) => s.id),
        held.distinct,
        held.p4,
      );
      for (let unit = left.shift(); unit; unit = left.shift()) {
        let answer;
        try {
          answer = await helper.time(unit);
        } catch {
          left.unshift(unit);
          return;
        }
        if (!run.current()) return;
        record(timings, unit, answer.time);
      }
    })().finally(() => helper.stop());
    try {
      const reading = run.progress((share) => S.trieRunProgress(int(lines), percent(share / STUDY_SHARE, 0)));
      const { report } = await ctx.runJob(
        JOB.trie,
        { maxLines: TRIE_MAX_LINES, step },
        growing(run, (share) => reading(share * STUDY_SHARE)),
      );
      if (!run.current()) return;
      const units = timingUnits(report.study.structures, report.distinct, report.study.claims.time_urls);
      expected = report.distinct;
      if (left && helperUrls !== report.distinct) {
        // Not the study's own URLs (it never happens; if it did, its times would not be of
        // the URLs on screen): the page's worker times everything.
        helper.stop();
        await helped;
        left = null;
        timings = {};
      }
      // The queue may be `units` itself: their count is taken before any is timed.
      const all = units.length;
      const queue = (left ??= units);
      const timing = run.progress(() => S.trieTiming);
      const progress = () => timing(STUDY_SHARE + ((1 - STUDY_SHARE) * (all - queue.length)) / all);
      progress();
      if (!(await timePass(run, timings, queue, progress))) return;
      await helped;
      if (!run.current() || !(await timePass(run, timings, queue, progress))) return;
      renderRun(report, timings);
      last = { report, timings };
      ctx.publish('trie', last);
      const once = fixed(run.seconds(), 1);
      run.done(() => S.trieRunDone(once, 1, RUNS), { lines: String(report.lines) });
      await timeAgain(run, report, timings);
    } catch (e) {
      run.failed(e);
    }
  }

  /**
   * Times the units of `queue` in the page's worker, taking each from its front (a queue the
   * timing helper may be taking from too), adding them to `timings`; `onUnit` before each.
   * False when a newer study or input came meanwhile.
   * @param {{ current: () => boolean }} run
   * @param {Record<string, { insert: number[], lookup: number[], lookup16: number[] }>} timings
   * @param {ReturnType<typeof timingUnits>} queue
   * @param {() => void} [onUnit]
   */
  async function timePass(run, timings, queue, onUnit = () => {}) {
    for (let unit = queue.shift(); unit; unit = queue.shift()) {
      onUnit();
      const { time } = await ctx.call(MSG.trieTime, unit);
      if (!run.current()) return false;
      record(timings, unit, time);
    }
    return true;
  }

  /**
   * Times every structure again until each has RUNS runs, refining the table after each; a
   * newer study or input stops it.
   */
  async function timeAgain(run, report, timings) {
    const status = $('trie-status');
    $('trie-run-body').dataset.timed = '1';
    for (let k = 2; k <= RUNS; k += 1) {
      const again = timingUnits(report.study.structures, report.distinct, report.study.claims.time_urls);
      if (!(await timePass(run, timings, again))) return;
      renderTimes(report, timings);
      const took = fixed(run.seconds(), 1);
      say(status, () => S.trieRunDone(took, k, RUNS));
      $('trie-run-body').dataset.timed = String(k);
    }
    ctx.publish('trie', last);
  }

  // ------------------------------------------------------------ wiring

  $('trie-urls').value = DEFAULT_URLS;
  $('flaw-stored').value = FLAW_STORED;
  $('flaw-lookup').value = FLAW_LOOKUP;
  $('trie-build').addEventListener('click', build);
  $('trie-lookup').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      build();
    }
  });
  for (const r of document.querySelectorAll('input[name="trie-variant"]')) r.addEventListener('change', build);
  $('trie-example').addEventListener('click', () => {
    $('trie-urls').value = DEFAULT_URLS;
    $('trie-lookup').value = '';
    build();
  });
  $('trie-first').addEventListener('click', () => {
    stop();
    showStep(0);
  });
  $('trie-back').addEventListener('click', () => {
    stop();
    showStep(anim.step - 1);
  });
  $('trie-next').addEventListener('click', () => {
    stop();
    showStep(anim.step + 1);
  });
  $('trie-last').addEventListener('click', () => {
    stop();
    showStep(diagram.total);
  });
  $('trie-play').addEventListener('click', play);
  $('trie-speed').addEventListener('change', () => {
    if (anim.timer) {
      stop();
      play();
    }
  });
  $('flaw-go').addEventListener('click', flaw);
  for (const id of ['flaw-stored', 'flaw-lookup']) {
    $(id).addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        flaw();
      }
    });
  }

  /** The last study of the loaded URLs, to draw again in another language. */
  let last = null;

  return {
    /** Draws everything again from what it last showed (after a change of language). */
    relabel() {
      if (diagram.total) showStep(anim.step);
      flaw();
      if (last) renderRun(last.report, last.timings);
      if (table1) renderTable1();
    },
    /** Draws the two small examples (they need no input). */
    start() {
      build();
      flaw();
    },
    /** A new input is on screen: the study waits for P1's figures and P2's partition. */
    waiting() {
      runs.waiting(() => S.dedupWaiting);
      // Table 1 was timed on the input before: it is timed again on this one when asked.
      table1 = null;
      table1Ticket += 1;
      $('table1-body').hidden = true;
      $('table1').dataset.done = '';
      $('table1').dataset.runs = '';
      $('table1-run').disabled = false;
      $('table1-progress').hidden = true;
      say($('table1-status'), () => '');
      say($('table1-run'), () => S.table1Run);
    },
    /** Runs the study of load `generation` unless it was asked for already. */
    load(generation) {
      if (runs.askedGen !== generation) return runStudy();
    },
  };
}
