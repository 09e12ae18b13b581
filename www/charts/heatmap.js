// A heat map of the hash-quality battery (beyond P1): a matrix of biases drawn cell by cell on
// a canvas, with its two axes titled and ticked and a colour scale from 0 (white: as a random
// function) to `max` (dark: every sample the same way). The avalanche map is input bit × output
// bit, |flips / samples − ½| × 2; the BIC map output bit × output bit, the worst |φ| of two
// output bits' flips. Drawing only: every number is the wasm report's. Chart.js has no matrix
// chart of its own, so this one is drawn directly (the slot map's way).
import { cssColor } from './common.js';

/** Cells per tick label on an axis of `n` cells. */
function tickStep(n) {
  return n <= 16 ? 4 : n <= 64 ? 8 : n <= 128 ? 16 : 32;
}

/**
 * rows × cols values (row-major) in 0..max, drawn with `xTitle`, `yTitle`, the scale's `legend`
 * words and `label` (the canvas's accessible name).
 * @param {HTMLCanvasElement} canvas
 * @param {{ values: ArrayLike<number>, rows: number, cols: number, max: number, xTitle: string, yTitle: string, legend: string[], label: string }} m
 */
export function render(canvas, { values, rows, cols, max, xTitle, yTitle, legend, label }) {
  // Drawn 560 px wide (scaled down with the page, its shape kept): cells as wide as the columns
  // allow, and tall enough that the map is at least 128 px high.
  const width = 560;
  const left = 44;
  const top = 8;
  const bottom = 66;
  const cellW = (width - left - 12) / cols;
  const cellH = Math.max(cellW, 128 / rows);
  const height = top + cellH * rows + bottom;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.maxWidth = '100%';
  canvas.style.height = 'auto';
  const g = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);
  const ink = cssColor('--ink', '#1b2230');
  const hot = [164, 22, 26];
  const colour = (v) => {
    const t = Math.min(1, Math.max(0, v / max));
    return `rgb(${Math.round(255 + (hot[0] - 255) * t)},${Math.round(255 + (hot[1] - 255) * t)},${Math.round(255 + (hot[2] - 255) * t)})`;
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      g.fillStyle = colour(values[r * cols + c]);
      g.fillRect(left + c * cellW, top + r * cellH, Math.ceil(cellW), Math.ceil(cellH));
    }
  }
  g.strokeStyle = ink;
  g.lineWidth = 1;
  g.strokeRect(left - 0.5, top - 0.5, cols * cellW + 1, rows * cellH + 1);
  g.fillStyle = ink;
  g.font = '12px system-ui, sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'top';
  for (let c = 0; c < cols; c += tickStep(cols)) g.fillText(String(c), left + c * cellW + cellW / 2, top + rows * cellH + 3);
  g.fillText(xTitle, left + (cols * cellW) / 2, top + rows * cellH + 18);
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  for (let r = 0; r < rows; r += tickStep(rows)) g.fillText(String(r), left - 4, top + r * cellH + cellH / 2);
  g.save();
  g.translate(12, top + (rows * cellH) / 2);
  g.rotate(-Math.PI / 2);
  g.textAlign = 'center';
  g.fillText(yTitle, 0, 0);
  g.restore();
  // The colour scale, under the x axis title.
  const y = top + rows * cellH + 38;
  const w = Math.min(200, cols * cellW);
  const grad = g.createLinearGradient(left, 0, left + w, 0);
  grad.addColorStop(0, colour(0));
  grad.addColorStop(1, colour(max));
  g.fillStyle = grad;
  g.fillRect(left, y, w, 10);
  g.strokeRect(left - 0.5, y - 0.5, w + 1, 11);
  g.fillStyle = ink;
  g.textAlign = 'left';
  g.textBaseline = 'top';
  g.fillText(legend[0], left, y + 12);
  g.textAlign = 'right';
  g.fillText(legend[1], left + w, y + 12);
  canvas.setAttribute('aria-label', label);
}
