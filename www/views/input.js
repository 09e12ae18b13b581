// The input panel: the built-in corpus's sizes, the paste box (a big paste kept aside, its first
// lines shown), the file button, a file dropped anywhere on the page, cancel, and the column
// choice under the input report.
import { S } from '../strings.js';
import { int } from '../format.js';
import { C } from '../constants.js';
import { applyEdit, boxValue, countLines, previewOf, spliceRaw } from '../paste-box.js';
import { $, el, showText } from '../dom.js';

/** Pastes at least this long are kept out of the text box (see wire). */
const BIG_PASTE_CHARS = 200_000;
/** Lines of a big paste shown in the box. */
const PREVIEW_LINES = 20;

/**
 * Offers `buildCorpusSelect`, `setPasted`, `showColumns` and `wire` (the panel's controls).
 * @param {import('./context.js').Ctx} ctx
 */
export function setupInput(ctx) {
  const state = ctx.state;
  /** What the paste box stands for: the text pasted and what the box shows of it, or null. */
  let pasted = null;

  function buildCorpusSelect() {
    const select = $('corpus-n');
    select.replaceChildren(
      ...C.corpus.sizes.map((n) => {
        const o = /** @type {HTMLOptionElement} */ (el('option', { text: n === C.p2.table1Urls ? S.corpusTable1(int(n)) : int(n) }));
        o.value = String(n);
        o.selected = n === C.corpus.firstLoad;
        return o;
      }),
    );
  }

  /**
   * Puts `text` in the paste box as what it stands for: whole, or its first lines when it is
   * long; the caret at `caret` (an index of the box's value) when it is shown whole.
   * @param {string} text
   * @param {number | null} [caret]
   */
  function setPasted(text, caret = null) {
    const box = /** @type {HTMLTextAreaElement} */ ($('paste'));
    const big = text.length >= BIG_PASTE_CHARS;
    box.value = big ? previewOf(text, PREVIEW_LINES, 4000) : text;
    pasted = { text, shown: box.value };
    if (!big && caret !== null) box.setSelectionRange(caret, caret);
    noteBigPaste();
  }

  /** The note under the box while it shows only the first lines of what it holds. */
  function noteBigPaste() {
    const kept = pasted;
    const hidden = kept && boxValue(kept.text) !== kept.shown;
    showText($('paste-note'), hidden ? S.bigPaste(int(countLines(kept.text)), PREVIEW_LINES) : '');
  }

  /**
   * The column choice under the input report: every column of the table, or whole lines.
   * @param {any} table
   */
  function showColumns(table) {
    const box = $('columns-box');
    box.hidden = !table?.guess;
    if (!table?.guess) return;
    const { guess, columns } = table;
    const options = Array.from({ length: guess.fields }, (_, c) => {
      const o = /** @type {HTMLOptionElement} */ (el('option', { text: S.columnOption(int(c + 1), guess.names?.[c] ?? '', guess.rows[0]?.[c] ?? '') }));
      o.value = String(c);
      o.selected = columns?.column === c;
      return o;
    });
    const whole = /** @type {HTMLOptionElement} */ (el('option', { text: S.columnWhole }));
    whole.value = 'whole';
    whole.selected = !columns;
    $('columns-pick').replaceChildren(...options, whole);
  }

  /** Loads the input again, reading the column chosen (or whole lines). */
  function pickColumn() {
    const guess = state.input?.table?.guess;
    const source = state.lastSource;
    if (!guess || !source || source.kind === 'corpus') return;
    const v = $('columns-pick').value;
    // The same bytes: a paste's deflated copy for the link stays valid.
    ctx.load({ ...source, columns: v === 'whole' ? null : { delimiter: guess.delimiter, column: Number(v), header: guess.header } });
  }

  /** The corpus button, the column choice, the paste box, the file button and cancel. */
  function wire() {
    $('corpus-load').addEventListener('click', () => ctx.load({ kind: 'corpus', n: Number($('corpus-n').value), by: 'user' }));
    $('columns-pick').addEventListener('change', pickColumn);
    // What the box stands for is kept aside as pasted: the box's value has every CRLF and lone
    // CR turned into LF, and a big paste shows only its first lines (filling a <textarea> with
    // 100 000 lines freezes the page for seconds). Edits of the box are applied to the kept
    // text; emptying the box empties it.
    $('paste').addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (!text) return;
      event.preventDefault();
      const box = $('paste');
      const raw = pasted?.text ?? box.value;
      const before = box.value.slice(0, box.selectionStart);
      setPasted(spliceRaw(raw, box.selectionStart, box.selectionEnd, text), before.length + boxValue(text).length);
    });
    $('paste').addEventListener('input', () => {
      const box = $('paste');
      const kept = pasted;
      if (!kept || !box.value) {
        pasted = null;
        showText($('paste-note'), '');
        return;
      }
      kept.text = applyEdit(kept.text, kept.shown, box.value);
      kept.shown = box.value;
      noteBigPaste();
    });
    $('paste-go').addEventListener('click', () => {
      const text = pasted?.text ?? $('paste').value;
      // White space alone is read too: the core's report says what it held.
      if (!text) {
        showText($('input-error'), S.pasteEmpty);
        return;
      }
      ctx.load({ kind: 'paste', bytes: new TextEncoder().encode(text), by: 'user' });
    });
    $('file').addEventListener('change', () => {
      const file = $('file').files[0];
      if (file) ctx.load({ kind: 'file', file, by: 'user' }).finally(() => ($('file').value = ''));
    });
    $('cancel').addEventListener('click', () => ctx.cancelLoad());
  }

  /** A file dropped anywhere on the page is loaded. */
  function wireDrop() {
    const overlay = $('drop-overlay');
    let depth = 0;
    const hasFiles = (e) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    window.addEventListener('dragenter', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth += 1;
      overlay.hidden = false;
    });
    window.addEventListener('dragover', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) overlay.hidden = true;
    });
    window.addEventListener('drop', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      overlay.hidden = true;
      const file = e.dataTransfer.files[0];
      if (file) ctx.load({ kind: 'file', file, by: 'user' });
    });
  }

  return { buildCorpusSelect, setPasted, showColumns, wire, wireDrop };
}
