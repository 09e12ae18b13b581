// The slot map (P1): every slot of M as one pixel, coloured by how many loaded URLs fell into
// it, one image per function, so HfIp's never-set bits, hf's unreachable range and ELFhash's
// clumps are seen, not only measured. The worker's wasm draws each image (src/mechanisms/slotmap.rs) into
// an ImageData; this module puts it on a canvas and words its legend. `urlhash slotmap` writes
// the same pixels to PNG files.
import { S, nameOf } from '../strings.js';
import { int, fixed, percent } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { markField } from '../fields.js';
import { sectionRuns } from './section-run.js';
import { parseSlots } from '../slots.js';
import { C } from '../constants.js';
import { MSG } from '../protocol.js';


/** Below this mean load most slots are empty whatever the function. */
const SPARSE_LOAD = 0.25;

const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const power = (m) => (Number.isInteger(Math.log2(m)) ? `2^${Math.log2(m)}` : int(m));

/** The words of a class of counts: "0", "3–4", "65 +". */
function classLabel(c) {
  if (c.max === null) return S.slotmapAtLeast(int(c.min));
  return c.max === c.min ? int(c.min) : `${int(c.min)}–${int(c.max)}`;
}

export function setupSlotmap(ctx) {
  const state = { m: C.slotmap.first, layout: 'hilbert', seen: false, wanted: false, last: null };

  function readControls() {
    const r = parseSlots($('slotmap-m').value);
    const error = r.error ?? (r.m > C.slotmap.maxSlots ? S.slotmapTooMany(int(C.slotmap.maxSlots), power(C.slotmap.maxSlots)) : null);
    markField($('slotmap-m'), $('slotmap-m-error'), error, readControls);
    if (error) return false;
    state.m = r.m;
    state.layout = /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="slotmap-layout"]:checked'))?.value ?? 'hilbert';
    markPresets();
    return true;
  }

  function buildPresets() {
    $('slotmap-presets').replaceChildren(
      ...C.slotmap.presets.map((m) => {
        const b = el('button', { cls: 'seg', text: power(m), attrs: { type: 'button', 'aria-pressed': 'false' } });
        b.dataset.m = String(m);
        b.addEventListener('click', () => {
          $('slotmap-m').value = power(m);
          apply();
        });
        return b;
      }),
    );
    markPresets();
  }

  function markPresets() {
    for (const b of $('slotmap-presets').children) {
      const on = Number(b.dataset.m) === state.m;
      b.classList.toggle('on', on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
  }

  function apply() {
    if (readControls() && ctx.input()) run();
  }

  const runs = sectionRuns(ctx, {
    section: $('slotmap'),
    error: $('slotmap-error'),
    status: $('slotmap-status'),
    stale: (flag) => $('slotmap-images').classList.toggle('stale', flag),
    measure: 'uhl:slotmap',
  });

  async function run() {
    if (!ctx.input()) return;
    state.wanted = false;
    const { m, layout } = state;
    const r = runs.begin(() => S.slotmapDrawing(power(m)));
    try {
      const { maps } = await ctx.call(MSG.slotMap, { fns: ctx.functions(), key: ctx.key(), m, layout });
      if (!r.current()) return;
      state.last = { maps, key: ctx.key() };
      render();
      const took = fixed(r.seconds(), 2);
      r.done(() => S.slotmapDone(maps.length, took), { m: String(m), layout });
    } catch (e) {
      if (r.current()) $('slotmap-images').classList.remove('stale');
      r.failed(e);
    }
  }

  /** Draws the last answer (again, in another language). */
  function render() {
    const { maps, key } = state.last;
    const first = maps[0];
    const load = first ? first.n / first.m : 0;
    showText($('slotmap-sparse'), first && load < SPARSE_LOAD ? S.slotmapSparse(fixed(load, 3), int(first.n), power(first.m), ...C.corpus.sizes.slice(-2).map(int)) : '');
    $('slotmap-images').replaceChildren(...maps.map((map) => figure(map, key)));
  }

  function figure(map, key) {
    const name = nameOf(ctx.functionInfo(map.fn)) || map.fn;
    const id = `slotmap-${map.fn}-m${map.m}-${map.layout}`;
    const canvas = el('canvas', {
      cls: 'slotmap-canvas',
      attrs: { id, width: String(map.width), height: String(map.height), role: 'img' },
    });
    canvas.getContext('2d').putImageData(map.image, 0, 0);
    const emptyShare = map.classes[0].slots / map.m;
    canvas.setAttribute('aria-label', S.slotmapAlt(name, power(map.m), percent(emptyShare, 1), int(map.max_count)));
    const legendRows = map.classes.map((c) => [classLabel(c), hex(c.rgb), c.slots, c.expected]);
    canvas.dataset.exportImage = '';
    canvas.dataset.exportParams = JSON.stringify({
      function: map.fn,
      key,
      n: map.n,
      m: map.m,
      layout: map.layout,
      width: map.width,
      height: map.height,
      largestCount: map.max_count,
      legend: legendRows.map(([count, colour, slots, expected]) => ({ count, colour, slots, ifRandom: Number(expected.toFixed(1)) })),
    });
    const table = el('table', { cls: 'mini slotmap-legend' }, [
      el('thead', {}, [el('tr', {}, S.slotmapLegendHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } })))]),
      el(
        'tbody',
        {},
        map.classes.map((c) => {
          const tr = el('tr', {}, [
            el('th', { attrs: { scope: 'row' } }, [el('span', { cls: 'swatch', attrs: { 'aria-hidden': 'true' } }), classLabel(c)]),
            el('td', { text: int(c.slots), cls: 'key' }),
            el('td', { text: percent(c.slots / map.m, 1) }),
            el('td', { text: fixed(c.expected, 1) }),
          ]);
          /** @type {HTMLElement} */ (tr.querySelector('.swatch')).style.background = hex(c.rgb);
          tr.dataset.slots = String(c.slots);
          tr.dataset.min = String(c.min);
          return tr;
        }),
      ),
    ]);
    const fig = el('figure', { cls: 'fig slotmap-fig' }, [
      el('figcaption', {}, [
        el('h3', { text: name }),
        el('p', {
          cls: 'note',
          text: S.slotmapCaption(int(map.n), power(map.m), S.slotmapLayouts[map.layout], int(map.width), int(map.height), int(map.max_count)),
        }),
      ]),
      el('div', { cls: 'slotmap-box' }, [canvas]),
      el('div', { cls: 'table-scroll' }, [table]),
    ]);
    fig.dataset.fn = map.fn;
    fig.dataset.empty = String(map.classes[0].slots);
    return fig;
  }

  buildPresets();
  say($('slotmap-m-hint'), () => S.slotmapMHint(power(C.slotmap.maxSlots)));
  $('slotmap-m').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    }
  });
  $('slotmap-draw').addEventListener('click', apply);
  for (const r of document.querySelectorAll('input[name="slotmap-layout"]')) r.addEventListener('change', apply);

  // Images of 2^21 slots are 8 MiB each: drawn once the section is near the screen.
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      state.seen = true;
      near.disconnect();
      if (state.wanted && readControls()) run();
    },
    { rootMargin: '400px 0px' },
  );
  near.observe($('slotmap'));

  return {
    relabel() {
      buildPresets();
      if (state.last) render();
    },
    waiting() {
      runs.waiting(() => S.dedupWaiting);
    },
    load(generation) {
      if (runs.askedGen === generation) return;
      if (!state.seen) {
        // Not under way either: nothing is computing until the section is near the screen.
        delete $('slotmap').dataset.gen;
        state.wanted = true;
        say($('slotmap-status'), () => S.slotmapLater);
        return;
      }
      if (readControls()) return run();
    },
  };
}
