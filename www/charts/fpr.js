// Bloom filters: the false-positive rate measured on held-out URLs against m/N for one k, one
// series of points per index method with 95 % Wilson intervals, beside the exact formula, the
// rate at the optimal k, and the papers' points (log y).
import { S } from '../strings.js';
import { int, fixed, small } from '../format.js';
import { axisTitle, cssColor, errorBars, labelledLog, rateTicks, upsert } from './common.js';

/** An index method's colour, from style.css (--method-double, …). */
export function methodColor(id) {
  return cssColor(`--method-${id}`, '#0b5cad');
}

/** Horizontal spread of the methods' points around their m/N, so their intervals do not overlap. */
const SPREAD = 0.22;
const PAPER_STYLE = { p4: 'triangle', p5: 'rectRot', 'p5-optimal-k': 'star' };

/**
 * rows: the measured rows (FprReport) for k; methods: the ids shown, in order; names: id →
 * name; theory: `bloomTheory`'s report; ratio: the m/N chosen (its points are drawn larger).
 */
export function render(canvas, { rows, methods, names, theory, ratio, k }) {
  const ink = cssColor('--ink', '#1b2230');
  const datasets = methods.map((id, i) => {
    const offset = (i - (methods.length - 1) / 2) * SPREAD;
    const mine = rows.filter((r) => r.method === id).sort((a, b) => a.m_over_n - b.m_over_n);
    return {
      label: names[id] ?? id,
      data: mine.map((r) => ({
        x: r.m_over_n + offset,
        // No false positive: the point sits at the interval's upper end, pointing down.
        y: r.false_positives > 0 ? r.measured : r.ci_high,
        lo: r.ci_low,
        hi: r.ci_high,
        row: r,
      })),
      showLine: false,
      errorBars: true,
      borderColor: methodColor(id),
      backgroundColor: methodColor(id),
      pointStyle: mine.map((r) => (r.false_positives > 0 ? 'circle' : 'triangle')),
      rotation: mine.map((r) => (r.false_positives > 0 ? 0 : 180)),
      pointRadius: mine.map((r) => (r.m_over_n === ratio ? 7 : 4.5)),
      pointHoverRadius: 8,
      order: 1,
    };
  });
  datasets.push({
    label: S.fprTheoryLabel(fixed(k, 0)),
    data: theory.curve.filter((p) => p.exact > 0).map((p) => ({ x: p.m_over_n, y: p.exact })),
    borderColor: ink,
    backgroundColor: ink,
    borderWidth: 2.5,
    showLine: true,
    pointRadius: 0,
    pointHitRadius: 4,
    pointStyle: 'line',
    theory: 'exact',
    order: 3,
  });
  datasets.push({
    label: S.fprOptimalLabel,
    data: theory.curve.filter((p) => p.at_optimal_k > 0).map((p) => ({ x: p.m_over_n, y: p.at_optimal_k, k: p.optimal_k })),
    borderColor: cssColor('--muted', '#4a5468'),
    backgroundColor: cssColor('--muted', '#4a5468'),
    borderDash: [3, 4],
    borderWidth: 2,
    showLine: true,
    pointRadius: 0,
    pointHitRadius: 4,
    pointStyle: 'line',
    theory: 'optimal',
    order: 4,
  });
  for (const p of theory.paper_points) {
    datasets.push({
      label: S.fprPaperLabel[p.id] ?? p.id,
      data: [{ x: p.m_over_n, y: p.fpr_as_given, paper: p }],
      showLine: false,
      pointStyle: PAPER_STYLE[p.id] ?? 'rect',
      pointRadius: p.id === 'p5-optimal-k' ? 12 : 10,
      pointHoverRadius: 13,
      borderColor: ink,
      backgroundColor: 'rgba(255, 255, 255, 0.85)',
      borderWidth: 2.5,
      order: 0,
    });
  }
  const maxRatio = theory.curve[theory.curve.length - 1].m_over_n;
  canvas.setAttribute('aria-label', S.fprChartLabel(fixed(k, 0), int(theory.n)));
  return upsert(canvas, {
    type: 'scatter',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: true },
      scales: {
        x: {
          type: 'linear',
          min: 0,
          max: maxRatio,
          title: axisTitle(S.axisBitsPerUrl),
          ticks: { stepSize: 2 },
        },
        y: { ...labelledLog(rateTicks), max: 1, title: axisTitle(S.axisFprLog) },
      },
      plugins: {
        legend: { position: 'top', labels: { sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip: {
          callbacks: {
            title: (items) => {
              const d = items[0].raw;
              if (d.row) return S.fprTooltipTitle(fixed(d.row.m_over_n, 2).replace(/\.?0+$/, ''), d.row.k);
              if (d.paper) return S.fprPaperLabel[d.paper.id] ?? d.paper.id;
              return S.fprTheoryTitle(fixed(d.x, 2));
            },
            label: (item) => {
              const d = item.raw;
              if (d.row) {
                const r = d.row;
                return S.fprTooltipMeasured(item.dataset.label, int(r.false_positives), int(r.trials), small(r.measured), small(r.ci_low), small(r.ci_high));
              }
              if (d.paper) return S.fprTooltipPaper(small(d.paper.fpr_as_given), small(d.paper.fpr_exact_at_this_n), int(theory.n));
              if (item.dataset.theory === 'optimal') return S.fprTooltipOptimal(fixed(d.k, 1), small(d.y));
              return `${item.dataset.label}: ${small(d.y)}`;
            },
            afterLabel: (item) => (item.raw.row ? S.fprTooltipTheory(small(item.raw.row.exact)) : ''),
          },
        },
      },
    },
    plugins: [errorBars],
  });
}
