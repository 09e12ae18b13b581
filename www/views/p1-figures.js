// P1's figures 1–3 (a sweep each, in the worker) and the "Why?" cards of P1's report, computed
// after every load, one worker job at a time; the figures' M choices.
import { S } from '../strings.js';
import { int, percent, bytes as fmtBytes } from '../format.js';
import { C } from '../constants.js';
import { $, el, say, showText } from '../dom.js';
import { renderWhy } from './why.js';
import * as fig1Chart from '../charts/fig1.js';
import * as fig2Chart from '../charts/fig2.js';
import * as fig3Chart from '../charts/fig3.js';
import { JOB } from '../protocol.js';

/** About this many points per figure curve. */
const FIGURE_POINTS = 40;

/**
 * The sweep's step for `n` URLs.
 * @param {number} n
 */
function stepFor(n) {
  return Math.max(1, Math.floor(n / FIGURE_POINTS));
}

/**
 * A figure's M choice: a segmented button per value, `current` pressed.
 * @param {string} boxId
 * @param {number[]} values
 * @param {number} current
 * @param {(m: number) => void} onPick
 */
function buildSegments(boxId, values, current, onPick) {
  const box = $(boxId);
  box.replaceChildren(
    el('span', { cls: 'seg-label', text: S.figM }),
    ...values.map((m) => {
      const b = el('button', { cls: 'seg', text: int(m), attrs: { type: 'button' } });
      b.dataset.m = String(m);
      b.addEventListener('click', () => {
        for (const x of box.querySelectorAll('button')) {
          x.classList.toggle('on', x === b);
          x.setAttribute('aria-pressed', x === b ? 'true' : 'false');
        }
        onPick(m);
      });
      b.classList.toggle('on', m === current);
      b.setAttribute('aria-pressed', m === current ? 'true' : 'false');
      return b;
    }),
  );
}

/**
 * Offers `runFigures`, `clear`, `p1` (P1's last report), `relabel` and `wire` (the M choices).
 * @param {import('./context.js').Ctx} ctx
 */
export function setupP1Figures(ctx) {
  const state = ctx.state;
  /** The figures' points, by figure, of the input on screen. */
  let figures = { 1: null, 2: null, 3: null };
  /** P1's report on the input on screen, or null. */
  let p1 = null;
  let fig1M = C.p1.fig1Slots[0];
  let fig2M = C.p1.m;

  function printedFor() {
    if (!p1) return null;
    return { m: p1.table_m, columns: p1.table };
  }

  function drawFig1() {
    if (!figures[1]) return;
    fig1Chart.render($('fig1-chart'), {
      points: figures[1],
      m: fig1M,
      functions: C.p1.functions,
      names: state.names,
      printed: printedFor(),
      offchart: $('fig1-offchart'),
    });
  }

  function drawFig2() {
    if (!figures[2]) return;
    fig2Chart.render($('fig2-chart'), { points: figures[2], m: fig2M, functions: C.p1.functions, names: state.names });
  }

  function drawFig3() {
    if (!figures[3]) return;
    fig3Chart.render($('fig3-chart'), { points: figures[3] });
  }

  /** A new input: the last one's figures and report are gone. */
  function clear() {
    figures = { 1: null, 2: null, 3: null };
    p1 = null;
  }

  /**
   * After a load: P1's figures, then the "Why?" cards, one worker job at a time.
   * @param {number} generation
   */
  async function runFigures(generation, whyFirst = false) {
    state.partition.figuresGen = generation;
    try {
      await runFigureJobs(generation, whyFirst);
    } finally {
      if (state.partition.figuresGen === generation) state.partition.figuresGen = 0;
    }
  }

  /** @param {number} n the URLs of the input on screen */
  function sayNotes(n) {
    say($('figures-note'), () => S.figuresNote(int(stepFor(n))));
    say($('fig3-note'), () => S.fig3Note(int(Math.min(n, C.p1.fig3Sample)), int(n), n <= C.p1.fig3Sample));
  }

  /**
   * The three figures, then P1's report (the Why? view's), or the report first when Why? is
   * the view in front.
   * @param {number} generation
   * @param {boolean} whyFirst
   */
  async function runFigureJobs(generation, whyFirst) {
    const n = state.input.report.urls;
    const step = stepFor(n);
    const current = () => generation === state.generation;
    sayNotes(n);
    say($('why-status'), () => S.whyPending);
    $('why').dataset.gen = '';
    for (const fig of [1, 2, 3]) $(`fig${fig}`).dataset.gen = '';
    /** @type {[number, number, () => void][]} */
    const tasks = [
      [2, step, drawFig2],
      [3, stepFor(Math.min(n, C.p1.fig3Sample)), drawFig3],
      [1, step, drawFig1],
    ];
    const status = $('figures-status');
    if (whyFirst) await runReport(generation);
    for (const [fig, figStep, draw] of tasks) {
      if (!current()) return;
      const errorBox = $(`fig${fig}-error`);
      try {
        const t0 = performance.now();
        say(status, () => S.figProgress(fig, percent(0, 0)));
        const { report: { points } } = await ctx.lab.runJob(JOB.sweep, { fig, step: figStep }, (share) => {
          if (current()) say(status, () => S.figProgress(fig, percent(share, 0)));
        });
        performance.measure(`uhl:fig${fig}`, { start: t0, end: performance.now() });
        if (!current()) return;
        figures[fig] = points;
        showText(errorBox, '');
        draw();
        $(`fig${fig}`).dataset.gen = String(generation);
      } catch (e) {
        if (!current()) return;
        ctx.reportError(errorBox, e);
      }
    }
    status.textContent = '';
    if (!whyFirst) await runReport(generation);
  }

  /**
   * P1's report (the Why? view's cards), on load `generation`.
   * @param {number} generation
   */
  async function runReport(generation) {
    const current = () => generation === state.generation;
    if (!current()) return;
    try {
      const t0 = performance.now();
      const { report } = await ctx.lab.runJob(JOB.p1, {}, (share) => {
        if (current()) say($('why-status'), () => S.whyProgress(percent(share, 0)));
      });
      performance.measure('uhl:p1', { start: t0, end: performance.now() });
      if (!current()) return;
      p1 = report;
      $('why-status').textContent = '';
      showText($('why-error'), '');
      renderWhy($('why-cards'), report);
      showP1Prefix(report.prefix);
      ctx.lessonChanged();
      drawFig1();
      $('why').dataset.gen = String(generation);
    } catch (e) {
      if (!current()) return;
      $('why-status').textContent = '';
      ctx.reportError($('why-error'), e);
    }
  }

  /**
   * Says when P1's report measured the first lines only.
   * @param {any} prefix
   */
  function showP1Prefix(prefix) {
    showText($('why-prefix'), prefix?.capped ? S.onPrefix(int(prefix.lines), int(prefix.loaded), fmtBytes(prefix.keep_budget)) : '');
  }

  /** The notes (with an input), the figures and the cards again, in the language now chosen. */
  function relabel() {
    if (state.input) sayNotes(state.input.report.urls);
    drawFig1();
    drawFig2();
    drawFig3();
    if (p1) {
      renderWhy($('why-cards'), p1);
      showP1Prefix(p1.prefix);
    }
  }

  /** The figures' M choices. */
  function wire() {
    buildSegments('fig1-m', C.p1.fig1Slots, fig1M, (m) => {
      fig1M = m;
      drawFig1();
    });
    buildSegments('fig2-m', C.p1.fig2Slots, fig2M, (m) => {
      fig2M = m;
      drawFig2();
    });
  }

  return { runFigures, clear, p1: () => p1, relabel, wire };
}
