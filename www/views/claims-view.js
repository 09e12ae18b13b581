// The Claims view: the ledger of src/papers/claims (every table, figure, formula, number,
// procedure and conclusion of the five papers, in the paper's words, and its status), paper by
// paper, filtered by status, each live claim linked to the element that shows it measured and
// each flagged one to its evidence. The values `urlhash claims --json` measured on a file can be
// loaded beside them, named as that file's. Formatting only: the ledger is the core's, copied to
// www/claims-ledger.js by its test (it is no part of the first-loaded WebAssembly), and loaded
// the first time the view is shown.
import { S, language } from '../strings.js';
import { int } from '../format.js';
import { $, el, showText } from '../dom.js';

/** @typedef {import('../protocol.js').Claim} Claim */
/** @typedef {'all' | 'live' | 'flagged' | 'quoted'} Filter */

const FILTERS = /** @type {Filter[]} */ (['all', 'live', 'flagged', 'quoted']);
const STATUSES = /** @type {const} */ (['live', 'flagged', 'quoted']);

/**
 * The values of `urlhash claims --json` output by claim id, and the input they were measured on,
 * or null when `data` is not that output.
 * @param {any} data
 * @returns {{ values: Map<string, unknown>, input: string } | null}
 */
export function readMeasured(data) {
  const claims = data?.claims;
  if (!Array.isArray(claims) || !claims.length) return null;
  const values = new Map();
  for (const c of claims) {
    if (typeof c?.id !== 'string' || !('value' in c)) return null;
    if (c.value !== null) values.set(c.id, c.value);
  }
  const input = typeof data.measured_on === 'string' ? data.measured_on : '';
  return { values, input };
}

/**
 * A measured value as one short line: numbers as the page writes them, lists joined, cut at
 * 160 characters.
 * @param {unknown} v
 * @returns {string}
 */
