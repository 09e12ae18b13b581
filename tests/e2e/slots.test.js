// The page reads a typed M with the grammar the core's slots::parse_slots (and so the CLI's
// --slots) reads it: both are tested on tests/data/slots-typed.json, the page's parser here
// (plain module code, run in Node), the core's in src/foundation/slots.rs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import './helpers.js';
import { parseSlots } from '../../www/slots.js';
import { S } from '../../www/strings.js';

const CASES = JSON.parse(fs.readFileSync(new URL('../data/slots-typed.json', import.meta.url), 'utf8'));

/** The page's message for the core's error code. */
function message(code, text) {
  const words = {
    'slots-empty': S.slotsEmpty,
    'slots-not-number': S.slotsNotNumber(text),
    'slots-negative': S.slotsNegative,
    'slots-zero': S.slotsZero,
    'slots-fraction': S.slotsFraction(text),
    'slots-too-large': S.slotsTooLarge,
  }[code];
  assert.ok(words, `no page message for ${code}`);
  return words;
}

test('every typed M reads on the page as the core reads it', () => {
  assert.ok(CASES.length > 40);
  for (const [typed, expected] of CASES) {
    const got = parseSlots(typed);
    if (typeof expected === 'number') assert.deepEqual(got, { m: expected }, JSON.stringify(typed));
    else assert.deepEqual(got, { error: message(expected, typed.trim()) }, JSON.stringify(typed));
  }
});
