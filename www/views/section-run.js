// One section's long study, run the way every view runs its own. A newer run supersedes an older
// one and a new input supersedes both (a ticket and the load's generation); the report on screen
// is marked stale while its successor computes; a progress bar and a status line follow the
// worker; the section's `data-gen` says which load it shows (what the tests wait for) and is
// empty while a run is under way; an error is worded in the section's error box. The views keep
// their parameters, their drawing and their strings.
import { say, showText } from '../dom.js';

/**
 * The runs of one section.
 *
 * `ctx` gives `generation()` (the load on screen) and `reportError(box, error)`. `parts`:
 * `section` (carries `data-gen`), `error` (the error box), `status` (the status line), `bar`
 * (a `<progress>`, optional), `body` (shown once a report is drawn, optional), `early` (a part
 * drawn before the report, outside `body`: marked stale with it, optional), `stale(flag)` (marks
 * the report on screen; by default `body` and `early` while shown) and `measure` (the name of
 * the `performance.measure` a finished run leaves, optional).
 */
export function sectionRuns(ctx, { section, error, status, bar = null, body = null, early = null, stale = null, measure = null }) {
  const markStale =
    stale ??
    ((flag) => {
      for (const part of [body, early]) part?.classList.toggle('stale', flag && !part.hidden);
    });
  let ticket = 0;
  const runs = {
    /** The load whose run was last begun. */
    askedGen: 0,

    /** A new input is on screen: the report shown waits for its successor, with `words`. */
    waiting(words) {
      section.dataset.gen = '';
      markStale(true);
      say(status, words);
      if (bar) bar.hidden = true;
      showText(error, '');
    },

    /**
     * Shows `early` drawn for load `generation` before the report (a first picture): no longer
     * stale, and its `canvas` marked with the load it shows (`data-drawn`).
     * @param {HTMLCanvasElement} canvas
     * @param {number} generation
     */
    drewEarly(canvas, generation) {
      canvas.dataset.drawn = String(generation);
      if (!early) return;
      early.hidden = false;
      early.classList.remove('stale');
    },

    /**
     * Begins a run of the load on screen, saying `words` (a function, as `say` takes). Returns
     * the run: `current()` (not superseded), `progress(wordsOf)` (a progress callback for
     * `runJob` that moves the bar and words the status with `wordsOf(share)` while current),
     * `seconds()`, `done(words, data)` and `failed(error)`.
     */
    begin(words) {
      const generation = ctx.generation();
      const mine = ++ticket;
      runs.askedGen = generation;
      const current = () => mine === ticket && generation === ctx.generation();
      section.dataset.gen = '';
      showText(error, '');
      markStale(true);
      if (bar) {
        bar.value = 0;
        bar.hidden = false;
      }
      if (words) say(status, words);
      const t0 = performance.now();
      return {
        generation,
        current,
        seconds: () => (performance.now() - t0) / 1000,
        progress: (wordsOf) => (share) => {
          if (!current()) return;
          if (bar) bar.value = share;
          say(status, () => wordsOf(share));
        },
        /** The report is drawn: the status says `words`, the section shows load `generation`
         * and carries `data` (the parameters it was measured with). */
        done(doneWords, data = {}) {
          if (measure) performance.measure(measure, { start: t0, end: performance.now() });
          if (bar) bar.hidden = true;
          say(status, doneWords);
          if (body) body.hidden = false;
          markStale(false);
          Object.assign(section.dataset, data, { gen: String(generation) });
        },
        /** Words `e` in the error box, unless a newer run or input superseded this one. */
        failed(e) {
          if (!current()) return;
          if (bar) bar.hidden = true;
          status.textContent = '';
          ctx.reportError(error, e);
        },
      };
    },
  };
  return runs;
}
