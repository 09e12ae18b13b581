// Reading the number of slots M and of crawl nodes typed by the user (input validation only).
import { S } from './strings.js';
import { C } from './constants.js';

/**
 * Parses what the user typed: digits with optional thousands separators (spaces, commas,
 * underscores), a decimal or exponent form, or 2^k. Returns { m } or { error } with a message.
 * The same grammar as the core's `slots::parse_slots`, which the CLI's --slots uses: both are
 * tested on tests/data/slots-typed.json.
 */
export function parseSlots(raw) {
  const text = String(raw ?? '').trim();
  if (text === '') return { error: S.slotsEmpty };
  const compact = text.replace(/[ ,_\u202f\u2009\u00a0]/g, '');
  let v;
  const power = /^2\^(\d+)$/.exec(compact);
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
  if (v > C.p1.maxSlots) return { error: S.slotsTooLarge };
  if (!Number.isInteger(v)) return { error: S.slotsFraction(text) };
  return { m: v };
}


/**
 * Parses a number of crawl nodes: `raw` is the number input's value and `badInput` its
 * validity.badInput (the browser empties the value of text it cannot read as a number).
 * Returns { nodes } or { error } with a message.
 */
export function parseNodes(raw, badInput = false) {
  const text = String(raw ?? '').trim();
  if (badInput) return { error: S.partNodesNotNumber };
  if (text === '') return { error: S.partNodesEmpty };
  const v = Number(text);
  if (!Number.isFinite(v)) return { error: S.partNodesNotNumber };
  if (v < 0) return { error: S.partNodesNegative };
  if (v === 0) return { error: S.partNodesZero };
  if (!Number.isInteger(v)) return { error: S.partNodesFraction(text) };
  if (v > C.p2.pageMaxNodes) return { error: S.partNodesTooMany(C.p2.pageMaxNodes) };
  return { nodes: v };
}
