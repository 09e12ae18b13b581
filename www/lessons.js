// Guided lessons, one per paper: each step sets the view up (input, functions, M, key, crawl
// nodes, filter parameters, the section to look at), states what the paper claims with its
// printed number, shows what the lab measures live, and explains the difference; the last step
// asks a question whose answer is behind a click. The words are in strings.js / strings-zh.js
// (S.lesson, S.lessons); what each step sets up and which live number it reads is here. Nothing
// is computed here: the live numbers are read from the reports the page already shows.
import { S } from './strings.js';
import { int, fixed, small } from './format.js';
import { showText } from './dom.js';

const $ = (id) => document.getElementById(id);

/** The measures row of function `fn` at the M on screen, if that is `m`. */
function measure(d, fn, m) {
  if (d.m !== m) return null;
  return d.measures?.[fn] ?? null;
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
 * p1, partition, trie, bloom, cbf, fp, input }.
 */
export const LESSONS = [
  {
    id: 'p1',
    steps: [
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 12, section: 'view-panel' },
        live: (d) => {
          const [e, i, h] = ['elfhash', 'hfip', 'hf'].map((fn) => measure(d, fn, 12));
          if (!e || !i || !h) return null;
          return [fixed(e.b, 3), fixed(i.b, 3), fixed(h.b, 3), int(h.empty_slots)];
        },
      },
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 8, section: 'view-panel' },
        live: (d) => {
          const h = measure(d, 'hf', 8);
          const b12 = d.p1?.hf_multiple_of_3?.b_by_m?.find(([m]) => m === 12)?.[1];
          if (!h || b12 === undefined) return null;
          return [fixed(h.b, 3), fixed(b12, 3), fixed(d.p1.hf_multiple_of_3.share_multiple_of_3 * 100, 1)];
        },
      },
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 12, section: 'why' },
        live: (d) => {
          const mp = d.p1?.misprint;
          if (!mp) return null;
          return [fixed(mp.printed, 2), fixed(mp.formula, 2), int(mp.n), int(mp.m)];
        },
      },
      {
        setup: { corpus: 100_000, fns: ['elfhash', 'hfip', 'hf'], key: 'url', m: 8, section: 'why' },
        live: (d) => {
          const c = d.p1?.elf_clumps;
          if (!c) return null;
          return [fixed(c.low_nibble_is_last_byte * 100, 1), fixed(c.b_m8, 3), fixed(c.b_m8_predicted, 3)];
        },
      },
    ],
  },
  {
    id: 'p2',
    steps: [
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'p2-printed', section: 'partition' },
        live: (d) => {
          const p = policy(d, 'p2-printed');
          if (!p) return null;
          return [fixed(d.partition.printed.b, 4), fixed(p.b, 4), percent(p.zero_hash_urls, d.partition.simulation.urls)];
        },
      },
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'p2-repaired', section: 'partition' },
        live: (d) => {
          const p = policy(d, 'p2-repaired');
          const x = policy(d, 'p2-xor');
          if (!p || !x) return null;
          return [fixed(p.b, 4), small(p.p_value), fixed(x.b, 4)];
        },
      },
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'host:xxh3', section: 'partition' },
        live: (d) => {
          const p = policy(d, 'host:xxh3');
          const top = p?.top_sites?.[0];
          if (!p || !top) return null;
          return [fixed(p.b, 4), top.host ?? top.site ?? '', int(top.urls), percent(top.urls, d.partition.simulation.urls)];
        },
      },
      {
        setup: { corpus: 246_951, nodes: 7, policy: 'p2-printed', section: 'partition' },
        live: (d) => {
          const t = d.partition?.simulation.site_tables.find((x) => x.reading === 'site-folded');
          if (!t) return null;
          return [int(t.sites), int(t.occupied), int(t.collisions), small(t.expected_collisions)];
        },
      },
    ],
  },
];

function percent(part, whole) {
  return whole ? `${fixed((100 * part) / whole, 1)} %` : '—';
}

/**
 * The lesson panel. `app` gives: apply(setup) → Promise (sets the view up), data() → what the
 * page shows now, onChange(callback) (called whenever a view changes), saveStep() (for the link).
 */
export function setupLessons(app) {
  const state = { lesson: null, step: 0, applied: null };

  function lessonText(id) {
    return S.lessons[id];
  }

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
    const step = lesson.steps[state.step];
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
    }
    $('lesson-prev').disabled = state.step === 0;
    $('lesson-next').disabled = last;
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
    let values = null;
    try {
      values = step.live(app.data());
    } catch {
      values = null;
    }
    const live = $('lesson-live');
    const ready = Boolean(values) && state.applied === `${lesson.id}:${state.step}`;
    live.textContent = ready ? lessonText(lesson.id).steps[state.step].live(...values) : S.lesson.measuring;
    $('lesson').dataset.ready = ready ? '1' : '0';
  }

  async function go(id, step) {
    const lesson = LESSONS.find((l) => l.id === id) ?? LESSONS[0];
    state.lesson = lesson;
    state.step = Math.max(0, Math.min(step, lesson.steps.length - 1));
    state.applied = null;
    $('lesson').hidden = false;
    $('lesson-answer').open = false;
    document.body.classList.add('with-lesson');
    buildPicker();
    render();
    app.saveStep({ id: lesson.id, step: state.step });
    const key = `${lesson.id}:${state.step}`;
    try {
      showText($('lesson-error'), '');
      await app.apply(lesson.steps[state.step].setup);
      if (state.lesson === lesson) state.applied = key;
    } catch (e) {
      showText($('lesson-error'), S.errorPrefix + (e?.message ?? String(e)));
    }
    showLive();
  }

  function close() {
    state.lesson = null;
    $('lesson').hidden = true;
    document.body.classList.remove('with-lesson');
    app.saveStep(null);
  }

  $('lesson-open').addEventListener('click', () => go(state.lesson?.id ?? LESSONS[0].id, state.lesson ? state.step : 0));
  $('lesson-pick').addEventListener('change', () => go($('lesson-pick').value, 0));
  $('lesson-prev').addEventListener('click', () => go(state.lesson.id, state.step - 1));
  $('lesson-next').addEventListener('click', () => go(state.lesson.id, state.step + 1));
  $('lesson-close').addEventListener('click', close);
  app.onChange(showLive);

  return {
    open: go,
    /** Draws the panel again in the language now chosen. */
    relabel() {
      if (!state.lesson) return;
      buildPicker();
      render();
    },
  };
}
