// A table cell of a repeated timing (www/timing.js): the median of its runs, their range
// (min–max) below it, and the runs themselves in data-runs, which the tests take the median of
// again. While fewer than RUNS runs are in, the cell is marked preliminary.
import { S } from './strings.js';
import { el } from './dom.js';
import { RUNS, spread } from './timing.js';

/**
 * A `<td>` for `values` (one number per run), each number written by `format`; `col` names its
 * column (data-col). No runs: a dash.
 * @param {readonly number[]} values
 * @param {(v: number) => string} format
 * @param {string} col
 * @returns {HTMLTableCellElement}
 */
export function timedCell(values, format, col) {
  const td = el('td');
  td.dataset.col = col;
  if (!values.length) {
    td.textContent = '—';
    return td;
  }
  const s = spread(values);
  td.append(el('span', { cls: 'median', text: format(s.median) }));
  // One run, or runs all alike (the list against itself), have no range to show.
  if (s.min !== s.max) td.append(el('span', { cls: 'range', text: `${format(s.min)}–${format(s.max)}` }));
  Object.assign(td.dataset, { value: String(s.median), min: String(s.min), max: String(s.max), runs: values.join(',') });
  td.title = S.timingCell(values.length, RUNS);
  if (values.length < RUNS) td.classList.add('preliminary');
  return td;
}
