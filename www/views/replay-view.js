// P3's spider threads, replayed (P3 §3.3): the first loaded URLs dealt to two threads by domain,
// step by step under one global lock or P3's partial locks. A replay of the rule in
// src/mechanisms/fingerprint/replay.rs, not a measurement: `urlhash paper p3 --threads` times real threads.
// Drawing only: the schedule comes from the wasm (`p3Replay`).
import { S } from '../strings.js';
import { int } from '../format.js';
import { $, showText } from '../dom.js';
import { MSG } from '../protocol.js';

/** Play shows one step per this many milliseconds. */
const PLAY_MS = 700;
/** URLs the core replays (fingerprint::replay::MAX_URLS). */
const MAX_URLS = 12;

/**
 * The core's replay (protocol.js's Replay, src/mechanisms/fingerprint/replay.rs) of the first `urls`, as
 * { locking, urls, owners, steps: [{ lanes, holders, store }], ... }: only the first
 * holder is a lock under one global lock.
 */
export function unpack(replay, urls) {
  const { partial, owners, waits, distinct, duplicates } = replay;
  const locks = partial ? 2 : 1;
  return {
    locking: partial ? 'partial' : 'global',
    urls: urls.slice(0, owners.length),
    owners,
    waits,
    distinct,
    duplicates,
    steps: replay.steps.map((s) => ({ lanes: s.lanes, holders: s.holders.slice(0, locks), store: s.store })),
  };
}

export function setupReplay(ctx) {
  const state = { replay: null, step: 0, ticket: 0, timer: null };

  const partial = () => /** @type {HTMLInputElement | null} */ (document.querySelector('input[name="fp-replay-locking"]:checked'))?.value === 'partial';
  const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

  function stop() {
    clearInterval(state.timer);
    state.timer = null;
    $('fp-replay-play').textContent = S.fpReplayPlay;
    $('fp-replay-play').setAttribute('aria-pressed', 'false');
  }

  function render() {
    const r = state.replay;
    const box = $('fp-replay');
    const steps = r ? r.steps.length : 0;
    box.dataset.steps = String(steps);
    box.dataset.waits = r ? String(r.waits) : '';
    box.dataset.locking = r ? r.locking : '';
    box.dataset.step = String(state.step);
    $('fp-replay-prev').disabled = !r || state.step <= 0;
    $('fp-replay-next').disabled = !r || state.step >= steps;
    $('fp-replay-play').disabled = !r || steps === 0;
    if (!r) {
      $('fp-replay-step').textContent = '';
      return;
    }
    // Step 0 is before the first tick: nothing held, store empty.
    const s = state.step > 0 ? r.steps[state.step - 1] : null;
    $('fp-replay-step').textContent = S.fpReplayStep(int(state.step), int(steps));
    for (let t = 0; t < 2; t += 1) {
      const lane = $(`fp-replay-lane-${t}`);
      const dealt = r.owners.filter((o) => o === t).length;
      const l = s ? s.lanes[t] : { action: dealt ? 'ready' : 'done', url: null };
      lane.dataset.action = l.action;
      lane.querySelector('.fp-replay-dealt').textContent = S.fpReplayDealt(int(dealt));
      lane.querySelector('.fp-replay-action').textContent = S.fpReplayActions[l.action];
      lane.querySelector('.fp-replay-url').textContent = l.url === null ? '—' : r.urls[l.url];
    }
    const holders = s ? s.holders : r.locking === 'global' ? [null] : [null, null];
    const lock = $('fp-replay-lock');
    lock.dataset.holders = holders.map((h) => (h === null ? '-' : String(h + 1))).join(',');
    lock.textContent = S.fpReplayLock(r.locking, holders.map((h) => (h === null ? null : h + 1)));
    const store = s ? s.store : 0;
    $('fp-replay-store').dataset.store = String(store);
    $('fp-replay-store').textContent = S.fpReplayStore(int(store), int(r.urls.length));
    $('fp-replay-summary').textContent =
      state.step === steps ? S.fpReplaySummary(r.locking, int(steps), int(r.waits), int(r.distinct), int(r.duplicates)) : '';
  }

  function go(step) {
    if (!state.replay) return;
    state.step = Math.max(0, Math.min(step, state.replay.steps.length));
    render();
  }

  async function run() {
    const ticket = ++state.ticket;
    stop();
    try {
      const { replay: named, urls } = await ctx.call(MSG.p3Replay, { partial: partial(), count: MAX_URLS });
      if (ticket !== state.ticket) return;
      const replay = unpack(named, urls);
      showText($('fp-replay-error'), '');
      state.replay = replay;
      state.step = 0;
      render();
    } catch (e) {
      if (ticket !== state.ticket) return;
      state.replay = null;
      render();
      ctx.reportError($('fp-replay-error'), e);
    }
  }

  $('fp-replay-prev').addEventListener('click', () => {
    stop();
    go(state.step - 1);
  });
  $('fp-replay-next').addEventListener('click', () => {
    stop();
    go(state.step + 1);
  });
  $('fp-replay-play').addEventListener('click', () => {
    if (state.timer) return stop();
    const r = state.replay;
    if (!r) return;
    if (state.step >= r.steps.length) state.step = 0;
    // Reduced motion: no animation, the last step at once.
    if (reduced()) return go(r.steps.length);
    $('fp-replay-play').textContent = S.fpReplayPause;
    $('fp-replay-play').setAttribute('aria-pressed', 'true');
    go(state.step + 1);
    state.timer = setInterval(() => {
      if (!state.replay || state.step >= state.replay.steps.length) return stop();
      go(state.step + 1);
    }, PLAY_MS);
  });
  for (const radio of document.querySelectorAll('input[name="fp-replay-locking"]')) radio.addEventListener('change', run);

  return {
    relabel() {
      if (!state.timer) $('fp-replay-play').textContent = S.fpReplayPlay;
      render();
    },
    waiting() {
      state.ticket += 1;
      stop();
      state.replay = null;
      render();
    },
    load: run,
  };
}
