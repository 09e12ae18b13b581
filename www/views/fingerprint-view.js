// The fingerprint view (P3): two texts' MD5 digests bit by bit; the avalanche over the loaded
// URLs against Binomial(128, 1/2); P3's two printed digests revealed; the birthday bound beside
// P3's 10^-24 and short fingerprints measured; P3's IP_ID and Name_ID from a host table and the
// canonicalisation toggles. Formatting only: every digest, count and probability comes from the
// wasm.
import { S } from '../strings.js';
import { C } from '../constants.js';
import { int, fixed, percent, sci, pValue, expectedCount, power, tenTo } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { drawDigests } from '../digest-bits.js';
import { sectionRuns } from './section-run.js';
import * as avalancheChart from '../charts/avalanche.js';
import * as birthdayChart from '../charts/birthday.js';
import { setupReplay } from './replay-view.js';
import { setupThreads } from './threads-view.js';
import { MSG, JOB } from '../protocol.js';


/** A power of ten as "10⁻²⁴", any other number as sci() writes it. */
function exact(v) {
  const e = Math.round(Math.log10(v));
  return Math.abs(v / 10 ** e - 1) < 1e-9 ? tenTo(e) : sci(v);
}

/**
 * The page measures at most this many loaded lines: the study keeps a 128-bit set per
 * canonicalisation (ten of them) beside P3's store, about 60 bytes per line each.
 */
export const FP_MAX_LINES = 200_000;
/** Typing in the text boxes redraws the digests after this pause. */
const TYPING_MS = 80;
/** Ticking toggles recounts after this pause (several clicks, one count). */
const TICK_MS = 250;

/**
 * P3's example site (南京信息工程大学), hand-made: P3's own URLs are lost in the scan. One page
 * under two names and two addresses, spelled several ways, a forum page with shuffled
 * parameters and session ids, and a line that is not a URL with a host.
 */
export const EXAMPLE_URLS = [
  'http://www.nuist.edu.cn/xxgk/index.htm',
  'http://nuist.edu.cn/xxgk/index.htm',
  'http://202.195.235.1/xxgk/index.htm',
  'http://202.195.235.2/xxgk/index.htm',
  'HTTP://WWW.NUIST.EDU.CN:80/xxgk/index.htm#top',
  'www.nuist.edu.cn/xxgk/index.htm',
  'http://www.nuist.edu.cn/jgsz/',
  'http://www.nuist.edu.cn/jgsz',
  'http://bbs2.nuist.edu.cn/forum.php?fid=2&page=1',
  'http://bbs2.nuist.edu.cn/forum.php?page=1&fid=2',
  'http://bbs2.nuist.edu.cn/forum.php?fid=2&page=1&sid=a1b2c3d4e5',
  'http://bbs2.nuist.edu.cn/forum.php;jsessionid=9F3A2C?fid=2&page=1',
  'http://lib.nuist.edu.cn/',
  'http://www.nuist.edu.cn/xxgk/index.htm',
  'mailto:webmaster@nuist.edu.cn',
].join('\n');

