// Guided lessons, one per paper: each step sets the view up (input, functions, M, key, crawl
// nodes, filter parameters, the section to look at), states what the paper claims with its
// printed number, shows what the lab measures live, and explains the difference; the last step
// asks a question whose answer is behind a click. The words are in strings.js / strings-zh.js
// (S.lesson, S.lessons); what each step sets up and which live number it reads is here. Nothing
// is computed here: the live numbers are read from the reports the page already shows.
import { S, wordError } from './strings.js';
import { int, fixed, small, sci, pValue, expectedCount, percent as pct } from './format.js';
import { $, showText } from './dom.js';
import { setupQuiz } from './quiz.js';
import { C } from './constants.js';

/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
const details = (id) => /** @type {HTMLDetailsElement} */ ($(id));

/** The measures row of function `fn` at the M on screen, if that is `m`. */
function measure(d, fn, m) {
  if (d.m !== m) return null;
  return d.measures?.[fn] ?? null;
}

/**
 * The Bloom view's row of `method` (or, if the user unticked it, another) at k and m/N, once the
 * view shows them. Independent hashes by default: P4 and P5 both speak of k hash functions.
 */
function bloomRow(d, k, ratio, method = 'independent') {
  const b = d.bloom;
  if (!b || b.k !== k || b.ratio !== ratio) return null;
  const at = b.rows.filter((r) => r && r.k === k && r.m_over_n === ratio);
  return at.find((r) => r.method === method) ?? at[0] ?? null;
}

/** The counting-filter view's report if it shows preset `p` (C.p5.cbfPresets). */
function cbfAt(d, p) {
  const c = d.cbf;
  if (!c) return null;
  const x = c.deletion;
  return x.bits === p.bits && x.k === p.k && c.m_over_n === p.ratio && c.delete_fraction === p.fraction ? c : null;
}

/** P4's prefix flaw as the trie view shows it by default. */
const FLAW = { stored: 'http://a.cn/ab', lookup: 'http://a.cn/a' };

/** The last growth checkpoint's row of trie structure `id`. */
function trieRow(d, id) {
  const cps = d.trie?.report?.study?.checkpoints;
  return cps?.[cps.length - 1]?.rows.find((r) => r.structure === id) ?? null;
}

/** The partition policy `id` of the report on screen, if it has `nodes` nodes. */
function policy(d, id, nodes = 7) {
  const sim = d.partition?.simulation;
  if (!sim || sim.nodes !== nodes) return null;
  return sim.policies.find((p) => p.policy === id) ?? null;
}

/**
 * The lessons. `setup` is applied by the page (see app.js, applyLessonSetup); `live(d)` returns
 * the formatted numbers of the step's live sentence (S.lessons[id].steps[i].live), or null
 * while the view is not ready. `d` holds what the page shows: { m, key, measures: {fn: row},
 * p1, partition, input } and the dedup views' last reports (trie, trieDiagram, flaw, bloom, cbf,
 * fp, fpPaper, fpAvalanche). A step that reads a view checks the view shows its parameters.
 */
