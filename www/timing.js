// Repeated timings and the verdict they allow. A timed comparison the page words as a verdict
// (P5's Fig. 3, P4's Table 1, the trie timings) is timed RUNS times at least; each time and
// each ratio is shown as the median of its runs with their range (min–max), and the verdict
// comes from the runs, never from one of them. Pure functions, importable by the Node tests as
// well as the page: node --test tests/e2e/timing.test.js

/** The runs a timed comparison takes before its verdict is given. */
export const RUNS = 5;

/**
 * The median and range of some runs.
 * @typedef {{ median: number, min: number, max: number, runs: number }} Spread
 */

/**
 * How two timings compare over their runs: `a-faster` and `b-faster` when they are told apart,
 * `same` ("no clear difference") when their ranges overlap or the ratio's range contains 1,
 * `pending` while fewer than RUNS runs are in.
 * @typedef {'a-faster' | 'b-faster' | 'same' | 'pending'} VerdictKind
 */

/**
 * Why two timings are not told apart: their ranges overlap, or the ratio's range contains 1.
 * @typedef {'overlap' | 'ratio-spans-1' | null} VerdictReason
 */

/**
 * Two timings compared run by run.
 * @typedef {{ a: Spread, b: Spread, ratio: Spread, kind: VerdictKind, reason: VerdictReason, runs: number }} Comparison
 */

/**
 * The median of `values` (the middle one, or the mean of the middle two); NaN when empty.
 * @param {readonly number[]} values
 * @returns {number}
 */
export function median(values) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median, the range and the count of `values`.
 * @param {readonly number[]} values
 * @returns {Spread}
 */
export function spread(values) {
  if (!values.length) return { median: NaN, min: NaN, max: NaN, runs: 0 };
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}

/**
 * Whether the ranges of two spreads share a point.
 * @param {Spread} x
 * @param {Spread} y
 * @returns {boolean}
 */
export function overlap(x, y) {
  return Math.max(x.min, y.min) <= Math.min(x.max, y.max);
}

/**
 * Timings `a` and `b` (one number per run, run i of each timed together), and `ratios` (b ÷ a of
 * each run; by default computed from them): the median and range of each, and the verdict.
 * `minRuns` runs are needed for a verdict; fewer give `pending`.
 * @param {readonly number[]} a
 * @param {readonly number[]} b
 * @param {{ ratios?: readonly number[], minRuns?: number }} [options]
 * @returns {Comparison}
 */
export function compare(a, b, { ratios, minRuns = RUNS } = {}) {
  if (a.length !== b.length) throw new Error(`compare: ${a.length} runs of one timing against ${b.length} of the other`);
  const r = ratios ?? a.map((x, i) => b[i] / x);
  if (r.length !== a.length) throw new Error(`compare: ${r.length} ratios for ${a.length} runs`);
  /** @type {Comparison} */
  const out = { a: spread(a), b: spread(b), ratio: spread(r), runs: a.length, kind: 'pending', reason: null };
  if (out.runs < minRuns) return out;
  if (overlap(out.a, out.b)) return { ...out, kind: 'same', reason: 'overlap' };
  if (out.ratio.min <= 1 && out.ratio.max >= 1) return { ...out, kind: 'same', reason: 'ratio-spans-1' };
  return { ...out, kind: out.ratio.median > 1 ? 'a-faster' : 'b-faster' };
}
