// Reading the number fields of the de-duplication views: a value, or a message to show next to
// the field. Checks what was typed; the wasm checks its arguments again.
import { S } from './strings.js';
import { int } from './format.js';
import { $, showText } from './dom.js';

/**
 * Reads `input` as a number from `min` to `max` (a whole number when `whole`): `{ value }`, or
 * `{ error }` naming the field as `what`.
 */
export function readNumber(input, { min, max, whole = false, what }) {
  const text = input.value.trim();
  if (input.validity?.badInput) return { error: S.fieldNotNumber(what) };
  if (text === '') return { error: S.fieldEmpty(what) };
  const v = Number(text);
  if (!Number.isFinite(v)) return { error: S.fieldNotNumber(what) };
  if (whole && !Number.isInteger(v)) return { error: S.fieldWhole(what, text) };
  if (v < min || v > max) return { error: S.fieldRange(what, whole ? int(min) : String(min), whole ? int(max) : String(max)) };
  return { value: v };
}

/** Each field showing an error, and how its view reads it (and its other fields) again. */
const wrong = new Map();

/**
 * Shows `error` next to `input` (and marks it invalid), or clears both. `again` reads the field
 * again (its view's reader, which calls this): after a change of language the error is then
 * worded in the language shown (rewordFields).
 * @param {HTMLElement} input
 * @param {HTMLElement} errorBox
 * @param {string | null | undefined} error
 * @param {(() => unknown) | null} [again]
 */
export function markField(input, errorBox, error, again = null) {
  showText(errorBox, error ?? '');
  if (error) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  if (error && again) wrong.set(input, again);
  else wrong.delete(input);
}

/** After a change of language: every field still showing an error is read again, and so its error worded anew. */
export function rewordFields() {
  const readers = new Set();
  for (const [input, again] of wrong) {
    if (input.isConnected && input.getAttribute('aria-invalid') === 'true') readers.add(again);
    else wrong.delete(input);
  }
  for (const again of readers) again();
}

/**
 * Reads every field of `fields` (`[name, id, rule]`, `rule` as `readNumber` takes it) and shows
 * each one's error beside it (the element `${id}-error`): the values by name, or null when one
 * is wrong. `again`: the view's reader, as markField takes it.
 * @param {[string, string, { min: number, max: number, whole?: boolean, what: string }][]} fields
 * @param {(() => unknown) | null} [again]
 * @returns {Record<string, number> | null}
 */
export function readFields(fields, again = null) {
  /** @type {Record<string, number>} */
  const values = {};
  let ok = true;
  for (const [name, id, rule] of fields) {
    const r = readNumber($(id), rule);
    markField($(id), $(`${id}-error`), r.error, again);
    if (r.error) ok = false;
    else values[name] = r.value;
  }
  return ok ? values : null;
}

/**
 * Marks a preset button pressed (`on`) or not, for the eye and for a screen reader.
 * @param {HTMLElement} button
 * @param {boolean} on
 */
export function markPressed(button, on) {
  button.classList.toggle('on', on);
  button.setAttribute('aria-pressed', on ? 'true' : 'false');
}