export const LESSONS = [
  {
    id: 'p1',
    steps: [
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 12, section: 'measures-box' },
        live: (d) => {
          const [e, i, h] = ['elfhash', 'hfip', 'hf'].map((fn) => measure(d, fn, 12));
          if (!e || !i || !h) return null;
          return [fixed(e.b, 3), fixed(i.b, 3), fixed(h.b, 3), int(h.empty_slots)];
        },
      },
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 8, section: 'why-hf3', view: 'why' },
        live: (d) => {
          const h = measure(d, 'hf', 8);
          const b12 = d.p1?.hf_multiple_of_3?.b_by_m?.find(([m]) => m === 12)?.[1];
          if (!h || b12 === undefined) return null;
          return [fixed(h.b, 3), fixed(b12, 3), fixed(d.p1.hf_multiple_of_3.share_multiple_of_3 * 100, 1)];
        },
      },
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 12, section: 'why-misprint', view: 'why' },
        live: (d) => {
          const mp = d.p1?.misprint;
          if (!mp) return null;
          return [fixed(mp.printed, 2), fixed(mp.formula, 2), int(mp.n), int(mp.m)];
        },
      },
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 8, section: 'why-elf', view: 'why' },
        live: (d) => {
          const c = d.p1?.elf_clumps;
          if (!c) return null;
          return [fixed(c.low_nibble_is_last_byte * 100, 1), fixed(c.b_m8, 3), fixed(c.b_m8_predicted, 3)];
        },
      },
      {
        // Beyond the paper: the hash-quality battery on the corpus.
        setup: { corpus: 100_000, section: 'quality-fig', view: 'quality' },
        live: (d) => {
          const rows = d.quality?.summary;
          const at = (id) => rows?.find((r) => r.hash === id);
          const [elf, hfip, hf, xxh3] = ['elfhash', 'hfip', 'hf', 'xxh3'].map(at);
          if (!elf || !hfip || !hf || !xxh3) return null;
          return [int(rows.filter((r) => r.failures === 0).length), int(rows.length), int(elf.failures), int(hfip.failures), int(hf.failures), int(elf.tests), int(xxh3.failures)];
        },
      },
    ],
  },
  {
    id: 'p2',
    steps: [
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'p2-printed', section: 'part-nodes-box' },
        live: (d) => {
          const p = policy(d, 'p2-printed');
          if (!p) return null;
          return [fixed(d.partition.printed.b, 4), fixed(p.b, 4), percent(p.zero_hash_urls, d.partition.simulation.urls)];
        },
      },
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'p2-repaired', section: 'part-verdicts' },
        live: (d) => {
          const p = policy(d, 'p2-repaired');
          const x = policy(d, 'p2-xor');
          if (!p || !x) return null;
          return [fixed(p.b, 4), small(p.p_value), fixed(x.b, 4)];
        },
      },
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'host:xxh3', section: 'part-top-table' },
        live: (d) => {
          const p = policy(d, 'host:xxh3');
          const top = p?.top_sites?.[0];
          if (!p || !top) return null;
          return [fixed(p.b, 4), top.host ?? top.site ?? '', int(top.urls), percent(top.urls, d.partition.simulation.urls)];
        },
      },
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'p2-printed', section: 'part-site-fig' },
        live: (d) => {
          const t = d.partition?.simulation.site_tables.find((x) => x.reading === 'site-folded');
          if (!t) return null;
          return [int(t.sites), int(t.occupied), int(t.collisions), small(t.expected_collisions)];
        },
      },
      {
        // Beyond the paper: the rebalancing view, a node of 8 dying.
        setup: { corpus: 246_951, click: ['reb-preset-leave'], section: 'reb-moved-fig', view: 'rebalance' },
        live: (d) => {
          const r = d.rebalance;
          if (!r || r.from !== 8 || r.to !== 7) return null;
          const [nutch, jump, ring] = ['nutch', 'jump', `ring:v${r.vnodes}`].map((id) => r.schemes.find((s) => s.id === id));
          if (!nutch || !jump || !ring) return null;
          const share = (v) => pct(v, 1);
          return [int(r.hosts), share(nutch.hosts_moved_fraction), share(nutch.theory_fraction), share(jump.hosts_moved_fraction), share(ring.hosts_moved_fraction), share(jump.theory_fraction)];
        },
      },
    ],
  },
  {
    id: 'p3',
    steps: [
      {
        setup: { corpus: 100_000, section: 'fp-claims' },
        live: (d) => {
          const p = d.fpPaper?.paper;
          if (!p) return null;
          const b = p.birthday;
          const row = (bits) => b.rows.find((r) => r.n === p.printed.web_pages && r.bits === bits);
          const [r128, r64] = [row(128), row(64)];
          if (!r128 || !r64) return null;
          return [small(b.two_inputs), int(p.printed.web_pages), small(r128.probability), int(Math.round(b.n_at_claim)), fixed(r64.expected_pairs, 1)];
        },
      },
      {
        setup: { corpus: 100_000, section: 'fp-pair' },
        live: (d) => {
          const a = d.fp?.p3?.avalanche;
          if (!a || a.p_value === null) return null;
          return [int(a.pairs), fixed(a.mean, 2), fixed(a.sd, 2), int(a.min), int(a.max), pValue(a.p_value)];
        },
      },
      {
        setup: { corpus: 100_000, click: ['fp-pair-empty'], section: 'fp-pair' },
        live: (d) => {
          const [ip, name] = d.fpPaper?.paper?.reveals ?? [];
          if (!ip || !name || ip.matches[0]?.text !== '') return null;
          return [ip.printed, int(ip.tried), name.printed];
        },
      },
      {
        setup: { corpus: 100_000, section: 'fp-trunc-table' },
        live: (d) => {
          const t = d.fp?.p3?.truncated;
          const [t16, t24, t32] = [16, 24, 32].map((bits) => t?.find((r) => r.bits === bits));
          if (!t16 || !t24 || !t32) return null;
          return [
            int(t32.urls),
            int(t32.colliding_pairs),
            expectedCount(t32.expected_pairs),
            int(t24.colliding_pairs),
            expectedCount(t24.expected_pairs),
            int(t16.false_duplicates),
            expectedCount(t16.expected_false_duplicates),
          ];
        },
      },
      {
        // Beyond the paper: the corpus with 2 000 respellings through the seven schemes.
        setup: { corpus: 100_000, click: ['canon-list-respelled'], section: 'canon-fig', view: 'canon' },
        live: (d) => {
          const r = d.canon;
          if (!r || !r.respellings) return null;
          const at = (id) => r.schemes.find((s) => s.scheme === id);
          const [wg, sb, storm, p3] = ['whatwg', 'safe-browsing', 'stormcrawler', 'p3'].map(at);
          if (!wg || !sb || !storm || !p3) return null;
          const merged = (s) => int(r.spellings - s.distinct);
          return [int(r.respellings), merged(wg), merged(sb), merged(storm), merged(p3), int(wg.effects.md5_changed), int(sb.effects.split_groups)];
        },
      },
    ],
  },
  {
    id: 'p4',
    steps: [
      {
        setup: { corpus: 100_000, click: ['trie-example'], section: 'trie-diagram-box' },
        live: (d) => {
          const s = d.trieDiagram;
          if (!s || s.urls !== 2) return null;
          return [int(s.nodes), int(s.urls), int(s.char_nodes), int(s.root_nodes), fixed(s.java_bytes_per_url, 0)];
        },
      },
      {
        setup: { corpus: 100_000, fields: { 'flaw-stored': FLAW.stored, 'flaw-lookup': FLAW.lookup }, click: ['flaw-go'], section: 'flaw' },
        live: (d) => {
          const f = d.flaw;
          const run = d.trie?.report;
          if (!f || f.stored !== FLAW.stored || f.lookup !== FLAW.lookup || !run) return null;
          const word = (v) => S.trieVerdictWord[v] ?? v;
          return [f.stored, f.lookup, word(f.printed), word(f.fixed), int(run.distinct), int(run.study.flaw.false_duplicates)];
        },
      },
      {
        setup: { corpus: 100_000, section: 'trie-table' },
        live: (d) => {
          const [gl, hs, md5, fst] = ['gl-trie', 'hash-set', 'md5-set', 'fst'].map((id) => trieRow(d, id));
          const c = d.trie?.report.study.claims;
          if (!gl || !hs || !md5 || !fst || !c) return null;
          return [
            int(gl.stored),
            fixed(gl.bytes_per_url, 0),
            fixed(gl.nodes / gl.stored, 1),
            fixed(gl.java_bytes_per_url, 0),
            fixed(hs.bytes_per_url, 0),
            fixed(md5.bytes_per_url, 1),
            fixed(fst.bytes_per_url, 1),
            String(c.memory_mb),
            int(c.memory_urls),
            fixed(c.bytes_per_url, 0),
          ];
        },
      },
      {
        setup: { corpus: 100_000, fields: { 'bloom-k': 8, 'bloom-ratio': 16 }, section: 'bloom-table' },
        live: (d) => {
          const row = bloomRow(d, 8, 16);
          const mem = d.bloom?.memory.find((m) => m.m_over_n === 16);
          // The string set as step 3 showed it (the trie view's layout, without malloc rounding).
          const set = trieRow(d, 'hash-set');
          if (!row || !mem || !set) return null;
          return [
            fixed(mem.bloom_bytes_per_url, 1),
            `1/${fixed(set.bytes_per_url / mem.bloom_bytes_per_url, 0)}`,
            fixed(set.bytes_per_url, 0),
            `1/${fixed(1 / mem.bloom_vs_md5_set, 0)}`,
            fixed(mem.md5_set_bytes_per_url, 1),
            int(row.false_positives),
            int(row.trials),
            small(row.measured),
            S.methodShort[row.method] ?? row.method,
            small(row.exact),
          ];
        },
      },
    ],
  },
  {
    id: 'p5',
    steps: [
      {
        setup: { corpus: 100_000, fields: { 'bloom-k': 8, 'bloom-ratio': 20 }, section: 'bloom-table' },
        live: (d) => {
          const row = bloomRow(d, 8, 20);
          const opt = d.bloom?.theory.paper_points.find((p) => p.id === 'p5-optimal-k');
          if (!row || !opt) return null;
          return [
            S.methodShort[row.method] ?? row.method,
            int(row.false_positives),
            int(row.trials),
            small(row.measured),
            small(row.ci_low),
            small(row.ci_high),
            small(row.exact),
            fixed(opt.k, 1),
            small(opt.fpr_exact_at_this_n),
          ];
        },
      },
      {
        setup: { corpus: 100_000, fields: { 'cbf-method': 'md5-slices' }, click: ['cbf-preset-p5'], section: 'cbf-theory-table' },
        live: (d) => {
          const c = cbfAt(d, C.p5.cbfPresets.p5);
          if (!c) return null;
          const t = c.deletion.theory;
          return [
            int(t.m),
            int(t.n),
            sci(t.bound),
            sci(t.bound_printed_formula),
            sci(t.bound_printed_j16),
            int(c.counters.counts.length - 1),
            int(c.counters.saturated),
          ];
        },
      },
      {
        setup: { corpus: 100_000, fields: { 'cbf-method': 'md5-slices' }, click: ['cbf-preset-saturating'], section: 'cbf-del-table' },
        live: (d) => {
          const c = cbfAt(d, C.p5.cbfPresets.saturating);
          const x = c?.deletion;
          const [dec, sticky, imp] = ['cbf-decrement', 'cbf-sticky', 'imp-cb'].map((id) => x?.rows.find((r) => r.structure === id));
          if (!dec || !sticky || !imp) return null;
          return [
            int(x.deleted),
            int(dec.false_negatives),
            int(x.kept),
            percent(dec.false_negatives, x.kept),
            int(sticky.false_negatives),
            int(sticky.deleted_still_present),
            int(imp.false_negatives),
          ];
        },
      },
      {
        // Beyond the paper: the filter bake-off at 1 % and 0.1 %.
        setup: { corpus: 100_000, click: ['filters-preset-fpr'], section: 'filters-fig', view: 'filters' },
        live: (d) => {
          const rows = d.filters?.filters;
          const at = (id, method = null) => rows?.find((r) => r.filter === id && r.setting === 'fpr' && r.target === 0.01 && r.built && (!method || r.method === method));
          const [bloom, counting, cuckoo, xor, fuse] = [at('bloom', 'independent'), at('counting'), at('cuckoo'), at('xor8'), at('binary-fuse8')];
          if (!bloom || !counting || !cuckoo || !xor || !fuse) return null;
          const bits = (r) => fixed(r.bits_per_key, 2);
          return [bits(bloom), small(bloom.fpr), bits(counting), bits(cuckoo), small(cuckoo.fpr), bits(xor), small(xor.fpr), bits(fuse)];
        },
      },
      {
        setup: { corpus: 100_000, fields: { 'cbf-method': 'md5-slices' }, click: ['cbf-preset-p5'], section: 'cbf-del-table' },
        live: (d) => {
          const c = cbfAt(d, C.p5.cbfPresets.p5);
          const x = c?.deletion;
          const imp = x?.rows.find((r) => r.structure === 'imp-cb');
          if (!imp) return null;
          return [int(x.n), int(c.counters.bytes), fixed(c.counters.bytes / x.n, 1), int(imp.bytes), fixed(imp.bytes / x.n, 1)];
        },
      },
    ],
  },
];

