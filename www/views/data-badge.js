// The data badge (the one place naming the data every number on screen is of), and the lessons'
// question on the data: keep the reader's data or load the lesson's, and undo the swap.
import { S } from '../strings.js';
import { int } from '../format.js';
import { $, el, showText } from '../dom.js';
import { describeSource } from './sources.js';

/**
 * Offers `showDataBadge`, `askData`, `offerUndo`, `showLessonData` and `wire` (the badge's click).
 * @param {import('./context.js').Ctx} ctx
 */
export function setupDataBadge(ctx) {
  const state = ctx.state;

  /** The data badge: the one place naming the data every number on screen is of. */
  function showDataBadge() {
    const badge = $('data-badge');
    const src = state.lastSource;
    if (!src || !state.input) return;
    const what = src.kind === 'corpus' ? S.badgeCorpus : src.kind === 'file' ? src.file.name : S.badgePaste;
    const urls = state.input.report.urls;
    $('data-badge-source').textContent = what;
    $('data-badge-size').textContent = S.badgeSize(int(urls), S.keyName[state.key]);
    badge.title = S.badgeTitle(describeSource(src), int(urls), S.keyName[state.key]);
    badge.setAttribute('aria-label', badge.title);
    badge.dataset.gen = String(state.generation);
    badge.dataset.source = src.kind;
    badge.dataset.urls = String(urls);
    badge.dataset.key = state.key;
  }

  /**
   * Asks whether to keep the data on screen (`src`) or load a lesson's `n` corpus URLs; resolves
   * to 'keep' or 'lesson'. Closing the question keeps the data.
   * @param {number} n
   * @param {import('./context.js').Source} src
   * @returns {Promise<'keep' | 'lesson'>}
   */
  function askData(n, src) {
    const dialog = /** @type {HTMLDialogElement} */ ($('data-ask'));
    showText($('data-ask-text'), S.askData(describeSource(src), int(n)));
    $('data-ask-keep').textContent = S.askKeep(describeSource(src));
    $('data-ask-load').textContent = S.askLoad(int(n));
    return new Promise((resolve) => {
      const done = (choice) => {
        dialog.removeEventListener('close', closed);
        if (dialog.open) dialog.close();
        resolve(choice);
      };
      const closed = () => done('keep');
      dialog.addEventListener('close', closed);
      $('data-ask-keep').onclick = () => done('keep');
      $('data-ask-load').onclick = () => done('lesson');
      dialog.showModal();
      // The safe answer has the focus: Enter keeps the reader's data.
      $('data-ask-keep').focus();
    });
  }

  /**
   * After a lesson loaded its data in place of `previous`: a button that loads `previous` again.
   * @param {import('./context.js').Source | undefined} previous
   */
  function offerUndo(previous) {
    const box = $('data-undo');
    if (!previous) {
      box.hidden = true;
      return;
    }
    const back = el('button', { text: S.undoData(describeSource(previous)), attrs: { type: 'button', id: 'data-undo-go' } });
    back.addEventListener('click', async () => {
      box.hidden = true;
      await ctx.load(previous);
      showLessonData();
    });
    box.replaceChildren(el('span', { text: `${S.dataSwapped(describeSource(state.lastSource), describeSource(previous))} ` }), back);
    box.hidden = false;
  }

  /** The lesson panel's line on the data: kept by the reader, or swapped (with its undo). */
  function showLessonData() {
    const kept = state.keptForLessons && state.keptForLessons === state.lastSource;
    showText($('lesson-data'), kept ? S.dataKept(describeSource(state.lastSource)) : '');
  }

  /**
   * The badge's click brings the input panel (through `bring`, the map's).
   * @param {(id: string) => void} bring
   */
  function wire(bring) {
    $('data-badge').addEventListener('click', (e) => {
      e.preventDefault();
      bring('input-panel');
    });
  }

  return { showDataBadge, askData, offerUndo, showLessonData, wire };
}
