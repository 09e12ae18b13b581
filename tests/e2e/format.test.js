// The page's number formatting (www/format.js) on the values a report can carry: reports cross
// from the wasm as numbers (serde-wasm-bindgen), so an infinity arrives as Infinity and a
// missing statistic as NaN, never as null. Plain Node: node --test tests/e2e/format.test.js
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectedCount, fixed, int, percent, pValue, sci, small } from '../../www/format.js';

test('finite numbers keep their form', () => {
  assert.equal(int(2097152), '2\u202f097\u202f152');
  assert.equal(int(-1200), '−1\u202f200');
  assert.equal(fixed(126.148, 4), '126.1480');
  assert.equal(pValue(0.6145), '0.615');
  assert.equal(sci(2.74e21), '2.74 × 10²¹');
  assert.equal(small(7.1e-5), '7.10 × 10⁻⁵');
  assert.equal(expectedCount(8335.17), '8\u202f335.2');
  assert.equal(percent(0.9999), '99.99\u202f%');
});

test('infinities read as ∞ and a missing value as a dash, in every formatter', () => {
  for (const f of [int, (v) => fixed(v, 2), pValue, sci, small, expectedCount, percent]) {
    assert.equal(f(Infinity), '∞', f.name);
    assert.equal(f(-Infinity), '−∞', f.name);
    assert.equal(f(NaN), '—', f.name);
  }
  assert.equal(fixed(null, 2), '—');
  assert.equal(fixed(undefined, 2), '—');
});
