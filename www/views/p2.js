// P2's crawler partition: every policy simulated on the input on screen with the crawl nodes in
// the field (after P1's figures), the policy and the site reading chosen, the report drawn.
import { S } from '../strings.js';
import { int, fixed, percent } from '../format.js';
import { parseNodes } from '../slots.js';
import { C, bound } from '../constants.js';
import { $, showText } from '../dom.js';
import { buildPolicySelect, renderPartition, renderNodesSoFar } from './partition.js';
import { sectionRuns } from './section-run.js';
import { JOB } from '../protocol.js';

/** Typing in the crawl-nodes field re-runs the simulation after this pause. */
const NODES_DEBOUNCE_MS = 400;

/**
 * Offers `partitionRuns`, `runPartition`, `drawPartition`, `applyNodes`, `relabel` and `wire`.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupP2(ctx) {
  const state = ctx.state;
  const part = state.partition;

  /** The partition's runs: the report on screen stays, marked stale, until its successor is drawn. */
  const partitionRuns = sectionRuns(
    { generation: () => state.generation, reportError: (where, e) => ctx.reportError(where, e) },
    {
      section: $('partition'),
      error: $('part-error'),
      status: $('part-status'),
      bar: $('part-progress'),
      stale: (flag) => {
        $('part-body').classList.toggle('stale', flag && Boolean(part.report));
        $('part-nodes-box').classList.toggle('stale', flag && !$('part-nodes-box').hidden);
      },
      early: $('part-nodes-box'),
      measure: 'uhl:partition',
    },
  );

  function drawPartition() {
    const { report, policy, reading } = part;
    if (!report) return;
    $('part-nodes-box').hidden = false;
    const shown = renderPartition(report, { policy, reading, names: state.names });
    $('part-body').hidden = false;
    const section = $('partition');
    section.dataset.policy = shown;
    section.dataset.reading = $('part-reading').value;
    ctx.updateLink();
    ctx.lessonChanged();
  }

  /**
   * Simulates every policy on the input on screen with the crawl nodes in the field. The worker
   * runs it when the Lab's job slot is free (after the P1 figure it is computing, if any); a
   * newer request supersedes it.
   */
  async function runPartition() {
    if (!state.input) return;
    const nodes = part.nodes;
    // The lines it reads: all of them, or the first ones the page kept.
    const { report: input } = state.input;
    const urls = int(input.urls_kept ? input.urls : Math.min(input.urls, input.lines_kept));
    const queued = part.figuresGen === state.generation;
    const run = partitionRuns.begin(() => (queued ? S.partQueued : S.partProgress(int(nodes), urls, percent(0, 0))));
    try {
      const progress = run.progress((share) => S.partProgress(int(nodes), urls, percent(share, 0)));
      const { report } = await ctx.lab.runJob(JOB.partition, { nodes }, (share, partial) => {
        progress(share);
        // The nodes' counts so far: the chart fills in while the simulation reads on.
        if (partial && run.current() && renderNodesSoFar(partial, { policy: part.policy, total: urls })) {
          partitionRuns.drewEarly(/** @type {HTMLCanvasElement} */ ($('part-nodes-chart')), run.generation);
        }
      });
      if (!run.current()) return;
      const ms = run.seconds() * 1000;
      part.report = report;
      part.gen = run.generation;
      drawPartition();
      run.done(() => S.partDone(int(nodes), fixed(ms, 0)), { nodes: String(report.simulation.nodes) });
    } catch (e) {
      run.failed(e);
    }
  }

  /** Reads the crawl-nodes field; a valid new number re-runs the simulation. */
  function applyNodes() {
    const input = /** @type {HTMLInputElement} */ ($('part-nodes'));
    const { nodes, error } = parseNodes(input.value, input.validity.badInput);
    if (error) {
      showText($('part-nodes-error'), error);
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    showText($('part-nodes-error'), '');
    input.removeAttribute('aria-invalid');
    if (nodes === part.nodes && partitionRuns.askedGen === state.generation) return;
    part.nodes = nodes;
    runPartition();
  }

  /** The policy choice again, in the language now chosen. */
  function relabel() {
    buildPolicySelect($('part-policy'), part.policy);
  }

  /** The crawl-nodes field's bounds and value (with the page's other controls). */
  function wireNodes() {
    bound($('part-nodes'), 1, C.p2.pageMaxNodes);
    $('part-nodes').value = String(part.nodes);
  }

  /** The policy choice, the crawl-nodes field and the site reading. */
  function wire() {
    buildPolicySelect($('part-policy'), part.policy);
    const input = $('part-nodes');
    input.value = String(part.nodes);
    let timer = null;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(applyNodes, NODES_DEBOUNCE_MS);
    });
    input.addEventListener('change', () => {
      clearTimeout(timer);
      applyNodes();
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        clearTimeout(timer);
        applyNodes();
      }
    });
    $('part-policy').addEventListener('change', () => {
      part.policy = $('part-policy').value;
      drawPartition();
    });
    $('part-reading').addEventListener('change', () => {
      part.reading = $('part-reading').value;
      drawPartition();
    });
  }

  return { partitionRuns, runPartition, drawPartition, applyNodes, relabel, wireNodes, wire };
}