export function shortValue(v) {
  /** @param {unknown} x @returns {string} */
  const one = (x) => {
    if (typeof x === 'number') return Number.isInteger(x) ? int(x) : Math.abs(x) >= 1e6 || (x !== 0 && Math.abs(x) < 1e-4) ? x.toExponential(3) : String(Number(x.toPrecision(6)));
    if (typeof x === 'string') return x;
    if (Array.isArray(x)) return x.map(one).join(', ');
    return JSON.stringify(x);
  };
  const text = one(v);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/**
 * Wires the Claims view; the ledger is loaded the first time the view is shown (`start`).
 * `ctx.map.bring` opens the element a claim's link names.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupClaims(ctx) {
  /** @type {Claim[] | null} */
  let claims = null;
  /** @type {Filter} */
  let filter = 'all';
  /** What a loaded `urlhash claims --json` measured: its file name, input and values. */
  let measured = /** @type {{ name: string, input: string, values: Map<string, unknown> } | null} */ (null);
  let asked = false;

  /** @param {{ en: string, zh: string }} text */
  const inLanguage = (text) => (language() === 'zh' ? text.zh : text.en) || text.en;

  function buildFilter() {
    const box = $('claims-filter');
    box.setAttribute('aria-label', S.claims.filterLabel);
    box.replaceChildren(
      ...FILTERS.map((f) => {
        const b = el('button', { cls: 'seg', text: f === 'all' ? S.claims.all : S.claims.status[f], attrs: { type: 'button', 'aria-pressed': String(f === filter) } });
        b.dataset.filter = f;
        b.addEventListener('click', () => {
          filter = f;
          render();
        });
        return b;
      }),
    );
  }

  /** @param {number} paper */
  const ofPaper = (paper) => (claims ?? []).filter((c) => c.id.startsWith(`p${paper}.`));
  /** @param {Claim[]} list */
  const count = (list) => Object.fromEntries(STATUSES.map((s) => [s, list.filter((c) => c.status.is === s).length]));

  function renderCounts() {
    const t = /** @type {HTMLTableElement} */ ($('claims-counts'));
    t.tHead.replaceChildren(el('tr', {}, S.claims.countsHead.map((h) => el('th', { text: h, attrs: { scope: 'col' } }))));
    /** @param {string} name @param {Claim[]} list */
    const row = (name, list) => {
      const n = count(list);
      return el('tr', {}, [el('th', { text: name, attrs: { scope: 'row' } }), el('td', { text: int(list.length) }), ...STATUSES.map((s) => el('td', { text: int(n[s]) }))]);
    };
    t.tBodies[0].replaceChildren(...[1, 2, 3, 4, 5].map((p) => row(`P${p}`, ofPaper(p))), row(S.claims.total, claims ?? []));
  }

  /**
   * One claim as a card: its id, section, kind and status; what it is; the paper's words; the
   * printed value; what the lab does, and a link to where the page shows it.
   * @param {Claim} c
   */
  function card(c) {
    const st = c.status;
    const head = el('p', { cls: 'claim-head' }, [
      el('b', { text: c.id }),
      ` · ${c.section} · ${S.claims.kind[c.kind]} `,
      el('span', { cls: `claim-status ${st.is}`, text: S.claims.status[st.is], title: S.claims.statusTip[st.is] }),
    ]);
    const parts = [head, el('p', { cls: 'claim-topic', text: inLanguage(c.topic) })];
    // The paper's words: its Chinese, or its code (no Chinese character in it) as code.
    const code = !/[\u3400-\u9fff]/.test(c.words);
    const words = code ? el('code', { text: c.words }) : el('q', { text: c.words, attrs: { lang: 'zh-CN' } });
    parts.push(el('p', { cls: 'claim-words' }, [el('span', { cls: 'claim-label', text: `${S.claims.words}: ` }), words]));
    if (c.printed) parts.push(el('p', {}, [el('span', { cls: 'claim-label', text: `${S.claims.printed}: ` }), c.printed]));
    if (st.is === 'live') {
      const value = measured?.values.get(c.id);
      if (value !== undefined) parts.push(el('p', { cls: 'claim-measured' }, [el('span', { cls: 'claim-label', text: `${S.claims.measured}: ` }), shortValue(value)]));
      const note = inLanguage(st.note);
      if (note) parts.push(el('p', { text: note }));
      parts.push(el('p', { cls: 'claim-by' }, [el('code', { text: S.claims.computedBy(st.report, st.field) })]));
    } else {
      parts.push(el('p', { text: inLanguage(st.is === 'flagged' ? st.evidence : st.why) }));
    }
    const view = st.is === 'quoted' ? '' : st.view;
    if (view && document.getElementById(view)) {
      const a = el('a', { cls: 'claim-link', text: st.is === 'live' ? S.claims.see : S.claims.seeEvidence, attrs: { href: `#${view}` } });
      a.dataset.view = view;
      a.addEventListener('click', (e) => {
        e.preventDefault();
        ctx.map.bring(view);
      });
      parts.push(el('p', {}, [a]));
    }
    const li = el('li', { cls: `claim ${st.is}` }, parts);
    li.id = `claim-${c.id.replace('.', '-')}`;
    li.dataset.status = st.is;
    return li;
  }

  function render() {
    buildFilter();
    if (!claims) return;
    renderCounts();
    const source = $('claims-source');
    source.hidden = !measured;
    source.textContent = measured ? S.claims.source(measured.name, measured.input) : '';
    $('claims-forget').hidden = !measured;
    const blocks = [1, 2, 3, 4, 5].map((p) => {
      const all = ofPaper(p);
      const n = count(all);
      const shown = all.filter((c) => filter === 'all' || c.status.is === filter);
      const details = el('details', { cls: 'claims-paper', attrs: { open: '' } }, [
        el('summary', {}, [el('span', { cls: 'claims-paper-name', text: S.claims.paper[p] }), ' ', el('span', { cls: 'claims-paper-counts', text: S.claims.paperCounts(int(all.length), int(n.live), int(n.flagged), int(n.quoted)) })]),
        shown.length ? el('ol', { cls: 'claims-list' }, shown.map(card)) : el('p', { cls: 'note', text: S.claims.none }),
      ]);
      details.dataset.paper = `p${p}`;
      return details;
    });
    $('claims-list').replaceChildren(...blocks);
  }

  async function start() {
    if (asked) return;
    asked = true;
    $('claims-list').replaceChildren(el('p', { cls: 'note', text: S.claims.loading }));
    try {
      ({ CLAIMS: claims } = await import('../claims-ledger.js'));
      showText($('claims-error'), '');
    } catch {
      asked = false;
      $('claims-list').replaceChildren();
      showText($('claims-error'), S.claims.loadFailed);
      return;
    }
    render();
  }

  $('claims-file').addEventListener('change', async (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch {
      data = null;
    }
    const read = readMeasured(data);
    if (!read) {
      showText($('claims-error'), S.claims.badFile(file.name));
      return;
    }
    showText($('claims-error'), '');
    measured = { name: file.name, ...read };
    render();
  });
  $('claims-forget').addEventListener('click', () => {
    measured = null;
    render();
  });
  buildFilter();

  return {
    start,
    waiting() {},
    load() {},
    relabel: render,
  };
}
