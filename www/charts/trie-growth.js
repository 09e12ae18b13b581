// P4's list beside the other structures as the URLs come in: bytes per URL against the distinct
// URLs stored (log y), with P4's JVM estimate of its list and P4's own figure, 2 MB for
// 10 000 URLs, as a marked point and a level line.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { axisTitle, cssColor, intTicks, labelledLog, logTicks, upsert } from './common.js';

/** A structure's colour, from style.css (--st-gl-trie, …). */
export function structureColor(id) {
  return cssColor(`--st-${id}`, '#0b5cad');
}

/** study: `urlhash trie`'s study ({checkpoints, structures, claims}). */
export function render(canvas, { study }) {
  const ink = cssColor('--ink', '#1b2230');
  // A structure's points where it was measured (the FST, static, only where it was rebuilt:
  // src/papers/p4/mod.rs), its line drawn through them.
  const points = (id, key) =>
    study.checkpoints.flatMap((c) => {
      const row = c.rows.find((r) => r.structure === id);
      return row ? [{ x: c.distinct, y: row[key] }] : [];
    });
  const datasets = study.structures.map((id) => ({
    label: S.structureShort[id] ?? id,
    data: points(id, 'bytes_per_url'),
    borderColor: structureColor(id),
    backgroundColor: structureColor(id),
    borderWidth: id === 'gl-trie-fixed' ? 2 : 2.5,
    borderDash: id === 'gl-trie-fixed' ? [3, 3] : undefined,
    pointRadius: 2.5,
    structure: id,
  }));
  if (study.structures.includes('gl-trie')) {
    datasets.push({
      label: S.trieJavaSeries,
      data: points('gl-trie', 'java_bytes_per_url'),
      borderColor: structureColor('gl-trie'),
      backgroundColor: structureColor('gl-trie'),
      borderDash: [10, 6],
      borderWidth: 2,
      pointRadius: 0,
      pointHitRadius: 6,
      pointStyle: 'line',
    });
  }
  const c = study.claims;
  const maxX = Math.max(...study.checkpoints.map((p) => p.distinct));
  const minX = Math.min(...study.checkpoints.map((p) => p.distinct));
  // P4's figure: a level line across the chart, and the point itself when N reaches 10 000.
  datasets.push({
    label: S.trieP4Line(fixed(c.bytes_per_url, 1)),
    data: [
      { x: minX, y: c.bytes_per_url },
      { x: maxX, y: c.bytes_per_url },
    ],
    borderColor: ink,
    backgroundColor: ink,
    borderDash: [2, 4],
    borderWidth: 1.5,
    pointRadius: 0,
    pointHitRadius: 0,
    pointStyle: 'line',
    levelLine: true,
  });
  if (maxX >= c.memory_urls) {
    datasets.push({
      label: S.trieP4Point(fixed(c.memory_mb, 0), int(c.memory_urls)),
      data: [{ x: c.memory_urls, y: c.bytes_per_url }],
      showLine: false,
      pointStyle: 'triangle',
      pointRadius: 10,
      pointHoverRadius: 12,
      borderColor: ink,
      backgroundColor: 'rgba(255, 255, 255, 0.9)',
      borderWidth: 3,
      p4: true,
    });
  }
  canvas.setAttribute('aria-label', S.trieGrowthLabel(int(maxX)));
  return upsert(canvas, {
    type: 'line',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: { type: 'linear', min: 0, title: axisTitle(S.axisDistinctUrls), ticks: { callback: intTicks } },
        y: { ...labelledLog(logTicks), title: axisTitle(S.axisBytesPerUrlLog) },
      },
      plugins: {
        legend: { position: 'top' },
        tooltip: {
          filter: (item) => !item.dataset.levelLine,
          callbacks: {
            title: (items) => (items[0].dataset.p4 ? S.trieP4Tooltip : S.trieGrowthTooltipTitle(int(items[0].parsed.x))),
            label: (item) => `${item.dataset.label}: ${fixed(item.parsed.y, 1)} ${S.bytesPerUrlUnit}`,
          },
        },
      },
    },
  });
}
