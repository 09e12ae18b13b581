// The "Why?" cards: each anomaly of P1 with its cause and its evidence, measured by the wasm
// on the loaded URLs (Lab.p1Report()).
import { S } from '../strings.js';
import { int, fixed, percent, byteChar } from '../format.js';
import { el } from '../dom.js';

function table(head, rows, highlight) {
  const t = el('table', { cls: 'mini' }, [
    el('thead', {}, [el('tr', {}, head.map((h) => el('th', { text: h, attrs: { scope: 'col' } })))]),
    el(
      'tbody',
      {},
      rows.map((cells, i) => el('tr', { cls: highlight(i) ? 'hl' : '' }, cells.map((c) => el('td', { text: c })))),
    ),
  ]);
  return el('div', { cls: 'table-wrap' }, [t]);
}

function card(id, strings, evidence) {
  return el('article', { cls: 'card', attrs: { id: `why-${id}` } }, [
    el('h3', { text: strings.title }),
    el('p', { cls: 'claim', text: strings.claim }),
    el('p', { cls: 'cause', text: strings.cause }),
    el('div', { cls: 'evidence' }, [el('h4', { text: S.evidence }), ...evidence]),
  ]);
}

const p = (text) => el('p', { text });
const bOf = (pairs, m) => pairs.find(([mm]) => mm === m)?.[1];

/** The M at which P1 says hf beats HfIp (“hf 在 M=8,10,40 时表现最好(比 HfIp 要好)”). */
const HF_BEST_M = [8, 10, 40];

/**
 * P1's “hf better than HfIp at M = 8, 10, 40” against the loaded URLs: each B, and at how many
 * of the three hf's B is lower by more than B's third decimal.
 * @param {any} h3 the report's hf_multiple_of_3
 */
function hfAgainstHfip(h3) {
  const rows = HF_BEST_M.map((m) => [m, bOf(h3.b_by_m, m), bOf(h3.hfip_b_by_m, m)]);
  const lower = rows.filter(([, hf, hfip]) => hf < hfip - 0.0005).length;
  return S.ev.hfAgainstHfip(
    rows.map(([m, hf, hfip]) => [int(m), fixed(hf, 4), fixed(hfip, 4)]),
    lower,
    rows.length,
  );
}

export function renderWhy(container, r) {
  const n = int(r.n);
  const h3 = r.hf_multiple_of_3;
  const hr = r.hf_bounded_range;
  const zb = r.hfip_zero_bits;
  const el_ = r.elf_clumps;
  const mp = r.misprint;

  const cards = [
    card('hf3', S.why.hf3, [
      p(S.ev.hf3Share(percent(h3.share_multiple_of_3), n)),
      el('p', { cls: 'key-fact', text: S.ev.hf3Slots(int(h3.slots_hit_m12)) }),
      table(
        S.ev.bTableHead,
        h3.b_by_m.map(([m, b]) => [int(m), fixed(b, 3), fixed(bOf(h3.hfip_b_by_m, m), 3)]),
        (i) => h3.b_by_m[i][0] === 12,
      ),
      p(hfAgainstHfip(h3)),
    ]),
    card('hfRange', S.why.hfRange, [
      p(S.ev.hfRangeMax(int(hr.max_value), int(hr.bound_for_longest), int(hr.longest_url))),
      el('p', {
        cls: 'key-fact',
        text: S.ev.hfRangeSlots(int(hr.m), int(hr.reachable_slots), int(hr.slots_hit), fixed(hr.random_slots_hit, 0)),
      }),
      p(S.ev.hfRangeA(int(hr.m), fixed(hr.a, 3), fixed(hr.hfip_a, 3))),
    ]),
    card('hfipBits', S.why.hfipBits, [
      p(S.ev.hfipAscii(int(zb.ascii_urls), n)),
      p(S.ev.hfipNeverSet(zb.never_set.join(', '))),
      p(zb.urls_with_high_bit.map(([bit, c]) => S.ev.hfipHighBit(bit, int(c))).join('; ') + '.'),
      ...zb.by_m.map((x) =>
        el('p', {
          cls: 'key-fact',
          text: S.ev.hfipByM(
            int(x.m),
            percent(x.share_of_slots, 0),
            percent(x.share_of_urls),
            int(x.slots_hit),
            fixed(x.random_slots_hit, 0),
          ),
        }),
      ),
    ]),
    card('elf', S.why.elf, [
      p(S.ev.elfNibble(percent(el_.low_nibble_is_last_byte))),
      p(S.ev.elfEndings + el_.top_last_bytes.map(([b, share]) => S.ev.elfEnding(byteChar(b), percent(share, 1))).join(', ') + '.'),
      el('p', { cls: 'key-fact', text: S.ev.elfB8(fixed(el_.b_m8, 3), fixed(el_.b_m8_predicted, 3)) }),
      table(S.ev.elfBTableHead, el_.b_by_m.map(([m, b]) => [int(m), fixed(b, 3)]), () => false),
    ]),
    card('misprint', S.why.misprint, [
      el('p', { cls: 'key-fact', text: S.ev.misprintLine(fixed(mp.printed, 2), fixed(mp.formula, 2)) }),
      table(
        S.ev.misprintHead,
        r.table.map((c) => [
          int(c.n),
          fixed(c.a_opt_printed, 2),
          fixed(c.a_opt_formula, 2),
          fixed(c.a_opt_whole, 2),
          fixed(c.a_random, 2),
          fixed(c.a_max, 2),
          fixed(c.hfip_printed, 2),
          c.hfip === null ? S.ev.notMeasured : fixed(c.hfip, 2),
        ]),
        (i) => r.table[i].n === mp.n,
      ),
      ...(r.table.some((c) => c.hfip === null) ? [el('p', { cls: 'muted', text: S.ev.notMeasuredNote })] : []),
      p(S.ev.wholeLoadsNote),
      p(S.ev.captionsLine(int(r.fig2_captions[0]?.n ?? 0))),
      table(
        S.ev.captionsHead,
        r.fig2_captions.map((c) => [int(c.caption_m), int(c.text_m), fixed(c.random_b_caption, 3), fixed(c.random_b_text, 4)]),
        () => false,
      ),
      p(S.ev.captionsNote),
    ]),
  ];
  container.replaceChildren(...cards);
}
