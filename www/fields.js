// Reading the number fields of the de-duplication views: a value, or a message to show next to
// the field. Checks what was typed; the wasm checks its arguments again.
import { S } from './strings.js';
import { int } from './format.js';
import { showText } from './dom.js';

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

/** Shows `error` next to `input` (and marks it invalid), or clears both. */
export function markField(input, errorBox, error) {
  showText(errorBox, error ?? '');
  if (error) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}
