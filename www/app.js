// URL Hash Lab's page: wires the controls to the worker and the worker's answers to the
// charts. No hashing or statistics here: every number shown comes from the wasm core.
//
// This is the shell: it creates the shared context (views/context.js), sets up each view on it
// (views/*.js, setupX(ctx)), puts what a view offers the others into the context, and starts the
// page in order: the worker and the first input first, the views below the first chart after it.
import { S, applyStrings, setLanguage, nameOf, wordError, knowNames } from './strings.js';
import { anchorOf, stateText } from './permalink.js';
import { showEmbed } from './embed.js';
import { setupLessons } from './lessons.js';
import { setupExports } from './export.js';
import { setupOffline } from './offline.js';
import { setupMap, ALL, FIRST_VIEW } from './map.js';
import { setupClaims } from './views/claims-view.js';
import { $, labelScrollRegions, resay, showText } from './dom.js';
import { onChartTypeChange, setupCharts } from './charts/common.js';
import { firstState, newContext } from './views/context.js';
import { renderReport } from './views/report.js';
import { setupBanner } from './views/banner.js';
import { setupLoader } from './views/loader.js';
import { warmHelper } from './lab-client.js';
import { setupInput } from './views/input.js';
import { setupP1Controls } from './views/p1-controls.js';
import { setupP1Results } from './views/p1-results.js';
import { setupP1Figures } from './views/p1-figures.js';
import { setupP2 } from './views/p2.js';
import { setupDataBadge } from './views/data-badge.js';
import { setupBench } from './views/bench.js';
import { setupLessonGlue } from './views/lesson-glue.js';
import { setupPermalinkState } from './views/permalink-state.js';
import { setupLook, firstLanguage } from './views/look.js';
import { setupDedup } from './views/dedup.js';
import { rewordFields } from './fields.js';
import { MSG } from './protocol.js';

const state = firstState();
const ctx = newContext(state);

const banner = setupBanner(ctx);
const loader = setupLoader(ctx);
const input = setupInput(ctx);
const controls = setupP1Controls(ctx);
const results = setupP1Results(ctx);
const figures = setupP1Figures(ctx);
const p2 = setupP2(ctx);
const badge = setupDataBadge(ctx);
const glue = setupLessonGlue(ctx);
const link = setupPermalinkState(ctx);
const look = setupLook(ctx);

// What each view offers the others.
Object.assign(ctx, {
  showBanner: banner.showBanner,
  reportError: banner.reportError,
  setBusy: banner.setBusy,
  load: loader.load,
  restart: loader.restart,
  cancelLoad: loader.cancelLoad,
  setPasted: input.setPasted,
  showColumns: input.showColumns,
  requestView: results.requestView,
  checkKey: controls.checkKey,
  refuseFunctions: controls.refuseFunctions,
  settleChoices: controls.settleChoices,
  functionsToHash: controls.functionsToHash,
  buildFunctionList: controls.buildFunctionList,
  setSlots: controls.setSlots,
  runFigures: figures.runFigures,
  clearFigures: figures.clear,
  p1: figures.p1,
  partitionRuns: p2.partitionRuns,
  runPartition: p2.runPartition,
  drawPartition: p2.drawPartition,
  applyNodes: p2.applyNodes,
  showDataBadge: badge.showDataBadge,
  showLessonData: badge.showLessonData,
  askData: badge.askData,
  offerUndo: badge.offerUndo,
  lessonChanged: glue.lessonChanged,
  updateLink: link.updateLink,
  booted,
  relabel,
});

/** Other modules (the map, the lessons, the service worker's note) draw themselves again through these. */
const relabelHooks = [];

/** Draws every part of the page again in the language now chosen, from what it shows. */
function relabel() {
  document.title = S.title;
  applyStrings(document);
  resay();
  rewordFields();
  look.markLanguage();
  const corpusN = $('corpus-n').value;
  input.buildCorpusSelect();
  $('corpus-n').value = corpusN;
  state.names = Object.fromEntries(state.functions.map((f) => [f.id, nameOf(f)]));
  knowNames(state.names);
  controls.buildFunctionList();
  controls.buildPresets();
  controls.markPresets();
  p2.relabel();
  if (state.input) {
    renderReport($('report'), state.input, state.input.report, state.splitChecked);
    input.showColumns(state.input.table);
    results.requestView();
  }
  figures.relabel();
  p2.drawPartition();
  badge.showDataBadge();
  badge.showLessonData();
  for (const v of ctx.dedupViews) v.relabel();
  for (const hook of relabelHooks) hook();
}

/** The page is drawn whole from now on (see body.booting in style.css). */
function booted() {
  document.body.classList.remove('booting');
}

/** The page's controls: the input panel, P1's and P2's, the banner's and the figures'. */
function wireControls() {
  p2.wireNodes();
  controls.wireScroll();
  input.wire();
  controls.wire();
  banner.wire();
  figures.wire();
  input.wireDrop();
}

