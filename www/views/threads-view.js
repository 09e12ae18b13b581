// P3's spider threads as the command line measures them (`urlhash paper p3 --threads`): a page
// cannot start threads that share one store, so it shows the figures of a recorded run
// (www/p3-threads-recorded.js, written by tools/record-threads.mjs) or of the reader's own run,
// loaded as the JSON the command writes. Formatting only: every number is the command's.
import { S } from '../strings.js';
import { int, fixed } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { RECORDED } from '../p3-threads-recorded.js';

const LOCKINGS = ['global', 'partial', 'sharded'];

const whole = (v) => Number.isInteger(v) && v >= 0;

/**
 * The runs of `urlhash paper p3 --threads --json` output (its `threads`), or a reason (English
 * words are not shown: the page words `{ error }` itself) when `data` is not that.
 */
export function readRuns(data) {
  const runs = data?.threads;
  if (!Array.isArray(runs) || !runs.length) return { error: 'no-threads' };
  for (const r of runs) {
    const ok =
      LOCKINGS.includes(r?.locking) &&
      whole(r.threads) &&
      r.threads > 0 &&
      whole(r.urls) &&
      whole(r.distinct) &&
      whole(r.contended) &&
      Number.isFinite(r.wait_ms) &&
      Number.isFinite(r.urls_per_second) &&
      Array.isArray(r.per_thread);
    if (!ok) return { error: 'bad-run' };
  }
  return { runs };
}

export function setupThreads() {
  /** What is shown: the recorded run, or a file the reader loaded ({ name, runs }). */
  let shown = { recorded: true, runs: RECORDED.threads };

  function render() {
    const { runs } = shown;
    say($('fp-threads-source'), () =>
      shown.recorded
        ? S.fpThreadsRecorded(RECORDED.command, RECORDED.day, int(RECORDED.cores), RECORDED.cpu, RECORDED.os)
        : S.fpThreadsLoaded(shown.name, int(runs[0].urls)),
    );
    const base = runs.find((r) => r.threads === 1 && r.locking === 'global');
    /** A run with each domain one thread's (recorded runs before P3's shared domains have no per_domain). */
    const own = (r) => (r.per_domain ?? 1) === 1;
    const rows = runs.map((r) => {
      const tr = el('tr', { cls: r.threads > 1 && r.locking === 'partial' && own(r) ? 'hl' : '' }, [
        el('th', { attrs: { scope: 'row' }, text: (r.per_domain ?? 1) > 1 ? S.fpThreadsShared(S.fpThreadsLocking[r.locking], int(r.per_domain)) : S.fpThreadsLocking[r.locking] }),
        el('td', { text: int(r.threads) }),
        el('td', { text: int(Math.round(r.urls_per_second)) }),
        el('td', { text: base ? fixed(r.urls_per_second / base.urls_per_second, 2) : '—' }),
        el('td', { text: int(r.contended) }),
        el('td', { text: fixed(r.wait_ms, 1) }),
        el('td', { text: r.per_thread.map((c) => int(c)).join(' / ') }),
        el('td', { text: int(r.distinct) }),
      ]);
      Object.assign(tr.dataset, { locking: r.locking, threads: String(r.threads), perDomain: String(r.per_domain ?? 1), perSecond: String(r.urls_per_second), contended: String(r.contended) });
      return tr;
    });
    const t = $('fp-threads-table');
    t.tHead.replaceChildren(el('tr', {}, S.fpThreadsHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    t.tBodies[0].replaceChildren(...rows);
    const most = Math.max(...runs.map((r) => r.threads));
    const at = (locking) => runs.find((r) => r.threads === most && r.locking === locking && own(r));
    const [g, p] = [at('global'), at('partial')];
    const same = runs.every((r) => r.distinct === runs[0].distinct);
    say($('fp-threads-note'), () =>
      g && p && most > 1
        ? S.fpThreadsNote(int(most), int(Math.round(g.urls_per_second)), int(g.contended), int(Math.round(p.urls_per_second)), int(p.contended), same, int(runs[0].distinct))
        : S.fpThreadsOneCore,
    );
  }

  async function load(file) {
    showText($('fp-threads-error'), '');
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      data = null;
    }
    const read = data ? readRuns(data) : { error: 'not-json' };
    if (read.error) {
      showText($('fp-threads-error'), S.fpThreadsBadFile(file.name, S.fpThreadsWhy[read.error]));
      return;
    }
    shown = { recorded: false, name: file.name, runs: read.runs };
    $('fp-threads-recorded').hidden = false;
    render();
  }

  $('fp-threads-file').addEventListener('change', (e) => {
    const file = e.target.files?.[0];
    if (file) load(file);
  });
  $('fp-threads-recorded').addEventListener('click', () => {
    shown = { recorded: true, runs: RECORDED.threads };
    $('fp-threads-recorded').hidden = true;
    showText($('fp-threads-error'), '');
    render();
  });
  render();
  return { relabel: render };
}
