// The de-duplication views: P4's trie, P4's Bloom filters, P5's counting filters (and P5's own
// view), P3's fingerprints and the slot map; and, beyond the papers, crawl nodes joining and
// leaving, the filters crawlers use today, and which URLs are one page (all three run in the
// page's second WebAssembly module). Each calls the worker through the Lab client of
// the moment and publishes its last report for the lessons.
import { setupTrie } from './trie-view.js';
import { setupBloom } from './bloom-view.js';
import { setupCbf } from './cbf-view.js';
import { setupSlotmap } from './slotmap-view.js';
import { setupFingerprint } from './fingerprint-view.js';
import { setupRebalance } from './rebalance-view.js';
import { setupFilters } from './filters-view.js';
import { setupCanon } from './canon-view.js';
import { setupQuality } from './quality-view.js';
import { LabClient } from '../lab-client.js';
import { MSG } from '../protocol.js';
import { C } from '../constants.js';

/** The slot map draws at most this many functions (8 MiB an image at M = 2^21). */
const SLOTMAP_IMAGES = 6;

/**
 * Builds the views into `ctx.dedupViews`; each one's `start` draws what it shows without input
 * (asked for once: by `runFront` when the view is in front, and for the others once the view in
 * front is done; or by the returned function when no input came).
 * @param {import('./context.js').Ctx} ctx
 * @returns {() => void}
 */
export function setupDedup(ctx) {
  const state = ctx.state;
  /**
   * Puts `text` in the paste box and loads it (P3's example list).
   * @param {string} text
   */
  function loadText(text) {
    ctx.setPasted(text);
    return ctx.load({ kind: 'paste', bytes: new TextEncoder().encode(text), by: 'user' });
  }
  const views = {
    call: (type, args, transfer, onProgress) => ctx.lab.call(type, args, transfer, onProgress),
    /** Study `kind` of the core with `params`, run in the worker's sliced loop. */
    runJob: (kind, params, onProgress) => ctx.lab.runJob(kind, params, onProgress),
    /**
     * A worker of its own that times the trie study's structures while the page's worker runs
     * the study, on the distinct URLs of the first `maxLines` lines the study builds them from:
     * the built-in corpus's it makes itself (so the page's worker starts its study at once),
     * any other input's the page's worker hands over (`trieUrls`). It answers `time(unit)` as
     * the page's worker answers `trieTime` after the study. `ready` resolves to how many URLs
     * it holds and P4's Table 1 count, or null when it could not take them; `stop()` ends it
     * (and fails what it was asked).
     * @param {number} maxLines
     */
    timeStructures: (maxLines) => {
      const helper = new LabClient(() => {}, () => {}, { helper: true });
      const source = state.lastSource;
      /** @type {Promise<import('../protocol.js').Requests['trieTimeUrls']>} */
      const asked =
        source?.kind === 'corpus'
          ? ctx.lab.call(MSG.module).then(({ module }) => ({
              module,
              urls: null,
              corpus: { seed: C.corpus.seed, count: Math.min(source.n, maxLines), maxLines },
            }))
          : ctx.lab.call(MSG.trieUrls, { maxLines }).then(({ urls, module }) => ({ module, urls, corpus: null }));
      const ready = asked
        .then((args) => helper.call(MSG.trieTimeUrls, args, args.urls ? [args.urls.buffer] : []))
        .catch(() => null);
      return {
        ready,
        time: (/** @type {import('../protocol.js').Requests['trieTime']} */ unit) => helper.call(MSG.trieTime, unit),
        stop: () => helper.terminate(),
      };
    },
    reportError: ctx.reportError,
    input: () => state.input,
    generation: () => state.generation,
    structures: () => state.structures,
    methods: () => state.methods,
    loadText,
    key: () => state.key,
    /** The functions the slot map draws: P1's three and the selected ones, at most six images. */
    functions: () => ctx.functionsToHash().slice(0, SLOTMAP_IMAGES),
    functionInfo: (id) => state.functions.find((f) => f.id === id),
    /** Function id → its name in the language shown. */
    names: () => state.names,
    /** A view's last report, for the lessons. */
    publish: (name, data, { needsInput = true } = {}) => {
      state.published[name] = { data, gen: needsInput ? state.generation : null };
      ctx.lessonChanged();
    },
  };
  /** `f`, run at most once. */
  const once = (/** @type {() => void} */ f) => {
    let done = false;
    return () => {
      if (!done) (done = true), f();
    };
  };
  const trie = setupTrie(views);
  const fingerprint = setupFingerprint(views);
  // Each with the section it draws in: it runs when that view is in front (loader's runFront).
  ctx.dedupViews = [
    { section: 'trie', ...trie, start: once(trie.start) },
    { section: 'bloom', ...setupBloom(views) },
    { section: 'cbf', ...setupCbf(views) },
    { section: 'fp', ...fingerprint, start: once(fingerprint.start) },
    { section: 'slotmap', ...setupSlotmap(views) },
    { section: 'rebalance', ...setupRebalance(views) },
    { section: 'filters', ...setupFilters(views) },
    { section: 'canon', ...setupCanon(views) },
    { section: 'quality', ...setupQuality(views) },
  ];
  return () => {
    for (const v of ctx.dedupViews) v.start?.();
  };
}
