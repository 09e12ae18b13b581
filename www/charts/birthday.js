// The birthday bound: the chance of any collision among n fingerprints of each width against n
// (both axes log), with P3's 10^-24 and its human-fingerprint 10^-19 as level lines, P3's 13
// billion pages and 60 billion links marked at 128 and 64 bits, and the loaded URLs' n.
import { S } from '../strings.js';
import { int, sci, tenTo } from '../format.js';
import { axisTitle, cssColor, labelledLog, rateTicks, upsert } from './common.js';

/** The bottom of the y axis: below 2^-128 ≈ 2.9 × 10^-39, two 128-bit digests. */
const Y_MIN = 1e-40;

/** A width's colour, from style.css (--bits-32, …). */
export function bitsColor(bits) {
  return cssColor(`--bits-${bits}`, '#0b5cad');
}

/** Powers of ten every 4 decades, so that P3's 10⁻²⁴ is labelled: 1, 10⁻⁴, 10⁻⁸, … */
function fourDecades(value) {
  const e = Math.round(Math.log10(value));
  if (Math.abs(value / 10 ** e - 1) > 1e-6 || e % 4 !== 0) return '';
  return e === 0 ? '1' : tenTo(e);
}

function level(label, y, minX, maxX, color, dash) {
  return {
    label,
    data: [
      { x: minX, y },
      { x: maxX, y },
    ],
    borderColor: color,
    backgroundColor: color,
    borderDash: dash,
    borderWidth: 2,
    showLine: true,
    pointRadius: 0,
    pointHitRadius: 0,
    pointStyle: 'line',
    level: true,
    order: 3,
  };
}

/**
 * curves: `fpBirthday`'s report; rows: P3's pages and links (`birthday.rows`) and printed: P3's
 * numbers (`fpPaper`'s); inputN: the loaded URLs' distinct count, or null; soFar: while the
 * study reads, `{ lines, total }` (inputN counts the first `lines` of `total`), else absent.
 */
export function render(canvas, { curves, rows, printed, inputN, soFar = null }) {
  const ink = cssColor('--ink', '#1b2230');
  const muted = cssColor('--muted', '#4a5468');
  const all = curves.curves.flatMap((c) => c.points.map((p) => p.n));
  const minX = Math.min(...all);
  const maxX = Math.max(...all);
  const datasets = curves.curves.map((c) => ({
    label: S.fpCurve(c.bits),
    data: c.points.map((p) => ({ x: p.n, y: p.p })),
    borderColor: bitsColor(c.bits),
    backgroundColor: bitsColor(c.bits),
    borderWidth: 3,
    showLine: true,
    pointRadius: 0,
    pointHitRadius: 5,
    pointStyle: 'line',
    bits: c.bits,
    order: 2,
  }));
  datasets.push(level(S.fpClaimLine, curves.claim, minX, maxX, ink, [10, 6]));
  datasets.push(level(S.fpHumanLine, curves.human_fingerprint, minX, maxX, muted, [3, 4]));
  // Where 128-bit ids reach P3's 10^-24.
  const c128 = curves.curves.find((c) => c.bits === 128);
  if (c128) {
    datasets.push({
      label: S.fpClaimPoint(int(Math.round(c128.n_at_claim))),
      data: [{ x: c128.n_at_claim, y: curves.claim }],
      showLine: false,
      pointStyle: 'circle',
      pointRadius: 7,
      pointHoverRadius: 9,
      borderColor: ink,
      backgroundColor: bitsColor(128),
      borderWidth: 2,
      order: 0,
    });
  }
  for (const what of ['pages', 'links']) {
    // The chart's widths only (the 384- and 1024-bit rows are in the table: far below its axis).
    const mine = rows.filter((r) => r.n === printed[`web_${what}`] && r.bits <= 128);
    datasets.push({
      label: S.fpPaperPoint(S.fpClaimWhat[what], mine.map((r) => r.bits).join(' and ')),
      data: mine.map((r) => ({ x: r.n, y: Math.max(r.probability, Y_MIN), row: r })),
      showLine: false,
      pointStyle: what === 'pages' ? 'triangle' : 'rectRot',
      pointRadius: 9,
      pointHoverRadius: 11,
      borderColor: ink,
      backgroundColor: cssColor('--label-bg', 'rgba(255, 255, 255, 0.9)'),
      borderWidth: 2.5,
      order: 0,
    });
  }
  if (inputN && inputN >= minX) {
    datasets.push({
      label: soFar ? S.fpInputLineSoFar(int(inputN), int(soFar.lines), soFar.total) : S.fpInputLine(int(inputN)),
      data: [
        { x: inputN, y: Y_MIN },
        { x: inputN, y: 1 },
      ],
      borderColor: cssColor('--fp-measured', '#009e73'),
      backgroundColor: cssColor('--fp-measured', '#009e73'),
      borderDash: [6, 4],
      borderWidth: 2,
      showLine: true,
      pointRadius: 0,
      pointHitRadius: 0,
      pointStyle: 'line',
      level: true,
      order: 3,
    });
  }
  canvas.setAttribute('aria-label', S.fpBirthdayChartLabel);
  return upsert(canvas, {
    type: 'scatter',
    data: { datasets },
    options: {
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: { ...labelledLog(rateTicks, { maxRotation: 0 }), min: minX, max: maxX, title: axisTitle(S.axisUrlsLog) },
        y: { ...labelledLog(fourDecades), min: Y_MIN, max: 1, title: axisTitle(S.axisCollisionLog) },
      },
      plugins: {
        legend: { position: 'top', labels: { sort: (a, b) => a.datasetIndex - b.datasetIndex } },
        tooltip: {
          filter: (item) => !item.dataset.level,
          callbacks: {
            title: (items) => S.fpBirthdayTooltipTitle(int(Math.round(items[0].parsed.x))),
            label: (item) => {
              const r = item.raw.row;
              if (r) return S.fpBirthdayTooltip(`${S.fpCurve(r.bits)}`, sci(r.probability));
              return S.fpBirthdayTooltip(item.dataset.label, sci(item.parsed.y));
            },
          },
        },
      },
    },
  });
}
