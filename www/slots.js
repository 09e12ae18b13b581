// Reading the number of slots M typed by the user (input validation only).
import { S } from './strings.js';

export const MAX_SLOTS = 4294967295;

/**
 * Parses what the user typed: digits with optional thousands separators (spaces, commas,
 * underscores), a decimal or exponent form, or 2^k. Returns { m } or { error } with a message.
 */
export function parseSlots(raw) {
  const text = String(raw ?? '').trim();
  if (text === '') return { error: S.slotsEmpty };
  const compact = text.replace(/[\s,_\u202f\u2009\u00a0]/g, '');
  let v;
  const power = /^2\^(\d{1,3})$/.exec(compact);
  if (power) {
    v = 2 ** Number(power[1]);
  } else if (/^[+\-−]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(compact)) {
    v = Number(compact.replace('−', '-'));
  } else {
    return { error: S.slotsNotNumber(text) };
  }
  if (Number.isNaN(v)) return { error: S.slotsNotNumber(text) };
  if (v < 0) return { error: S.slotsNegative };
  if (v === 0) return { error: S.slotsZero };
  if (!Number.isInteger(v)) return { error: S.slotsFraction(text) };
  if (v > MAX_SLOTS) return { error: S.slotsTooLarge };
  return { m: v };
}
