// P1's controls: the hash functions (grouped by paper), the key radios, the slot count M (typed
// or a preset). An input too big to keep shows only what its load hashed: other choices are
// refused at their control, with a button that loads it again with them.
import { S, nameOf, summaryOf } from '../strings.js';
import { int } from '../format.js';
import { parseSlots } from '../slots.js';
import { C } from '../constants.js';
import { $, el, showText } from '../dom.js';

/**
 * Offers `buildFunctionList`, `buildPresets`, `markPresets`, `setSlots`, `checkKey`,
 * `refuseFunctions`, `settleChoices`, `functionsToHash` and `wire` (the controls' events).
 * @param {import('./context.js').Ctx} ctx
 */
export function setupP1Controls(ctx) {
  const state = ctx.state;

  function buildFunctionList() {
    const groups = new Map();
    for (const f of state.functions) {
      if (!groups.has(f.paper)) groups.set(f.paper, []);
      groups.get(f.paper).push(f);
    }
    const box = $('functions');
    box.replaceChildren(
      ...[...groups].map(([paper, list]) =>
        el('fieldset', { cls: 'fn-group' }, [
          el('legend', { text: S.paperGroup[paper] ?? paper }),
          ...list.map((f) => {
            const input = /** @type {HTMLInputElement} */ (el('input', { attrs: { type: 'checkbox', name: 'fn', id: `fn-${f.id}` } }));
            input.value = f.id;
            input.checked = state.selected.has(f.id);
            input.addEventListener('change', () => {
              $('fn-error')?.remove();
              if (input.checked && !computable(f.id, state.key)) {
                // The lines were not kept: only what the load hashed can be shown.
                refuseFunctions([f.id]);
                return;
              }
              if (input.checked) state.selected.add(f.id);
              else state.selected.delete(f.id);
              ctx.requestView();
            });
            const label = el('label', { attrs: { for: `fn-${f.id}` }, title: `${f.id}: ${summaryOf(f)}` }, [
              el('span', { cls: `swatch fn-${f.id}`, attrs: { 'aria-hidden': 'true' } }),
              el('span', { text: nameOf(f) }),
            ]);
            return el('div', { cls: 'fn-item' }, [input, label]);
          }),
        ]),
      ),
    );
  }

  function buildPresets() {
    const box = $('presets');
    box.replaceChildren(
      ...S.slotsPresetGroups.map((g) =>
        el('div', { cls: 'preset-group' }, [
          el('span', { cls: 'preset-label', text: g.label }),
          el(
            'div',
            { cls: 'preset-buttons' },
            g.values.map((m, i) => {
              const b = el('button', {
                cls: 'preset',
                text: g.powers ? `${int(m)} (2^${g.powers[i]})` : int(m),
                attrs: { type: 'button' },
              });
              b.dataset.m = String(m);
              b.addEventListener('click', () => setSlots(m));
              return b;
            }),
          ),
        ]),
      ),
    );
    // Measured with the next frame's layout, not by forcing one now.
    requestAnimationFrame(presetsEnd);
  }

  /** Marks the presets strip scrolled to its end (or not scrolling), so its fade cue goes. */
  function presetsEnd() {
    const box = $('presets');
    box.classList.toggle('at-end', box.scrollLeft + box.clientWidth >= box.scrollWidth - 2);
  }

  function markPresets() {
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button.preset'))) {
      const on = Number(b.dataset.m) === state.m;
      b.classList.toggle('on', on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
  }

  /** @param {number} m */
  function setSlots(m) {
    state.m = m;
    $('m-input').value = String(m);
    showText($('m-error'), '');
    $('m-input').removeAttribute('aria-invalid');
    markPresets();
    ctx.requestView();
  }

  function applyTypedSlots() {
    const { m, error } = parseSlots($('m-input').value);
    if (error) {
      showText($('m-error'), error);
      $('m-input').setAttribute('aria-invalid', 'true');
      return;
    }
    if (m !== state.m || $('m-error').hidden === false) setSlots(m);
  }

  /**
   * Says at a control why it cannot change the input on screen, with a button that loads the
   * input again after `choose` has made the choice.
   * @param {HTMLElement} box
   * @param {string} message
   * @param {string} button
   * @param {() => void} choose
   */
  function offerReload(box, message, button, choose) {
    const again = el('button', { text: button, attrs: { type: 'button' } });
    again.addEventListener('click', () => {
      box.hidden = true;
      choose();
      ctx.load(state.lastSource);
    });
    box.replaceChildren(el('span', { text: `${message} ` }), again);
    box.hidden = false;
  }

  /**
   * After a load too big to keep: a key or functions chosen while it loaded, which it did not
   * hash, are put back, and said so at their controls (with a button that loads it again).
   */
  function settleChoices() {
    const input = state.input;
    if (input.report.urls_kept) return;
    if (state.key !== input.hashed.key) {
      const wanted = state.key;
      state.key = input.hashed.key;
      refuseKey(wanted, [...state.selected]);
    }
    const dropped = [...state.selected].filter((fn) => !input.hashed.fns.includes(fn));
    if (dropped.length) refuseFunctions(dropped);
  }

  /** @returns {NodeListOf<HTMLInputElement>} the key radios */
  const keyRadios = () => document.querySelectorAll('input[name="key"]');

  /**
   * The key radios showing `key`.
   * @param {string} key
   */
  function checkKey(key) {
    for (const r of keyRadios()) r.checked = r.value === key;
  }

  /**
   * The boxes of `fns` ticked or not, and the selection with them.
   * @param {string[]} fns
   * @param {boolean} on
   */
  function tickFunctions(fns, on) {
    for (const fn of fns) {
      if (on) state.selected.add(fn);
      else state.selected.delete(fn);
      const box = $(`fn-${fn}`);
      if (box) box.checked = on;
    }
  }

  /**
   * Functions the input on screen cannot show (its lines were not kept) are unticked and said so
   * under the first one's box, where the eye is, with a button that loads it again with them.
   * @param {string[]} fns
   */
  function refuseFunctions(fns) {
    tickFunctions(fns, false);
    const note = el('p', { cls: 'error', attrs: { id: 'fn-error', role: 'alert' } });
    $(`fn-${fns[0]}`)?.closest('.fn-item').after(note);
    const names = fns.map((fn) => state.names[fn] ?? fn).join(', ');
    offerReload(note, S.notKeptFunction(names, S.keyName[state.key], int(state.input.report.urls)), S.reloadWith(names), () => tickFunctions(fns, true));
  }

  /**
   * The key `wanted`, which the input on screen cannot read for `fns` (its lines were not kept):
   * the radios show the key in use, and say so, with a button that loads it again over `wanted`.
   * @param {string} wanted
   * @param {string[]} fns
   */
  function refuseKey(wanted, fns) {
    checkKey(state.key);
    ctx.showDataBadge();
    const names = fns.map((fn) => state.names[fn] ?? fn).join(', ');
    offerReload($('key-error'), S.notKeptKey(S.keyName[wanted], names, int(state.input.report.urls)), S.reloadOver(S.keyName[wanted]), () => {
      state.key = wanted;
      checkKey(wanted);
    });
  }

  /**
   * Whether the input on screen can show `fn` over `key`: always when its lines were kept, else
   * only what its load hashed as the lines arrived.
   * @param {string} fn
   * @param {string} key
   */
  function computable(fn, key) {
    const input = state.input;
    if (!input || input.report.urls_kept) return true;
    return input.hashed.key === key && input.hashed.fns.includes(fn);
  }

  /**
   * Functions a load hashes as the lines arrive: the selected ones and P1's.
   * @returns {string[]}
   */
  function functionsToHash() {
    return state.functions.map((f) => f.id).filter((id) => state.selected.has(id) || C.p1.functions.includes(id));
  }

  /** The presets strip's fade cue. */
  function wireScroll() {
    $('presets').addEventListener('scroll', presetsEnd, { passive: true });
    addEventListener('resize', presetsEnd, { passive: true });
  }

  /** The key radios and the typed M. */
  function wire() {
    for (const radio of keyRadios()) {
      radio.addEventListener('change', () => {
        showText($('key-error'), '');
        const blocked = radio.checked ? [...state.selected].filter((fn) => !computable(fn, radio.value)) : [];
        if (blocked.length) {
          // The lines were not kept: the key the load hashed stays.
          refuseKey(radio.value, blocked);
          return;
        }
        if (radio.checked) {
          state.key = radio.value;
          ctx.showDataBadge();
          ctx.requestView();
        }
      });
    }
    $('m-apply').addEventListener('click', applyTypedSlots);
    $('m-input').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        applyTypedSlots();
      }
    });
    $('m-input').addEventListener('change', applyTypedSlots);
  }

  return { buildFunctionList, buildPresets, markPresets, setSlots, checkKey, refuseFunctions, settleChoices, functionsToHash, wireScroll, wire };
}
