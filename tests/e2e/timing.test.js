// The verdict of repeated timings (www/timing.js): medians, ranges, and "no clear difference"
// when the ranges overlap or the ratio's range contains 1. Plain Node: node --test tests/e2e/timing.test.js
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUNS, compare, median, overlap, spread } from '../../www/timing.js';

test('the median: the middle run, or the mean of the middle two; the runs in any order', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([5, 1, 4, 2, 3]), 3);
  assert.equal(median([4, 1, 3, 2]), 2.5);
  assert.equal(median([7]), 7);
  assert.ok(Number.isNaN(median([])));
  const runs = [0.94, 2.02, 2.65, 2.31, 2.2];
  assert.deepEqual(runs, [0.94, 2.02, 2.65, 2.31, 2.2], 'the runs are not sorted in place');
  assert.equal(median(runs), 2.2);
});

test('a spread is the median, the smallest and the largest run, and their count', () => {
  assert.deepEqual(spread([2.02, 0.94, 2.65, 2.31, 2.2]), { median: 2.2, min: 0.94, max: 2.65, runs: 5 });
  assert.deepEqual(spread([1]), { median: 1, min: 1, max: 1, runs: 1 });
  assert.equal(spread([]).runs, 0);
  assert.equal(overlap(spread([1, 2]), spread([2, 3])), true, 'touching ranges overlap');
  assert.equal(overlap(spread([1, 2]), spread([2.5, 3])), false);
});

test('at least RUNS runs before a verdict; fewer are pending but keep their medians', () => {
  assert.ok(RUNS >= 5);
  const c = compare([1, 1.1], [2, 2.1]);
  assert.equal(c.kind, 'pending');
  assert.equal(c.runs, 2);
  assert.equal(c.a.median, 1.05);
  assert.equal(c.ratio.median, (2 / 1 + 2.1 / 1.1) / 2);
  assert.equal(compare([1], [2], { minRuns: 1 }).kind, 'a-faster');
});

test('separate ranges and a ratio range beside 1 name the faster one', () => {
  const store = [1.0, 1.1, 0.9, 1.05, 0.95];
  const imp = [2.0, 2.3, 2.1, 2.6, 2.2];
  const slower = compare(store, imp);
  assert.equal(slower.kind, 'a-faster', 'b takes longer: a is faster');
  assert.equal(slower.reason, null);
  assert.equal(slower.ratio.median, median(imp.map((x, i) => x / store[i])));
  assert.equal(slower.ratio.min, Math.min(...imp.map((x, i) => x / store[i])));
  const faster = compare(imp, store);
  assert.equal(faster.kind, 'b-faster');
  assert.ok(faster.ratio.max < 1);
});

test('overlapping ranges: no clear difference, whatever the median ratio', () => {
  // P5's Fig. 3 on disk, one run at 0.83 × and the others near 1.5 ×: one fast outlier.
  const store = [10, 10, 10, 10, 10];
  const imp = [8.3, 14.5, 15.2, 14.9, 15.0];
  const c = compare(store, imp);
  assert.equal(c.kind, 'same');
  assert.equal(c.reason, 'overlap');
  assert.equal(c.ratio.median, 1.49);
});

test('a ratio range that contains 1 is no clear difference even when the times’ ranges are apart', () => {
  // Ratios given by the timer (e.g. the wasm's "× list" of each run) rather than computed.
  const c = compare([1, 1.1, 1.2, 1.1, 1.0], [2, 2.1, 2.2, 2.1, 2.0], { ratios: [2, 1.9, 0.99, 2, 2] });
  assert.equal(c.kind, 'same');
  assert.equal(c.reason, 'ratio-spans-1');
  assert.equal(compare([1, 1, 1, 1, 1], [2, 2, 2, 2, 2], { ratios: [2, 2, 1, 2, 2] }).kind, 'same', 'a ratio of exactly 1 in range');
});

test('runs of the two timings pair up one to one', () => {
  assert.throws(() => compare([1, 2], [1]), /2 runs of one timing against 1/);
  assert.throws(() => compare([1, 2], [1, 2], { ratios: [1] }), /1 ratios for 2 runs/);
});
