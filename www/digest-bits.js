// Two 128-bit digests as rows of bit cells, 32 bits to a block: the hex digits of A over A's
// bits, B's bits, then B's hex digits, each hex digit over its four bits; the bits where A and
// B differ highlighted in both rows. Drawing only: the bits come from the wasm (`fpAvalanche`).
import { S } from './strings.js';
import { el } from './dom.js';

/** Bits per block (one line of cells). */
const BLOCK = 32;

/** One row of hex digits (`hex`, 8 of them for the block starting at bit `first`), over its bits or `below` them. */
function hexRow(label, hex, other, first, below) {
  const cells = [el('span', { cls: 'lbl', text: label })];
  for (let j = 0; j < BLOCK / 4; j += 1) {
    const i = first / 4 + j;
    const differs = hex[i] !== other[i];
    cells.push(el('span', { cls: `h${below ? ' below' : ''}${differs ? ' diff' : ''}`, text: hex[i], title: S.fpHexTitle(i, hex[i], other[i]) }));
  }
  return cells;
}

/** One row of bit cells. */
function bitRow(label, bits, other, first) {
  const cells = [el('span', { cls: 'lbl', text: label })];
  for (let i = first; i < first + BLOCK; i += 1) {
    const differs = bits[i] !== other[i];
    let cls = `b${differs ? ' diff' : ''}`;
    if (i % 4 === 0) cls += ' nib';
    const cell = el('span', { cls, text: String(bits[i]), title: S.fpBitTitle(i, bits[i], other[i]) });
    cell.dataset.i = String(i);
    cells.push(cell);
  }
  return cells;
}

/** Draws `a` (`fpAvalanche`'s report) in `box`. */
export function drawDigests(box, a) {
  const blocks = [];
  for (let first = 0; first < 128; first += BLOCK) {
    blocks.push(
      el('div', { cls: 'blk' }, [
        el('span', { cls: 'blk-head', text: S.fpBitsBlock(first, first + BLOCK - 1) }),
        ...hexRow('A', a.digest_a, a.digest_b, first, false),
        ...bitRow('A', a.bits_a, a.bits_b, first),
        ...bitRow('B', a.bits_b, a.bits_a, first),
        ...hexRow('B', a.digest_b, a.digest_a, first, true),
      ]),
    );
  }
  box.replaceChildren(...blocks);
  box.setAttribute('aria-label', S.fpBitsLabel(a.differing_bits));
  box.dataset.diff = String(box.querySelectorAll('.b.diff').length / 2);
}
