// Table (c): every measure (one row each, with what it means) for every function (one column
// each). Values come from the wasm's measures; data-value keeps the exact number.
import { S } from '../strings.js';
import { MEASURE_FORMAT } from '../format.js';
import { el } from '../dom.js';

export function renderTable(table, rows) {
  table.tHead.replaceChildren(
    el('tr', {}, [
      el('th', { text: S.measureHead, attrs: { scope: 'col' } }),
      ...rows.map((row) => {
        const th = el('th', { attrs: { scope: 'col' }, title: row.summary }, [
          el('span', { cls: `swatch fn-${row.fn}`, attrs: { 'aria-hidden': 'true' } }),
          el('span', { text: row.name }),
        ]);
        th.dataset.fn = row.fn;
        return th;
      }),
    ]),
  );
  const body = S.columns.map((c) => {
    const head = el('th', { attrs: { scope: 'row', tabindex: '0' }, title: c.title }, [
      el('span', { cls: 'm-name', text: c.label }),
      el('span', { cls: 'm-short', text: c.short }),
    ]);
    const cells = rows.map((row) => {
      const v = row.measures[c.key];
      const td = el('td', {}, [el('span', { cls: 'v', text: MEASURE_FORMAT[c.key](v) })]);
      td.dataset.fn = row.fn;
      td.dataset.col = c.key;
      td.dataset.value = String(v);
      if (c.key === 'empty_slots') {
        const expected = MEASURE_FORMAT.expected_empty_slots(row.measures.expected_empty_slots);
        td.append(el('span', { cls: 'sub', text: S.expectedEmpty(expected) }));
      }
      return td;
    });
    const tr = el('tr', {}, [head, ...cells]);
    tr.dataset.col = c.key;
    return tr;
  });
  table.tBodies[0].replaceChildren(...body);
}