async function main() {
  // The worker starts first (early-worker.js has started it, unless it could not): fetching
  // and compiling the wasm overlaps the page's own set-up.
  let hello = null;
  if (typeof Worker !== 'undefined') {
    try {
      hello = loader.startLab();
    } catch (e) {
      hello = Promise.reject(e);
    }
    hello.catch(() => {}); // answered at connect() below
  }
  const address = await link.openLink();
  await setLanguage(firstLanguage(address));
  const first = link.readLink(address);
  // The first input is on its way to the worker before the page's long set-up.
  const fed = hello ? loader.prefeed(first) : null;
  document.title = S.title;
  applyStrings(document);
  labelScrollRegions();
  if (address.embed) {
    if (showEmbed(address.embed)) state.embed = address.embed;
    else state.linkNote = S.embedUnknown(address.embed);
  }
  look.markLanguage();
  const map = setupMap({
    onChange: () => {
      link.onSectionsChanged();
      link.updateLink();
      // The view now in front computes what it shows, if it has not yet.
      loader.runFront();
    },
    // A view the reader opens is a step back and forward can retrace.
    onRoute: (view, byReader) => {
      state.view = view;
      if (byReader && state.linkReady) history.pushState(null, '', `${location.pathname}#${link.currentLink()}`);
    },
  });
  ctx.map = map;
  relabelHooks.push(() => map.relabel());
  const bench = setupBench();
  relabelHooks.push(() => bench.relabel());
  if (address.focus) map.focusPaper(address.focus);
  // One view at a time: the one a fragment (#p4-trie) names, else the link's, else P1's slots.
  // An embed's view is the section of its piece: only that one computes.
  const anchor = anchorOf(location);
  const embedded = document.querySelector('.embed-target')?.closest('section.panel')?.id;
  const fromHash = !embedded && Boolean(anchor) && map.go(anchor);
  if (embedded) map.show(embedded);
  else if (!fromHash) map.show(state.view && document.getElementById(state.view) ? state.view : state.view === ALL ? ALL : FIRST_VIEW);
  // The trie view times its structures in a second worker as soon as the input is in: started
  // now, while the page sets up and the input loads.
  if (map.route() === 'trie') warmHelper();
  // The five papers in a sentence each: open in the report on screens wide enough to keep the
  // first chart in view; folded over a view in front (its chart comes first).
  $('papers').open = map.route() === ALL && matchMedia('(min-width: 1000px) and (min-height: 850px)').matches;
  input.buildCorpusSelect();
  controls.buildPresets();
  $('m-input').value = String(state.m);
  controls.checkKey(state.key);
  controls.markPresets();
  $('copy-link').addEventListener('click', link.copyLink);
  look.wire();
  if (typeof Worker === 'undefined') {
    banner.showBanner(S.noWorker);
    return;
  }
  try {
    setupCharts();
    // A phone turned sideways (or a window narrowed) changes the charts' type: drawn again.
    onChartTypeChange(() => {
      if (state.functions.length) relabel();
    });
  } catch (e) {
    banner.showBanner(wordError(e));
  }
  wireControls();
  p2.wire();
  try {
    await loader.connect(hello);
  } catch (e) {
    banner.showBanner(S.workerFailed(wordError(e)));
    return;
  }
  link.selectLinked(address.fns);
  controls.buildFunctionList();
  if (first.kind === 'corpus') $('corpus-n').value = String(first.n);
  if (first.kind === 'paste') input.setPasted(new TextDecoder().decode(first.bytes));
  if (state.linkNote) showText($('link-note'), state.linkNote);
  // The first chart comes before the set-up of the views below it (the worker has the results
  // ready by now, and the page's thread is the one to wait for).
  await loader.load(first, fed);
  const startDedupViews = setupDedup(ctx);
  ctx.dedupViews.push({ section: 'claims', ...setupClaims(ctx) });
  // They wait for P1's figures, as after any load (load() found none to tell).
  if (state.input) for (const v of ctx.dedupViews) v.waiting();
  // The view in front, when it is one of them, starts its study before the rest of the page
  // sets up (lessons, export toolbars): the worker computes meanwhile.
  if (state.input) loader.runFront();
  badge.wire((id) => map.go(id, true));
  const lessons = setupLessons({
    apply: glue.applyLessonSetup,
    bring: (id) => map.bring(id),
    data: glue.lessonData,
    onChange: glue.onChange,
    saveStep: (step) => {
      state.lesson = step;
      link.updateLink();
    },
    quiz: async (lesson, index) => (await ctx.lab.call(MSG.quiz, { lesson, seed: state.quizSeed, index })).question,
    names: () => state.names,
    generation: () => state.generation,
    link: () => {
      link.updateLink();
      return location.href;
    },
    saveQuestion: () => link.updateLink(),
  });
  ctx.lessons = lessons;
  relabelHooks.push(() => lessons.relabel());
  // The export toolbars (each placed by reading its chart box's style) come after the first chart.
  setupExports(() => link.exportParams());
  // The view in front computes now that the views are set up (its drawings without input
  // first, the others' once it is done); with no input, those drawings start at once.
  if (!state.input) startDedupViews();
  loader.runFront();
  // The service worker caches every file of the build after the first results, not before.
  setupOffline(relabelHooks);
  state.linkReady = true;
  link.updateLink();
  // A fragment holding another state (a link followed within the page, the embed's way out, or
  // the address edited) opens it.
  // Back and forward between two views of the same state only change the view.
  addEventListener('hashchange', () => {
    const text = location.hash.slice(1);
    if (stateText(location) !== text || text === link.currentLink()) return;
    const view = new URLSearchParams(text).get('view') ?? undefined;
    if (text === link.currentLink({ view })) map.show(view ?? FIRST_VIEW);
    else location.reload();
  });
  link.watchSections();
  if (address.lesson && !state.embed) await lessons.open(address.lesson, address.step ?? 0, address.question);
}

// Whatever stopped the first chart, the page is drawn whole.
main().finally(booted);
