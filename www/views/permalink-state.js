// The page's state in its address: the link read at start (language, functions, M, key, crawl
// nodes, policy, section, lesson), the address bar kept on the state shown, the copy-link button,
// the section being read, and the parameters written into every export.
import { S, language } from '../strings.js';
import { int, bytes as fmtBytes } from '../format.js';
import { parseSlots } from '../slots.js';
import { C } from '../constants.js';
import { encodeState, decodeState, stateText, unpackPaste } from '../permalink.js';
import { $, say, showText } from '../dom.js';
import { describeSource } from './sources.js';

/**
 * Offers `openLink`, `readLink`, `selectLinked`, `currentLink`, `updateLink`, `copyLink`,
 * `watchSections`, `onSectionsChanged` and `exportParams`.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupPermalinkState(ctx) {
  const state = ctx.state;
  /** Asks watchSections() to find the section being read again (after a collapse or a focus). */
  let sectionsChanged = () => {};
  /** The pending write of the section being read into the link. */
  let viewTimer = null;

  /**
   * The state the address holds, its paste unpacked; the quiz seed drawn when it has none.
   * @returns {Promise<any>}
   */
  async function openLink() {
    const link = decodeState(stateText(location));
    state.quizSeed = link.quiz ?? (crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000_000);
    if (link.source?.packed) {
      try {
        const { packed, column } = link.source;
        link.source = { kind: 'paste', bytes: await unpackPaste(packed), ...(column === undefined ? {} : { column }) };
      } catch {
        delete link.source;
        state.linkNote = S.linkPasteBroken;
      }
    }
    return link;
  }

  /**
   * The page's state as the text of a link's fragment (see permalink.js), with `overrides`.
   * @param {object} [overrides]
   * @returns {string}
   */
  function currentLink(overrides = {}) {
    return encodeState({
      embed: state.embed,
      lang: language(),
      source: state.lastSource,
      lines: state.input?.report.lines,
      fns: state.functions.map((f) => f.id).filter((id) => state.selected.has(id)),
      m: state.m,
      key: state.key,
      nodes: state.partition.nodes,
      policy: state.partition.policy,
      view: state.view,
      focus: ctx.map?.focused(),
      lesson: state.lesson?.id,
      step: state.lesson?.step,
      quiz: state.quizSeed,
      question: ctx.lessons?.question(),
      ...overrides,
    });
  }

  /**
   * Keeps the address bar on the state shown, in its fragment (never sent to a server), so
   * copying it copies the view; a link with the state in its query is rewritten so.
   */
  function updateLink() {
    if (!state.linkReady) return;
    const url = `${location.pathname}#${currentLink()}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, '', url);
    if (state.embed) {
      // The embed's way out: the whole lab on the same state.
      $('embed-open').href = `${location.pathname}#${currentLink({ embed: null })}`;
      say($('embed-what'), () => (state.lastSource ? S.embedWhat(describeSource(state.lastSource)) : ''));
    }
  }

  /**
   * What the address asks for, applied before the first load: functions' M, key, crawl nodes
   * and policy; returns the first input (a link cannot carry a file or a long paste: the corpus
   * opens instead, and `state.linkNote` says why).
   * @param {any} link
   * @returns {import('./context.js').Source}
   */
  function readLink(link) {
    if (link.m) {
      const { m } = parseSlots(link.m);
      if (m) state.m = m;
    }
    if (link.key) state.key = link.key;
    if (link.nodes && link.nodes <= C.p2.pageMaxNodes) state.partition.nodes = link.nodes;
    if (link.policy) state.partition.policy = link.policy;
    if (link.view) state.view = link.view;
    const src = link.source;
    if (src?.kind === 'corpus') {
      if (C.corpus.sizes.includes(src.n)) return { kind: 'corpus', n: src.n, by: 'user' };
      // A size the corpus does not come in: the first load's, and the page says so.
      state.linkNote = S.linkCorpusSize(int(src.n), C.corpus.sizes.map((n) => int(n)), int(C.corpus.firstLoad));
      return { kind: 'corpus', n: C.corpus.firstLoad, by: 'user' };
    }
    if (src?.kind === 'paste') return { ...src, by: 'user' };
    if (src?.kind === 'file') state.linkNote = S.linkFile(src.name);
    if (src?.kind === 'paste-too-big') state.linkNote = S.linkPasteTooBig(int(src.lines), fmtBytes(src.bytes));
    return { kind: 'corpus', n: C.corpus.firstLoad };
  }

  /**
   * The functions a link selects, once their ids are known.
   * @param {string[] | undefined} fns
   */
  function selectLinked(fns) {
    const known = new Set(state.functions.map((f) => f.id));
    const chosen = (fns ?? []).filter((id) => known.has(id));
    if (chosen.length) state.selected = new Set(chosen);
  }

  async function copyLink() {
    await state.lastSource?.packing;
    updateLink();
    const url = location.href;
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // No clipboard here (plain http, or refused): show the link to copy by hand.
    }
    const tooBig = state.lastSource?.kind === 'paste' && new URLSearchParams(stateText(location)).get('src') === 'paste-too-big';
    const parts = [copied ? S.linkCopied : S.linkShown(url)];
    if (tooBig) parts.push(S.linkPasteNotCarried(int(state.input.report.lines)));
    if (state.lastSource?.kind === 'file') parts.push(S.linkFileNotCarried(state.lastSource.file.name));
    showText($('link-note'), parts.join(' '));
  }

  /** Follows which section is in view, for the link. */
  function watchSections() {
    const sections = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('main section.panel[id], .layout section.panel[id]')]);
    let queued = false;
    // The section being read: the last one (in page order) whose top has passed the line just
    // under the sticky map; before any has, the first one on screen.
    const inView = () => {
      const line = ($('map')?.getBoundingClientRect().bottom ?? 0) + 48;
      let current = null;
      let best = -Infinity;
      for (const section of sections) {
        const box = section.getBoundingClientRect();
        if (!box.height || box.bottom <= 0 || box.top >= innerHeight) continue;
        const top = box.top <= line ? box.top : -Infinity;
        if (top > best || current === null) {
          if (top > best) best = top;
          current = section.id;
        }
      }
      return current;
    };
    const update = () => {
      queued = false;
      if (!state.linkReady) return;
      // The view shown is the one the link keeps; in the report (route 'all'), the map marks
      // the section the map holds in place (views above it still grow), else the one in view.
      const route = ctx.map?.route();
      if (route === 'all') {
        const reading = ctx.map.pinned() ?? inView();
        if (reading) ctx.map.markCurrent(reading);
      }
      const current = route ?? inView();
      if (!current || current === state.view) return;
      state.view = current;
      if (route !== 'all') ctx.map?.markCurrent(state.view);
      clearTimeout(viewTimer);
      viewTimer = setTimeout(updateLink, 300);
    };
    const queue = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    };
    addEventListener('scroll', queue, { passive: true });
    addEventListener('resize', queue, { passive: true });
    sectionsChanged = queue;
    queue();
  }

  /** The map changed (a collapse or a focus): the section being read is found again. */
  function onSectionsChanged() {
    sectionsChanged();
  }

  /** The parameters written into every exported chart and table. */
  function exportParams() {
    const src = state.lastSource;
    const input = state.input?.report;
    return {
      input: src?.kind === 'corpus' ? `built-in corpus, seed ${C.corpus.seed}` : src?.kind === 'file' ? `file ${src.file.name}` : src ? 'pasted URLs' : '',
      urls: input?.urls ?? 0,
      functions: state.functions.map((f) => f.id).filter((id) => state.selected.has(id)),
      m: state.m,
      key: state.key,
      crawl_nodes: state.partition.nodes,
      policy: state.partition.policy,
      language: language(),
      lesson: state.lesson ? `${state.lesson.id} step ${state.lesson.step + 1}` : '',
    };
  }

  return { openLink, readLink, selectLinked, currentLink, updateLink, copyLink, watchSections, onSectionsChanged, exportParams };
}
