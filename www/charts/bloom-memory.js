// P4's memory claim: bytes per URL of a Bloom filter at each m/N beside a hash set of the MD5
// fingerprints and a hash set of the URL strings (`urlhash bloom`'s memory model).
import { S } from '../strings.js';
import { fixed } from '../format.js';
import { axisTitle, barChart, barSeries, cssColor } from './common.js';

/** rows: `bloomMemory`'s rows, one per m/N. */
export function render(canvas, { rows }) {
  const labels = rows.map((r) => S.memoryRatioLabel(fixed(r.m_over_n, 2).replace(/\.?0+$/, '')));
  const datasets = [
    barSeries(S.memoryBloom, rows.map((r) => r.bloom_bytes_per_url), cssColor('--mem-bloom', '#0072b2')),
    barSeries(S.memoryMd5Set, rows.map((r) => r.md5_set_bytes_per_url), cssColor('--mem-md5', '#009e73')),
    barSeries(S.memoryStringSet, rows.map((r) => r.string_set_bytes_per_url), cssColor('--mem-string', '#d55e00')),
  ];
  canvas.setAttribute('aria-label', S.memoryChartLabel);
  return barChart(canvas, {
    labels,
    datasets,
    xTitle: S.axisMemoryRatio,
    y: { beginAtZero: true, title: axisTitle(S.axisBytesPerUrl) },
    tooltip: {
      callbacks: {
        title: (items) => items[0].label,
        label: (item) => `${item.dataset.label}: ${fixed(item.parsed.y, 2)} ${S.bytesPerUrlUnit}`,
      },
    },
  });
}