/** A text field being typed in: the keys move its caret (or its number), not the lesson. */
function typing(target) {
  if (!(target instanceof Element)) return false;
  if (target.closest('textarea, [contenteditable]:not([contenteditable="false"])')) return true;
  const input = target.closest('input');
  return Boolean(input) && !['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit'].includes(input.type);
}

/** A control the arrow keys move within (the lesson's own select is not one while a lesson is open). */
function arrowsTaken(target) {
  if (!(target instanceof Element)) return false;
  if (target.closest('input[type="radio"], input[type="range"], [role="toolbar"], [role="radiogroup"], [role="tablist"], [role="slider"], [role="listbox"], [role="menu"]')) return true;
  const select = target.closest('select');
  if (select) return select.id !== 'lesson-pick';
  // A region scrolled sideways by the arrow keys (P4's drawn lists, the wide tables).
  return !target.closest('#lesson') && target.scrollWidth > target.clientWidth + 1 && getComputedStyle(target).overflowX !== 'visible';
}

function percent(part, whole) {
  return whole ? `${fixed((100 * part) / whole, 1)} %` : '—';
}

/**
 * The lesson panel. `app` gives: apply(setup) → Promise (sets the view up), bring(id) (scrolls
 * to an element and holds it there), data() → what the page shows now, onChange(callback)
 * (called whenever a view changes), saveStep() (for the link), and for the self-check
 * (quiz.js): quiz(lesson, index), names(), generation(), link(), saveQuestion(index). A step's `section` names
 * the exact card, chart, table or control it talks about; it is brought into view and outlined.
 * A card that its view makes only when drawn names that view too (`view`), brought until it is.
 */