export function setupFingerprint(ctx) {
  const state = {
    comboTicket: 0,
    /** The study of the input on screen, and its generation. */
    report: null,
    gen: 0,
    paper: null,
    curves: null,
    /** Whether the user typed in the text boxes (then the study leaves them alone). */
    edited: false,
    /** The ticked canonicalisations (all, until the user changes them). */
    ticked: null,
    avalancheTicket: 0,
  };

  // ------------------------------------------------------------ two texts, two digests

  async function avalanche() {
    const ticket = ++state.avalancheTicket;
    const a = $('fp-a').value;
    const b = $('fp-b').value;
    try {
      const { avalanche: r } = await ctx.call(MSG.fpAvalanche, { a, b });
      if (ticket !== state.avalancheTicket) return;
      showText($('fp-pair-error'), '');
      $('fp-avalanche').classList.remove('stale');
      renderAvalanche(r);
      state.avalanche = r;
      ctx.publish('fpAvalanche', r, { needsInput: false });
    } catch (e) {
      if (ticket !== state.avalancheTicket) return;
      $('fp-avalanche').classList.add('stale');
      ctx.reportError($('fp-pair-error'), e);
    }
  }

  function renderAvalanche(r) {
    say($('fp-count'), () => S.fpCount(r.differing_bits));
    $('fp-count-note').textContent =
      r.input_a === r.input_b ? S.fpSame : S.fpCountNote(int(r.bytes_a), int(r.bytes_b), 64);
    $('fp-blocks').textContent = S.fpBlocks(int(r.blocks_a), int(r.blocks_b));
    Object.assign($('fp-blocks').dataset, { a: String(r.blocks_a), b: String(r.blocks_b) });
    const row = (term, value, cls) => [el('dt', { text: term }), el('dd', { cls: `mono ${cls}`, text: value })];
    $('fp-digests').replaceChildren(
      ...row(S.fpDigestA, r.digest_a, 'a'),
      ...row(S.fpDigestB, r.digest_b, 'b'),
      ...row(S.fpDigestXor, r.xor, 'x'),
    );
    drawDigests($('fp-bits'), r);
    Object.assign($('fp-avalanche').dataset, {
      differing: String(r.differing_bits),
      digestA: r.digest_a,
      digestB: r.digest_b,
      a: r.input_a,
      b: r.input_b,
    });
  }

  function setPair(a, b) {
    $('fp-a').value = a;
    $('fp-b').value = b;
    avalanche();
  }

  // ------------------------------------------------------------ P3's numbers (no input needed)

  async function paper() {
    try {
      const { paper: p, curves } = await ctx.call(MSG.fpPaper, { bits: C.p3.birthdayBits, maxN: C.p3.birthdayMaxN, points: C.p3.birthdayPoints });
      state.paper = p;
      state.curves = curves;
      showText($('fp-reveal-error'), '');
      showText($('fp-birthday-error'), '');
      renderReveals(p);
      renderClaims(p);
      drawBirthday();
      ctx.publish('fpPaper', { paper: p, curves }, { needsInput: false });
    } catch (e) {
      ctx.reportError($('fp-reveal-error'), e);
    }
  }

  function renderReveals(p) {
    $('fp-reveals').replaceChildren(
      ...p.reveals.map((r, i) => {
        const m = r.matches[0];
        const verdict = !m ? S.fpRevealNone(int(r.tried)) : m.text === '' ? S.fpRevealEmpty(int(r.tried)) : S.fpRevealMatch(m.text, int(r.tried));
        const badge = !m ? S.fpRevealBadgeNone : m.text === '' ? S.fpRevealBadgeEmpty : S.fpRevealBadgeMatch;
        const li = el('li', { cls: m ? 'could' : '' }, [
          el('p', { cls: 'verdict-line' }, [
            el('span', { cls: 'verdict-badge', text: badge }),
            el('code', { cls: 'digest', text: r.printed }),
            el('span', { text: S.fpRevealFor[i] ?? '' }),
          ]),
          el('p', { cls: 'why', text: verdict }),
        ]);
        li.dataset.printed = r.printed;
        li.dataset.tried = String(r.tried);
        li.dataset.match = m ? m.text : '';
        li.dataset.matched = m ? '1' : '0';
        return li;
      }),
    );
    // P3's "可以进行逆运算": what the reveals above show of it.
    const empty = p.reveals.find((r) => r.matches.some((m) => m.text === ''));
    const none = p.reveals.find((r) => !r.matches.length);
    const inversion = $('fp-inversion');
    inversion.hidden = !(empty && none);
    if (empty && none) inversion.textContent = S.fpInversion(int(empty.tried), empty.printed, none.printed);
  }

  function renderClaims(p) {
    const b = p.birthday;
    const bits = Math.round(-b.claim_log2 * 10) / 10;
    const rows = [
      ['two', S.fpClaimTwo, exact(p.printed.pair_probability), S.fpClaimTwoValue(power(2, -p.printed.fingerprint_bits), sci(b.two_inputs))],
      ['bits', S.fpClaimBits(exact(b.claim)), S.fpClaimBitsSaid, S.fpClaimBitsValue(fixed(bits, 1), `${exact(b.claim)} = ${power(2, -bits)}`)],
      ['at-claim', S.fpClaimAt(exact(b.claim)), '', S.fpNUrls(int(Math.round(b.n_at_claim)))],
      ['at-human', S.fpClaimAtHuman(exact(b.human_fingerprint)), '', S.fpNUrls(int(Math.round(b.n_at_human_fingerprint)))],
      ...b.rows.map((r) => [
        `${r.n === p.printed.web_pages ? 'pages' : 'links'}-${r.bits}`,
        S.fpClaimRow(S.fpClaimWhat[r.n === p.printed.web_pages ? 'pages' : 'links'], r.bits),
        // P3 claims its 128-bit ids fit, and longer digests repeat less still; the 64-bit rows
        // are ours, for comparison.
        r.bits === p.printed.fingerprint_bits ? S.fpClaimFits : r.bits > p.printed.fingerprint_bits ? S.fpClaimLonger : '',
        S.fpClaimPairs(sci(r.probability), sci(r.expected_pairs)),
      ]),
    ].map(([id, what, said, ours]) => {
      const tr = el('tr', { cls: id === 'two' || id === 'bits' ? 'misprint' : '' }, [
        el('th', { attrs: { scope: 'row' }, text: what }),
        el('td', { text: said || '—', cls: 'said' }),
        el('td', { text: ours, cls: 'text key' }),
      ]);
      tr.dataset.row = id;
      return tr;
    });
    const table = $('fp-claims');
    table.tHead.replaceChildren(el('tr', {}, S.fpClaimHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
  }

  /**
   * The birthday chart, its marker at the loaded URLs' distinct ids: the report's, or `early`'s
   * (`{ n, soFar: { lines, total } }`, the study's count so far) while it reads.
   * @param {{ n: number, soFar: { lines: number, total: string } } | null} [early]
   */
  function drawBirthday(early = null) {
    if (!state.curves) return;
    const n = early ? early.n : state.report && state.gen === ctx.generation() ? state.report.p3.input.distinct_md5 : null;
    birthdayChart.render($('fp-birthday-chart'), {
      curves: state.curves,
      rows: state.paper.birthday.rows,
      printed: state.paper.printed,
      inputN: n,
      soFar: early?.soFar ?? null,
    });
  }

  // ------------------------------------------------------------ the loaded URLs

  function setStale(flag) {
    for (const box of document.querySelectorAll('#fp .fp-input')) box.classList.toggle('stale', flag);
  }

  const runs = sectionRuns(ctx, {
    section: $('fp'),
    error: $('fp-error'),
    status: $('fp-status'),
    bar: $('fp-progress'),
    stale: (flag) => setStale(flag && Boolean(state.report)),
    measure: 'uhl:fp',
  });

  /** Runs the study; `first()` once it has told its first progress, or ended without one. */
  async function runStudy(first = () => {}) {
    const input = ctx.input();
    if (!input) return first();
    const lines = int(Math.min(input.report.urls, FP_MAX_LINES));
    const run = runs.begin(() => S.fpStudyProgress(lines, percent(0, 0)));
    let told = false;
    const tell = () => {
      if (!told) first();
      told = true;
    };
    try {
      const progress = run.progress((share) => S.fpStudyProgress(lines, percent(share, 0)));
      const { report } = await ctx.runJob(JOB.fp, { maxLines: FP_MAX_LINES }, (share, partial) => {
        tell();
        progress(share);
        // The distinct fingerprints so far, marked on the birthday chart while the study reads.
        if (!partial || !run.current() || !state.curves || partial.lines < 1) return;
        drawBirthday({ n: partial.distinct_md5, soFar: { lines: partial.lines, total: lines } });
        runs.drewEarly(/** @type {HTMLCanvasElement} */ ($('fp-birthday-chart')), run.generation);
      });
      if (!run.current()) return;
      state.report = report;
      state.gen = run.generation;
      renderStudy(report);
      ctx.publish('fp', report);
      const took = fixed(run.seconds(), 1);
      run.done(() => S.fpStudyDone(took));
    } catch (e) {
      tell();
      run.failed(e);
      return;
    }
    tell();
    // The view is done when its sites and its combination are: only then does the page start
    // the next view's studies (loader.js, runFront), which would take turns with these.
    await Promise.all([runSites(), runCombo()]);
  }

  function renderStudy(r) {
    const p3 = r.p3;
    const { capped, lines, loaded } = r.prefix;
    say($('fp-run-note'), () => capped ? S.fpRunCapped(int(lines), int(loaded)) : S.fpRunAll(int(lines)));
    $('fp-run-note').classList.toggle('warn', capped);
    const i = p3.input;
    say($('fp-store'), () => S.fpStoreLine(
      int(i.lines),
      int(i.distinct_md5),
      int(i.duplicate_lines),
      int(i.md5_collisions),
      int(i.store_bytes),
      sci(i.collision_probability),
    ));

    // The avalanche.
    const a = p3.avalanche;
    avalancheChart.render($('fp-aval-chart'), { stats: a });
    say($('fp-hist-note'), () => S.fpHistNote(
      int(a.pairs),
      int(p3.avalanche_urls),
      fixed(a.mean, 2),
      fixed(a.sd, 2),
      int(a.min),
      int(a.max),
      a.p_value === null ? S.fpHistNoP : pValue(a.p_value),
    ));
    const kinds = $('fp-kind-table');
    kinds.tHead.replaceChildren(el('tr', {}, S.fpKindHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    kinds.tBodies[0].replaceChildren(
      ...a.by_kind.map((k) => {
        const tr = el('tr', {}, [
          el('th', { attrs: { scope: 'row' }, text: S.fpKind[k.kind] ?? k.kind }),
          el('td', { text: int(k.pairs) }),
          el('td', { text: fixed(k.mean, 2) }),
        ]);
        tr.dataset.kind = k.kind;
        return tr;
      }),
    );
    const t1 = $('fp-table1');
    t1.tHead.replaceChildren(el('tr', {}, S.fpTable1Head.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    t1.tBodies[0].replaceChildren(
      ...p3.table1.map((row, j) =>
        el('tr', {}, [
          el('td', { cls: 'host', text: row.url, title: row.kind ? (S.fpKind[row.kind] ?? row.kind) : '' }),
          el('td', { cls: 'mono', text: row.digest }),
          el('td', { text: j === 0 ? '—' : String(row.differing_bits_from_first) }),
        ]),
      ),
    );
    const ex = p3.example;
    $('fp-pair-loaded').disabled = !ex;
    if (ex && !state.edited) setPair(ex.input_a, ex.input_b);

    // Short fingerprints against the bound.
    const tt = $('fp-trunc-table');
    tt.tHead.replaceChildren(el('tr', {}, S.fpTruncHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    tt.tBodies[0].replaceChildren(
      ...p3.truncated.map((t) => {
        const tr = el('tr', {}, [
          el('th', { attrs: { scope: 'row' }, text: String(t.bits) }),
          el('td', { text: int(t.urls) }),
          el('td', { text: int(t.colliding_pairs), cls: 'key' }),
          el('td', { text: expectedCount(t.expected_pairs) }),
          el('td', { text: int(t.false_duplicates), cls: 'key' }),
          el('td', { text: expectedCount(t.expected_false_duplicates) }),
          el('td', { text: sci(t.probability_any) }),
        ]);
        Object.assign(tr.dataset, { bits: String(t.bits), pairs: String(t.colliding_pairs), falseDuplicates: String(t.false_duplicates) });
        return tr;
      }),
    );
    drawBirthday();
    renderCanonical(r.canonical);
  }

  // ------------------------------------------------------------ canonicalisation

  function renderCanonical(c) {
    if (!state.ticked) state.ticked = new Set(c.toggles.map((t) => t.toggle));
    say($('fp-canon-before'), () => S.fpCanonBefore(int(c.parsed), int(c.distinct_before)));
    const cells = (row) => [
      el('td', { text: int(row.distinct_after), cls: 'key' }),
      el('td', { text: int(row.merged) }),
      el('td', { text: int(row.changed_lines) }),
    ];
    const rows = c.toggles.map((t) => {
      const input = el('input', { attrs: { type: 'checkbox', id: `fp-t-${t.toggle}` } });
      input.value = t.toggle;
      input.checked = state.ticked.has(t.toggle);
      input.addEventListener('change', () => {
        if (input.checked) state.ticked.add(t.toggle);
        else state.ticked.delete(t.toggle);
        scheduleCombo();
      });
      const tr = el('tr', {}, [
        el('th', { attrs: { scope: 'row' } }, [
          el('span', { cls: 'fp-tick' }, [input, el('label', { attrs: { for: `fp-t-${t.toggle}` }, text: S.fpToggleName[t.toggle] ?? t.toggle })]),
        ]),
        el('td', { cls: 'text', text: S.fpToggle[t.toggle] ?? t.toggle }),
        ...cells(t),
      ]);
      Object.assign(tr.dataset, { toggle: t.toggle, distinct: String(t.distinct_after), merged: String(t.merged) });
      return tr;
    });
    const all = el('tr', { cls: 'all' }, [
      el('th', { attrs: { scope: 'row' }, text: S.fpCanonAll }),
      el('td', { cls: 'text', text: '' }),
      ...cells(c.all),
    ]);
    Object.assign(all.dataset, { toggle: 'all', distinct: String(c.all.distinct_after), merged: String(c.all.merged) });
    const combo = el('tr', { cls: 'combo hl', attrs: { id: 'fp-combo-row' } }, [
      el('th', { attrs: { scope: 'row' }, text: '' }),
      el('td', { cls: 'text', text: '' }),
      el('td', { text: S.fpCanonCounting, cls: 'key' }),
      el('td', { text: '' }),
      el('td', { text: '' }),
    ]);
    const table = $('fp-canon-table');
    table.tHead.replaceChildren(el('tr', {}, S.fpCanonHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows, all, combo);
    say($('fp-canon-note'), () => c.unparsable.count ? S.fpNotUrls(int(c.unparsable.count), S.lineList(c.unparsable.first_lines, c.unparsable.count)) : '');
    $('fp-canon-note').classList.toggle('warn', c.unparsable.count > 0);
  }

  function tickedIds() {
    // In the table's order.
    return state.report ? state.report.canonical.toggles.map((t) => t.toggle).filter((id) => state.ticked.has(id)) : [];
  }

  let tickTimer = null;
  function scheduleCombo() {
    clearTimeout(tickTimer);
    $('fp-canon').dataset.combo = '';
    const row = $('fp-combo-row');
    if (row) row.cells[2].textContent = S.fpCanonCounting;
    tickTimer = setTimeout(runCombo, TICK_MS);
  }

  async function runCombo() {
    if (!state.report || state.gen !== ctx.generation()) return;
    const generation = state.gen;
    const ticket = ++state.comboTicket;
    const current = () => ticket === state.comboTicket && generation === ctx.generation();
    const toggles = tickedIds();
    const box = $('fp-canon');
    box.dataset.combo = '';
    const row = $('fp-combo-row');
    row.cells[0].textContent = toggles.length ? S.fpCanonTicked(toggles.length) : S.fpCanonNoneTicked;
    row.cells[1].textContent = toggles.length ? S.fpCanonTickedWhat : '';
    row.dataset.toggles = toggles.join(',');
    row.cells[2].textContent = S.fpCanonCounting;
    row.cells[3].textContent = '';
    row.cells[4].textContent = '';
    try {
      // One toggle or all of them: the study counted that combination already (a row of its
      // table, the same numbers as fpCombo's, src/engine/study/tests.rs); others are counted.
      const c = state.report.canonical;
      const counted = toggles.length === c.toggles.length ? c.all : toggles.length === 1 ? c.toggles.find((/** @type {any} */ t) => t.toggle === toggles[0]) : null;
      const { report } = counted ? { report: counted } : await ctx.runJob(JOB.fpCombo, { toggles, maxLines: FP_MAX_LINES });
      if (!current()) return;
      showText($('fp-canon-error'), '');
      row.cells[2].textContent = int(report.distinct_after);
      row.cells[3].textContent = int(report.merged);
      row.cells[4].textContent = int(report.changed_lines);
      Object.assign(row.dataset, { distinct: String(report.distinct_after), merged: String(report.merged) });
      box.dataset.combo = toggles.join(',') || '-';
      box.dataset.gen = String(generation);
    } catch (e) {
      if (!current()) return;
      row.cells[2].textContent = '—';
      ctx.reportError($('fp-canon-error'), e);
    }
  }

  // ------------------------------------------------------------ P3's IP_ID and Name_ID

  const siteRuns = sectionRuns(ctx, {
    section: $('fp-sites'),
    error: $('fp-hosts-error'),
    status: $('fp-sites-status'),
    stale: (flag) => $('fp-sites').classList.toggle('stale', flag && $('fp-sites-table').tBodies[0].rows.length > 0),
  });

  async function runSites() {
    if (!state.report || state.gen !== ctx.generation()) return;
    const run = siteRuns.begin(() => S.fpSitesProgress(percent(0, 0)));
    const table = $('fp-hosts').value;
    try {
      const { report } = await ctx.runJob(
        JOB.fpSites,
        { table, maxLines: FP_MAX_LINES, ...mirrorRule() },
        run.progress((share) => S.fpSitesProgress(percent(share, 0))),
      );
      if (!run.current()) return;
      $('fp-hosts').removeAttribute('aria-invalid');
      renderSites(report.sites);
      state.sites = report.sites;
      run.done(() => '');
    } catch (e) {
      if (!run.current()) return;
      $('fp-sites').classList.add('stale');
      $('fp-hosts').setAttribute('aria-invalid', 'true');
      run.failed(e);
    }
  }

  // P3's mirror thresholds as typed; a blank or out-of-range box falls back to the core's rule.
  function mirrorRule() {
    const sim = Number($('fp-mirror-similarity').value);
    const shared = Number($('fp-mirror-shared').value);
    return {
      mirrorSimilarity: $('fp-mirror-similarity').value !== '' && sim >= 0 && sim <= 1 ? sim : C.p3.mirrorSimilarity,
      mirrorShared: Number.isInteger(shared) && shared >= 1 ? shared : C.p3.mirrorShared,
    };
  }

  function renderStore(st) {
    const table = $('fp-store-table');
    table.tHead.replaceChildren(el('tr', {}, S.fpStoreHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(
      ...st.steps.map((x) => {
        const tr = el('tr', {}, [
          el('th', { attrs: { scope: 'row' }, text: S.fpStoreSteps[x.step] }),
          el('td', { text: int(x.before) }),
          el('td', { text: int(x.dropped) }),
          el('td', { text: int(x.appended) }),
          el('td', { text: int(x.after), cls: 'key' }),
        ]);
        Object.assign(tr.dataset, { step: x.step, before: String(x.before), dropped: String(x.dropped), appended: String(x.appended), after: String(x.after) });
        return tr;
      }),
    );
    const m = st.mirrors;
    say($('fp-store-note'), () =>
      S.fpStoreNote(int(st.records), int(st.stored_urls), int(st.largest_record), fixed(m.rule.min_similarity, 2), int(m.rule.min_shared), int(m.sites), int(m.pairs_examined), int(m.mirror_pairs), int(m.groups), m.not_examined ? int(m.not_examined) : null),
    );
    $('fp-mirror-pairs').replaceChildren(
      ...m.top.map((p) => el('li', { text: S.fpMirrorPair(p.kept, p.mirror, int(p.shared), fixed(p.similarity, 3)) })),
    );
  }

  function renderSites(s) {
    const rows = [
      ['lines', s.distinct_lines, null],
      ['host', s.distinct_host_keys, s.distinct_lines],
      ['ip', s.distinct_ip_ids, s.distinct_host_keys],
      ['name', s.distinct_name_ids, s.distinct_ip_ids],
    ].map(([key, n, before]) => {
      const tr = el('tr', { cls: key === 'lines' ? '' : 'key-row' }, [
        el('th', { attrs: { scope: 'row' }, text: S.fpSitesRows[key] }),
        el('td', { text: int(n), cls: 'key' }),
        el('td', { text: before === null ? '—' : int(before - n) }),
      ]);
      Object.assign(tr.dataset, { key, distinct: String(n) });
      return tr;
    });
    const table = $('fp-sites-table');
    table.tHead.replaceChildren(el('tr', {}, S.fpSitesHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    table.tBodies[0].replaceChildren(...rows);
    const t = s.table;
    say($('fp-sites-table-note'), () => S.fpSitesTable(int(t.pairs), int(t.hosts), int(t.ips), int(t.alias_ips), int(t.mirror_hosts)));
    const parsed = s.lines - s.unparsable.count;
    const notes = [s.unresolved.count >= parsed ? S.fpSitesNoneResolved : S.fpSitesResolved(int(parsed), int(s.unresolved.count))];
    if (s.unparsable.count) notes.push(S.fpNotUrls(int(s.unparsable.count), S.lineList(s.unparsable.first_lines, s.unparsable.count)));
    $('fp-sites-note').textContent = notes.join(' ');
    $('fp-sites-note').dataset.unresolved = String(s.unresolved.count);
    renderStore(s.store);
  }

  // ------------------------------------------------------------ wiring

  const replay = setupReplay(ctx);
  const threads = setupThreads();
  $('fp-hosts').value = S.fpHostsDefault;
  $('fp-mirror-similarity').value = String(C.p3.mirrorSimilarity);
  $('fp-mirror-shared').value = String(C.p3.mirrorShared);
  let typing = null;
  for (const id of ['fp-a', 'fp-b']) {
    $(id).addEventListener('input', () => {
      state.edited = true;
      clearTimeout(typing);
      typing = setTimeout(avalanche, TYPING_MS);
    });
  }
  $('fp-pair-p3').addEventListener('click', () => setPair(S.fpP3PairA, S.fpP3PairB));
  $('fp-pair-empty').addEventListener('click', () => setPair('', 'a'));
  $('fp-pair-loaded').addEventListener('click', () => {
    const ex = state.report?.p3.example;
    if (ex) setPair(ex.input_a, ex.input_b);
  });
  const applyTable = () => {
    if (state.report && state.gen === ctx.generation()) runSites();
  };
  $('fp-hosts-apply').addEventListener('click', applyTable);
  for (const id of ['fp-mirror-similarity', 'fp-mirror-shared']) $(id).addEventListener('change', applyTable);
  $('fp-hosts').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      applyTable();
    }
  });
  $('fp-example').addEventListener('click', () => {
    $('fp-hosts').value = S.fpHostsDefault;
    ctx.loadText(EXAMPLE_URLS);
  });

  return {
    /** Draws everything again from what it last showed (after a change of language). */
    relabel() {
      if (state.avalanche) renderAvalanche(state.avalanche);
      if (state.paper) {
        renderReveals(state.paper);
        renderClaims(state.paper);
        drawBirthday();
      }
      if (state.report) renderStudy(state.report);
      if (state.sites) renderSites(state.sites);
      replay.relabel();
      threads.relabel();
    },
    /** P3's printed numbers and the first pair: they need no input. */
    start() {
      setPair(S.fpP3PairA, S.fpP3PairB);
      paper();
    },
    /** A new input is on screen: the study waits for the views before it. */
    waiting() {
      $('fp-sites').dataset.gen = '';
      $('fp-canon').dataset.combo = '';
      runs.waiting(() => S.dedupWaiting);
      replay.waiting();
    },
    /** Runs the study of load `generation` unless it was asked for already. */
    load(generation) {
      // The replay, after the study's first slice: its first use installs the Public Suffix
      // List in the worker (80–160 ms), which would hold back the view's first picture.
      if (runs.askedGen !== generation) return runStudy(() => replay.load());
    },
  };
}
