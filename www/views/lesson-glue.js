// What the lessons (lessons.js) see of the page and do to it: the data for a step's live
// sentence, the watchers told when a view changed, and a step's set-up applied to the page.
import { $ } from '../dom.js';

/**
 * Offers `lessonChanged`, `lessonData`, `onChange` and `applyLessonSetup`.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupLessonGlue(ctx) {
  const state = ctx.state;
  /** @type {(() => void)[]} */
  const lessonWatchers = [];

  /** A view changed: the lesson's live sentence may be ready. */
  function lessonChanged() {
    for (const w of lessonWatchers) w();
  }

  /**
   * Watches the views for the lesson panel.
   * @param {() => void} f
   */
  function onChange(f) {
    lessonWatchers.push(f);
  }

  /** What the page shows, for a lesson step's live sentence. */
  function lessonData() {
    const current = Object.fromEntries(
      Object.entries(state.published)
        .filter(([, v]) => v.gen === state.generation || v.gen === null)
        .map(([k, v]) => [k, v.data]),
    );
    // Numbers of an older load are never handed on under the newer load's name.
    const shown = state.shown?.gen === state.generation ? state.shown : {};
    const src = state.lastSource;
    return {
      ...shown,
      source: src ? { kind: src.kind, n: src.n ?? null } : null,
      p1: ctx.p1(),
      partition: state.partition.gen === state.generation ? state.partition.report : null,
      input: state.input?.report,
      ...current,
    };
  }

  /**
   * Sets the page up as a lesson step asks; resolves once the results view is redrawn.
   * @param {any} setup
   */
  async function applyLessonSetup(setup) {
    const src = state.lastSource;
    if (setup.corpus && !(src?.kind === 'corpus' && src.n === setup.corpus) && state.keptForLessons !== src) {
      // Data the reader chose is swapped only if they say so; the page's or a lesson's is
      // swapped at once. Either way the swap can be undone.
      const keep = src?.by === 'user' && (await ctx.askData(setup.corpus, src)) === 'keep';
      if (keep) state.keptForLessons = src;
      else {
        $('corpus-n').value = String(setup.corpus);
        await ctx.load({ kind: 'corpus', n: setup.corpus, by: 'lesson' });
        if (state.lastSource !== src) ctx.offerUndo(src);
      }
      ctx.showLessonData();
    }
    if (setup.fns) {
      state.selected = new Set(setup.fns);
      ctx.buildFunctionList();
    }
    if (setup.key && setup.key !== state.key) {
      state.key = setup.key;
      ctx.checkKey(setup.key);
      ctx.showDataBadge();
    }
    if (setup.policy && setup.policy !== state.partition.policy) {
      state.partition.policy = setup.policy;
      $('part-policy').value = setup.policy;
      ctx.drawPartition();
    }
    if (setup.nodes && setup.nodes !== state.partition.nodes) {
      $('part-nodes').value = String(setup.nodes);
      ctx.applyNodes();
    }
    for (const [id, value] of Object.entries(setup.fields ?? {})) {
      const field = $(id);
      if (!field || field.value === String(value)) continue;
      field.value = String(value);
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const id of setup.click ?? []) $(id)?.click();
    if (setup.m && setup.m !== state.m) ctx.setSlots(setup.m);
    // Kept data too big to keep shows only what its load hashed.
    if (state.input) ctx.settleChoices();
    await ctx.requestView();
  }

  return { lessonChanged, lessonData, onChange, applyLessonSetup };
}