export function setupLessons(app) {
  // `steps`: the step each lesson was last on (a lesson closed and opened again resumes there);
  // `last`: the lesson last open (the Lessons button reopens it); `wanted`: the step to set up
  // next, `settling`: the setting up under way (see settle).
  const state = { lesson: null, step: 0, applied: null, scrollTimer: null, steps: {}, last: null, wanted: null, settling: null };

  function lessonText(id) {
    return S.lessons[id];
  }

  const quiz = setupQuiz({
    ask: app.quiz,
    names: app.names,
    generation: app.generation,
    link: app.link,
    saveQuestion: app.saveQuestion,
    lessonTitle: (id) => lessonText(id).title,
  });

  function buildPicker() {
    const pick = $('lesson-pick');
    pick.replaceChildren(
      ...LESSONS.map((l) => {
        const o = document.createElement('option');
        o.value = l.id;
        o.textContent = lessonText(l.id).title;
        o.selected = state.lesson?.id === l.id;
        return o;
      }),
    );
  }

  function render() {
    const lesson = state.lesson;
    if (!lesson) return;
    const text = lessonText(lesson.id);
    const words = text.steps[state.step];
    $('lesson-progress').textContent = S.lesson.progress(state.step + 1, lesson.steps.length);
    $('lesson-title').textContent = words.title;
    $('lesson-claim').textContent = words.claim;
    $('lesson-explain').textContent = words.explain;
    const last = state.step === lesson.steps.length - 1;
    $('lesson-question').hidden = !last;
    if (last) {
      $('lesson-q').textContent = text.question;
      $('lesson-a').textContent = text.answer;
    } else quiz.hide();
    button('lesson-prev').disabled = state.step === 0;
    button('lesson-next').disabled = last;
    const panel = $('lesson');
    panel.dataset.lesson = lesson.id;
    panel.dataset.step = String(state.step);
    showLive();
  }

  /** The step's live sentence, once the view it reads is ready. */
  function showLive() {
    const lesson = state.lesson;
    if (!lesson) return;
    const step = lesson.steps[state.step];
    let values;
    try {
      values = step.live(app.data());
    } catch {
      values = null;
    }
    const live = $('lesson-live');
    // The live sentence names the lesson's data: on other data (kept by the reader) it is not said.
    const wanted = step.setup.corpus;
    const source = app.data().source;
    const other = Boolean(wanted) && !(source?.kind === 'corpus' && source.n === wanted);
    const ready = !other && Boolean(values) && state.applied === `${lesson.id}:${state.step}`;
    live.textContent = other ? S.lesson.otherData(int(wanted)) : ready ? lessonText(lesson.id).steps[state.step].live(...values) : S.lesson.measuring;
    live.dataset.other = other ? '1' : '0';
    $('lesson').dataset.ready = ready ? '1' : '0';
  }

  /**
   * Scrolls to section `id` of step `key` once it is drawn: a view's results stay hidden until
   * its first run, so a step opened early found nothing to scroll to. Gives up after a minute or
   * when the step changes.
   */
  function scrollWhenDrawn(key, id) {
    clearTimeout(state.scrollTimer);
    const tick = (left) => {
      if (left <= 0 || !state.lesson || `${state.lesson.id}:${state.step}` !== key) return;
      // A card its view makes when drawn (P1's "Why?") may not exist yet: it is waited for too.
      if ($(id)?.getClientRects().length) point(app.bring(id));
      else state.scrollTimer = setTimeout(() => tick(left - 1), 250);
    };
    tick(240);
  }

  /** Outlines the element the step talks about (and no other). */
  function point(el) {
    for (const old of document.querySelectorAll('.lesson-target')) if (old !== el) old.classList.remove('lesson-target');
    el?.classList.add('lesson-target');
  }

  async function go(id, step, question) {
    const lesson = LESSONS.find((l) => l.id === id) ?? LESSONS[0];
    if (question !== undefined) quiz.setIndex(lesson.id, question);
    state.lesson = lesson;
    state.step = Math.max(0, Math.min(step, lesson.steps.length - 1));
    state.steps[lesson.id] = state.step;
    state.last = lesson.id;
    state.applied = null;
    $('lesson').hidden = false;
    details('lesson-answer').open = false;
    document.body.classList.add('with-lesson');
    buildPicker();
    render();
    app.saveStep({ id: lesson.id, step: state.step });
    showText($('lesson-error'), '');
    // One step is set up at a time, and only the last one asked for: keys pressed in a row (or
    // a lesson picked while another loads its corpus) must not start loads that race each other.
    state.wanted = { lesson, index: state.step };
    state.settling ??= settle();
    return state.settling;
  }

  /** Sets up the step last asked for (go), then any asked for meanwhile, until none is left. */
  async function settle() {
    try {
      while (state.wanted) {
        const { lesson, index } = state.wanted;
        state.wanted = null;
        const key = `${lesson.id}:${index}`;
        const { setup } = lesson.steps[index];
        // Only if the reader is still on this step (a step left early must not pull the page).
        const here = () => !state.wanted && state.lesson === lesson && state.step === index;
        try {
          await app.apply(setup);
          if (!here()) continue;
          state.applied = key;
          // The self-check asks on the input the step set up, once it is loaded.
          if (index === lesson.steps.length - 1) quiz.show(lesson.id);
          // Its view brought to the front (which computes it), then what it talks about outlined,
          // at once or once the view has drawn it.
          if (setup.section) {
            const el = app.bring(setup.section);
            if (el?.getClientRects().length) point(el);
            else {
              // A card not made yet: its view is brought instead, which draws it.
              if (!el) app.bring(setup.view);
              scrollWhenDrawn(key, setup.section);
            }
          }
        } catch (e) {
          if (here()) showText($('lesson-error'), S.errorPrefix + wordError(e));
        }
        showLive();
      }
    } finally {
      state.settling = null;
    }
  }

  function close() {
    point(null);
    state.lesson = null;
    // The offer to go back to the data a lesson swapped (the reader answered "load") sits in the
    // lesson panel and is dismissed with it; the input panel loads that data again.
    $('data-undo').hidden = true;
    $('lesson').hidden = true;
    document.body.classList.remove('with-lesson');
    app.saveStep(null);
  }

  // The answer opened: the panel grows (to 3/4 of the window) and shows the question and its
  // answer together, without moving the page behind it.
  $('lesson-answer').addEventListener('toggle', () => {
    const open = details('lesson-answer').open;
    $('lesson').classList.toggle('answering', open);
    if (open) $('lesson').scrollTop = $('lesson-question').offsetTop - 8;
  });
  $('lesson-open').addEventListener('click', () => {
    const id = state.lesson?.id ?? state.last ?? LESSONS[0].id;
    go(id, state.lesson ? state.step : state.steps[id] ?? 0);
  });
  // A lesson picked again resumes at the step it was left on.
  const pick = /** @type {HTMLSelectElement} */ ($('lesson-pick'));
  pick.addEventListener('change', () => go(pick.value, state.steps[pick.value] ?? 0));
  $('lesson-prev').addEventListener('click', () => go(state.lesson.id, state.step - 1));
  $('lesson-next').addEventListener('click', () => go(state.lesson.id, state.step + 1));
  $('lesson-close').addEventListener('click', close);
  // As in a slide show: PageDown or ArrowRight steps forward through an open lesson, PageUp or
  // ArrowLeft back, Esc closes it, wherever the focus is, the lesson's own select included (its
  // PageDown and arrows would switch the lesson; ArrowUp and ArrowDown still do). Listened to in
  // the capture phase, so that no control takes the keys first. The keys are left alone where
  // they have a meaning of their own: in a text field (the caret; Esc there still closes) and,
  // for the arrows, on a control they move within (radio buttons, another select, a slider, a
  // toolbar, a region that scrolls sideways).
  document.addEventListener(
    'keydown',
    (e) => {
      if (!state.lesson || $('lesson').hidden || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.isComposing) return;
      // A modal question in front (the lesson's data) has the keys: Esc answers it, not the lesson.
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      const forward = e.key === 'PageDown' || e.key === 'ArrowRight';
      const back = e.key === 'PageUp' || e.key === 'ArrowLeft';
      if ((!forward && !back) || typing(e.target) || (e.key.startsWith('Arrow') && arrowsTaken(e.target))) return;
      // At either end the key does nothing (rather than scroll the page or switch the lesson).
      e.preventDefault();
      e.stopPropagation();
      if (forward && !button('lesson-next').disabled) go(state.lesson.id, state.step + 1);
      if (back && !button('lesson-prev').disabled) go(state.lesson.id, state.step - 1);
    },
    true,
  );
  app.onChange(() => {
    showLive();
    quiz.retry();
  });

  return {
    open: go,
    /** Draws the panel again in the language now chosen. */
    relabel() {
      if (!state.lesson) return;
      buildPicker();
      render();
      quiz.relabel();
    },
    /** The self-check question the open lesson is on (for the link). */
    question: () => (state.lesson ? quiz.index(state.lesson.id) : 0),
  };
}
