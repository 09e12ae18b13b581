// The crawler partition view (P2): controls, the per-node chart and tables, Table 1 beside
// every policy with its matches row, the verdicts, the control node's tables, the re-hashed
// path tables and the hosts that share a slot. Formatting only: every number comes from the
// wasm's report ({printed, simulation, verdicts, control}).
import { S, touchScreen } from '../strings.js';
import { int, fixed, pValue, percent, small, expectedCount, bytes as fmtBytes } from '../format.js';
import { $, el, say, showText } from '../dom.js';
import { cssColor } from '../charts/common.js';
import * as nodesChart from '../charts/nodes.js';
import * as siteChainsChart from '../charts/site-chains.js';
import * as pathCollisionsChart from '../charts/path-collisions.js';
import * as pathLoadChart from '../charts/path-load.js';


/** A policy's display name: the page's label, else the wasm's description. */
export function policyName(policy) {
  return S.partPolicyNames[policy.policy ?? policy] ?? policy.describe ?? String(policy);
}

/** A policy's colour, from style.css (--policy-host-xxh3 for host:xxh3). */
function policyColor(id) {
  return cssColor(`--policy-${id.replace(/[^a-z0-9-]/g, '-')}`, '#0b5cad');
}

/** Fills the policy picker (grouped) and selects `policy`. */
export function buildPolicySelect(select, policy) {
  select.replaceChildren(
    ...S.partPolicyGroups.map((g) =>
      el(
        'optgroup',
        { attrs: { label: g.label } },
        g.ids.map((id) => {
          const o = el('option', { text: S.partPolicyNames[id] ?? id });
          o.value = id;
          o.selected = id === policy;
          return o;
        }),
      ),
    ),
  );
}

/** Fills the site-reading picker of the collision groups from the report's site tables. */
function buildReadingSelect(select, tables, reading) {
  const have = [...select.options].map((o) => `${o.value}=${o.textContent}`).join();
  if (have !== tables.map((t) => `${t.reading}=${t.name}`).join()) {
    select.replaceChildren(
      ...tables.map((t) => {
        const o = el('option', { text: t.name });
        o.value = t.reading;
        return o;
      }),
    );
  }
  select.value = reading;
}

function headRow(cells) {
  return el('tr', {}, cells.map((h) => el('th', { text: h, attrs: { scope: 'col' } })));
}

function fillTable(table, head, rows) {
  table.tHead.replaceChildren(headRow(head));
  table.tBodies[0].replaceChildren(...rows);
}

/** A <td> holding text, with data-value for the exact number when given. */
function cell(text, value, cls) {
  const td = el('td', { text, cls });
  if (value !== undefined) td.dataset.value = String(value);
  return td;
}

// ------------------------------------------------------------------ summary and input

function renderSummary(sim) {
  say($('part-summary'), () => S.partSummary(int(sim.links), int(sim.urls), int(sim.duplicates), int(sim.sites)));
  const box = $('part-unsplittable');
  say(box, () => sim.unsplittable ? S.partUnsplittable(sim.unsplittable, sim.first_error ?? '') : S.partAllSplit);
  box.classList.toggle('warn', sim.unsplittable > 0);
  box.dataset.count = String(sim.unsplittable);
  // Distinct and most common paths (reports without them leave the box hidden).
  const paths = $('part-paths');
  paths.hidden = sim.distinct_paths === undefined;
  if (paths.hidden) return;
  const common = sim.common_paths ?? [];
  say($('part-paths-text'), () => common.length ? S.partPaths(int(sim.distinct_paths)) : S.partPathsNone(int(sim.distinct_paths)));
  $('part-paths-list').replaceChildren(
    ...common.map((c) =>
      el('li', {}, [el('code', { text: c.path }), el('span', { text: ` ${S.partPathShare(int(c.urls), percent(c.share, 1))}` })]),
    ),
  );
}

// ------------------------------------------------------------------ one policy

function renderStats(policy, printed) {
  const items = [
    [S.partStatB, fixed(policy.b, 4), S.partStatBHint, 'b', policy.b],
    [S.partStatBRandom, fixed(policy.expected_b_random, 4), '', 'b-random', policy.expected_b_random],
    [S.partStatP, pValue(policy.p_value), S.partStatPHint, 'p', policy.p_value],
  ];
  if (policy.zero_hash_urls !== null && policy.zero_hash_urls !== undefined) {
    items.push([S.partStatZero, int(policy.zero_hash_urls), S.partStatZeroHint, 'zero', policy.zero_hash_urls]);
  }
  items.push([S.partStatPrinted, `B = ${fixed(printed.b, 4)}, p = ${pValue(printed.p_value)}`, '', 'printed', printed.b]);
  $('part-stats').replaceChildren(
    ...items.map(([term, value, hint, key, raw]) => {
      const dd = el('dd', {}, [el('span', { cls: 'stat-value', text: value })]);
      if (hint) dd.append(el('span', { cls: 'stat-hint', text: hint }));
      const div = el('div', { cls: 'stat' }, [el('dt', { text: term }), dd]);
      div.dataset.stat = key;
      div.dataset.value = String(raw);
      div.id = `part-stat-${key}`;
      return div;
    }),
  );
}

function renderNodeTable(policy) {
  const rows = policy.per_node.map((r) => {
    const urls = cell(int(r.urls), r.urls);
    urls.dataset.nodeUrls = String(r.urls);
    const tr = el('tr', {}, [
      el('th', { text: int(r.node), attrs: { scope: 'row' } }),
      urls,
      cell(int(r.links), r.links),
      cell(int(r.hosts), r.hosts),
      el('td', { cls: 'host', text: r.biggest_site ?? S.noSite }),
      cell(r.biggest_site ? percent(r.biggest_site_share, 1) : S.noSite, r.biggest_site_share),
    ]);
    tr.dataset.node = String(r.node);
    return tr;
  });
  fillTable($('part-node-table'), S.partNodeHead, rows);
}

function renderTopSites(policy) {
  const rows = policy.top_sites.map((s) =>
    el('tr', {}, [
      el('td', { cls: 'host', text: s.host }),
      cell(int(s.urls), s.urls),
      cell(int(s.nodes_spanned), s.nodes_spanned),
      cell(int(s.main_node), s.main_node),
      cell(int(s.main_node_urls), s.main_node_urls),
    ]),
  );
  fillTable($('part-top-table'), S.partTopHead, rows);
}

// ------------------------------------------------------------------ Table 1 and verdicts

/** A table row: `cells`, then one cell per crawl node (1 … columns) of `perNode`, blank past its end. */
function nodeRow(id, cls, cells, perNode, columns) {
  for (let k = 1; k <= columns; k += 1) {
    const v = perNode[k - 1];
    const td = cell(v === undefined ? '' : int(v), v);
    td.dataset.node = String(k);
    cells.push(td);
  }
  const tr = el('tr', { cls }, cells);
  tr.dataset.row = id;
  return tr;
}

function renderTable1(report, selected) {
  const { printed, simulation: sim } = report;
  const columns = Math.max(printed.nodes, sim.nodes);
  // B and p first, so they stay in view when many node columns scroll; short row names (the
  // full name is the row's tooltip) so that 7 nodes fit beside them.
  const head = [S.partTable1Policy, S.partTable1B, S.partTable1P];
  for (let k = 1; k <= columns; k += 1) head.push(S.partTable1Node(k));
  const row = (id, short, name, nodeUrls, b, p, cls) => {
    const cells = [el('th', { text: short, attrs: { scope: 'row', title: name, tabindex: '0' } }), cell(fixed(b, 4), b, 'key'), cell(pValue(p), p)];
    return nodeRow(id, cls, cells, nodeUrls, columns);
  };
  const rows = [
    row('printed', S.partPrintedRow, S.partPrintedRow, printed.node_urls, printed.b, printed.p_value, 'printed'),
    ...sim.policies.map((p) =>
      row(
        p.policy,
        S.partPolicyShort[p.policy] ?? policyName(p),
        policyName(p),
        p.node_urls,
        p.b,
        p.p_value,
        p.policy === selected ? 'hl' : '',
      ),
    ),
  ];
  fillTable($('part-table1'), head, rows);
  say($('part-table1-note'), () => S.partTable1Note(
    int(printed.nodes),
    int(printed.urls),
    fixed(printed.expected_b_random, 4),
    int(sim.nodes),
    int(sim.urls),
    fixed(sim.policies[0]?.expected_b_random ?? 0, 4),
    touchScreen() ? S.rowNameHintTouch : S.rowNameHint,
  ));
  showText($('part-table1-n'), sim.nodes !== printed.nodes ? S.partTable1OtherN(int(printed.nodes), int(sim.nodes)) : '');
}

// ------------------------------------------------------------------ Table 1's matches

/** Σ of a list of counts. */
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * Table 1's matches row (匹配统计) as printed beside each policy's replay with the crawl nodes
 * matching their own links (P2 §3.3, `control.node_matching`); system = control + Σ nodes.
 */
function renderMatches(report, selected) {
  const { printed, simulation: sim, control } = report;
  const printedNodes = sum(printed.node_matches);
  say($('part-matches'), () => S.partMatches(int(printed.system_matches), int(printed.control_matches), int(printedNodes)));
  const matching = control?.node_matching ?? [];
  const columns = Math.max(printed.nodes, sim.nodes);
  const head = [S.partTable1Policy, S.partMatchSystem, S.partMatchControl, S.partMatchNodes];
  for (let k = 1; k <= columns; k += 1) head.push(S.partTable1Node(k));
  const row = (id, short, name, system, ctl, nodes, perNode, cls) => {
    const cells = [
      el('th', { text: short, attrs: { scope: 'row', title: name } }),
      cell(int(system), system, 'key'),
      cell(int(ctl), ctl),
      cell(int(nodes), nodes),
    ];
    cells[1].dataset.col = 'system';
    cells[2].dataset.col = 'control';
    cells[3].dataset.col = 'nodes';
    return nodeRow(id, cls, cells, perNode, columns);
  };
  const byPolicy = new Map(matching.map((m) => [m.policy, m]));
  const rows = [
    row('printed', S.partPrintedRow, S.partPrintedRow, printed.system_matches, printed.control_matches, printedNodes, printed.node_matches, 'printed'),
    ...sim.policies
      .filter((p) => byPolicy.has(p.policy))
      .map((p) => {
        const m = byPolicy.get(p.policy);
        const name = policyName(p);
        return row(p.policy, S.partPolicyShort[p.policy] ?? name, name, m.system_matches, m.control_matches, m.nodes_matches, m.node_matches, p.policy === selected ? 'hl' : '');
      }),
  ];
  fillTable($('part-match-table'), head, rows);
  const m = byPolicy.get(selected) ?? matching[0];
  const identity = $('part-match-identity');
  if (m) {
    const own = sum(m.node_own_links);
    identity.hidden = false;
    say(identity, () => S.partMatchIdentity(
      S.partMatchSum(int(printed.system_matches), int(printed.control_matches), int(printedNodes)),
      policyName(m.policy),
      S.partMatchSum(int(m.system_matches), int(m.control_matches), int(m.nodes_matches)),
      int(own),
      int(sim.links),
      percent(own / Math.max(sim.links, 1), 1),
      int(sum(m.node_dropped)),
      int(m.control_links),
    ));
    identity.dataset.policy = m.policy;
  } else {
    showText(identity, '');
  }
  // What the printed ratio implies (the CLI's reasoning in `urlhash paper p2`, section 3).
  const printedLinks = Math.floor(printed.control_matches / 2);
  const ratio = printed.control_matches / printedNodes;
  say($('part-match-ratio'), () => S.partMatchRatio(
    int(sim.control_matches),
    fixed(sim.control_matches / Math.max(sim.urls, 1), 2),
    fixed(printed.control_matches_per_url, 2),
    int(sim.links),
    int(printedLinks),
    fixed(printedLinks / printed.urls, 1),
    fixed(ratio, 2),
    fixed(printed.nodes - ratio, 2),
    fixed(1 - printed.urls / printedLinks, 2),
    int(printed.nodes),
  ));
}

// ------------------------------------------------------------------ the dynamic re-hash

/**
 * The sites whose path table passed 0.75 · 2^15 paths, before and after the re-hash, per path
 * reading (`control.rehash`); empty when the study left the re-hash out (`rehash_max_lines`).
 */
function renderRehash(report, names) {
  const rehash = report.control?.rehash ?? [];
  const rule = report.simulation.path_tables[0]?.rule_paths ?? 0;
  say($('part-rehash-note'), () => S.partRehashNote(int(rule)));
  const status = $('part-rehash-status');
  const table = $('part-rehash-table');
  const list = $('part-rehash-readings');
  const rehashed = rehash.filter((r) => r.sites_rehashed > 0);
  if (rehash.length === 0 && report.rehash_max_lines) {
    status.hidden = false;
    say(status, () => S.partRehashSkipped(int(report.rehash_max_lines), int(report.prefix?.lines ?? report.simulation.links)));
  } else if (rehashed.length === 0) {
    status.hidden = false;
    say(status, () => S.partRehashNone(int(rule)));
  } else {
    showText(status, '');
  }
  status.dataset.state = rehash.length === 0 ? 'skipped' : rehashed.length === 0 ? 'none' : 'rehashed';
  list.replaceChildren(
    ...rehashed.map((r) => {
      const name = names[r.reading] ?? r.name;
      let text = S.partRehashReading(name, r.sites_rehashed, int(r.paths), int(r.chainless_drops_before), int(r.chainless_drops_after));
      const stuck = r.sites.find((x) => x.after.occupied === x.before.occupied && x.hash_bits <= 15);
      // Sentences follow each other with a space in English, without one after a Chinese full stop.
      if (stuck) text += `${text.endsWith('。') ? '' : ' '}${S.partRehashFreedNone(stuck.host, stuck.hash_bits)}`;
      const li = el('li', { text });
      li.dataset.reading = r.reading;
      return li;
    }),
  );
  const rows = [];
  for (const r of rehashed) {
    const name = names[r.reading] ?? r.name;
    for (const site of r.sites) {
      for (const stage of ['before', 'after']) {
        const t = site[stage];
        const first = stage === 'before';
        const span = (td) => {
          td.rowSpan = 2;
          return td;
        };
        const cells = first
          ? [
              span(el('th', { text: name, attrs: { scope: 'row' } })),
              span(el('td', { cls: 'host', text: site.host })),
              span(cell(int(site.paths), site.paths)),
              span(cell(int(site.rehashes), site.rehashes)),
              span(cell(int(site.moved), site.moved)),
            ]
          : [];
        const stageCell = el('td', { cls: 'stage', text: S.partRehashStage[stage] });
        const tr = el('tr', { cls: first ? 'before' : 'after' }, [
          ...cells,
          stageCell,
          cell(int(t.slots), t.slots),
          cell(fixed(t.load_factor, 4), t.load_factor),
          cell(int(t.occupied), t.occupied),
          cell(int(t.colliding_paths), t.colliding_paths),
          cell(int(t.chainless_drops), t.chainless_drops, 'key'),
        ]);
        tr.dataset.reading = r.reading;
        tr.dataset.host = site.host;
        tr.dataset.stage = stage;
        rows.push(tr);
      }
    }
  }
  fillTable(table, S.partRehashHead, rows);
  table.closest('.table-scroll').hidden = rows.length === 0;
}

/** Why a reading could or could not print P2's balance, worded from the report's reason code. */
function verdictWhy(v, printed, nodes) {
  const b = (x, digits) => fixed(x, digits);
  const p = pValue(v.p_value);
  const rel = p.startsWith('<') ? p : `= ${p}`;
  const w = S.partWhy;
  switch (v.why_code) {
    case 'no-urls':
      return w['no-urls']();
    case 'even':
      return w.even(b(v.b, 4), rel, b(printed.b, 4), fixed(printed.p_value, 2));
    case 'zero-hash':
      return w['zero-hash'](percent(v.zero_share, 1), b(nodes * v.zero_share, 2), b(v.b, 3), rel, b(printed.b, 4));
    case 'one-node':
      return w['one-node'](int(v.fullest), int(nodes));
    case 'uneven': {
      const common = v.common_path ? ` ${w.commonPath(v.common_path[0], percent(v.common_path[1], 1))}` : '';
      return w.uneven(b(v.b, 3), rel, b(printed.b, 4)) + common;
    }
    default:
      return v.why;
  }
}

function renderVerdicts(verdicts, printed, nodes) {
  $('part-verdicts').replaceChildren(
    ...verdicts.map((v) => {
      const could = v.could_produce ? S.partVerdictCould : S.partVerdictCouldNot;
      const name = policyName(v.policy);
      const li = el('li', { cls: v.could_produce ? 'could' : 'could-not' }, [
        el('p', { cls: 'verdict-line' }, [
          el('span', { cls: 'verdict-badge', text: could }),
          el('span', { text: S.partVerdictLine(name, could) }),
        ]),
        el('p', { cls: 'why', text: verdictWhy(v, printed, nodes) }),
      ]);
      li.dataset.policy = v.policy;
      li.dataset.could = v.could_produce ? '1' : '0';
      li.dataset.ours = v.ours ? '1' : '0';
      return li;
    }),
  );
}

// ------------------------------------------------------------------ the control node

function renderSiteTables(tables) {
  siteChainsChart.render($('part-site-chart'), { tables });
  const rows = tables.map((t) => {
    const tr = el('tr', {}, [
      el('th', { text: t.name, attrs: { scope: 'row' } }),
      cell(int(t.sites), t.sites),
      cell(int(t.occupied), t.occupied),
      cell(small(t.load_factor), t.load_factor),
      cell(int(t.collisions), t.collisions),
      cell(expectedCount(t.expected_collisions), t.expected_collisions),
      cell(int(t.colliding_sites), t.colliding_sites),
      cell(int(t.max_chain), t.max_chain),
    ]);
    tr.dataset.reading = t.reading;
    return tr;
  });
  fillTable($('part-site-table'), S.partSiteTableHead, rows);
}

/** P2's CNNIC figures: its site table's α at its own site count, and its pages per site. */
function renderCnnic(c) {
  say($('part-site-cnnic'), () =>
    S.partCnnic(int(c.sites), fixed(c.alpha_sites, 3), int(c.domains), fixed(c.alpha_domains, 3), fixed(c.alpha_limit, 2), int(c.pages), fixed(c.pages_per_site, 1)),
  );
}

function renderPathTables(tables) {
  pathCollisionsChart.render($('part-path-chart'), { tables });
  pathLoadChart.render($('part-load-chart'), { tables });
  const first = tables[0];
  say($('part-load-note'), () => S.partPathLoadNote(int(first?.rule_paths ?? 0)));
  const rows = tables.map((t) => {
    const tr = el('tr', {}, [
      el('th', { text: t.name, attrs: { scope: 'row' } }),
      cell(int(t.tables), t.tables),
      cell(int(t.urls), t.urls),
      cell(int(t.occupied), t.occupied),
      cell(int(t.collisions), t.collisions),
      cell(expectedCount(t.expected_collisions), t.expected_collisions),
      cell(int(t.sites_over_rule), t.sites_over_rule),
    ]);
    tr.dataset.reading = t.reading;
    return tr;
  });
  fillTable($('part-path-table'), S.partPathTableHead, rows);
  fillTable(
    $('part-bins-table'),
    S.partBinsHead,
    (first?.load_bins ?? []).map((b) => el('tr', {}, [el('th', { text: b.label, attrs: { scope: 'row' } }), cell(int(b.sites), b.sites)])),
  );
}

function renderGroups(tables, reading) {
  const t = tables.find((x) => x.reading === reading) ?? tables[0];
  buildReadingSelect($('part-reading'), tables, t.reading);
  const count = $('part-groups-count');
  count.textContent = t.groups_total ? S.partGroupsCount(t.groups_total, t.groups.length) : S.partGroupsNone(t.name);
  const rows = t.groups.map((g) => {
    const more = g.hosts > g.sample.length ? [el('li', { cls: 'more', text: '…' })] : [];
    const tr = el('tr', {}, [
      cell(int(g.slot), g.slot),
      cell(int(g.hosts), g.hosts),
      cell(int(g.urls), g.urls),
      el('td', { cls: 'suffix' }, [el('code', { text: g.shared_suffix || S.partNoSuffix })]),
      el('td', { cls: 'hosts' }, [el('ul', { cls: 'host-list' }, [...g.sample.map((h) => el('li', { text: h })), ...more])]),
    ]);
    tr.dataset.slot = String(g.slot);
    return tr;
  });
  fillTable($('part-groups-table'), S.partGroupsHead, rows);
  $('part-groups-table').hidden = rows.length === 0;
}

// ------------------------------------------------------------------ so far

/**
 * The per-node chart of `policy` (or the first policy) from the simulation's counts so far
 * (the worker's partial: `{ lines, nodes, policies: [{ policy, node_urls, node_links }] }`),
 * its note saying how many of the `total` lines they cover; the statistics beside it wait for
 * the report. Returns false when there is nothing to draw yet.
 */
export function renderNodesSoFar(partial, { policy, total }) {
  const shown = partial.policies.find((p) => p.policy === policy) ?? partial.policies[0];
  if (!shown || partial.lines < 1) return false;
  const urls = shown.node_urls.reduce((a, b) => a + b, 0);
  // Shown first: the chart takes its box's size.
  $('part-nodes-box').hidden = false;
  nodesChart.render($('part-nodes-chart'), {
    policy: { per_node: shown.node_urls.map((u, i) => ({ node: i + 1, urls: u, links: shown.node_links[i] })) },
    name: policyName(shown.policy),
    color: policyColor(shown.policy),
    ideal: urls / Math.max(1, partial.nodes),
  });
  say($('part-nodes-note'), () => S.partNodesSoFar(int(partial.lines), total, int(partial.nodes)));
  $('part-policy-describe').textContent = S.partPolicyAbout[shown.policy] ?? '';
  $('part-stats').replaceChildren();
  return true;
}

// ------------------------------------------------------------------ everything

/**
 * Draws the whole view from one report for the chosen policy and site reading; returns the
 * policy id actually shown (the first one when `policy` is not in the report).
 */
export function renderPartition(report, { policy, reading, names = {} }) {
  // The site and path tables named in the page's language (the report names them in English).
  const named = (tables) => tables.map((t) => ({ ...t, name: names[t.reading] ?? t.name }));
  const sim = { ...report.simulation, site_tables: named(report.simulation.site_tables), path_tables: named(report.simulation.path_tables) };
  const shown = sim.policies.find((p) => p.policy === policy) ?? sim.policies[0];
  renderSummary(sim);
  const prefix = report.prefix;
  showText($('part-prefix'), prefix?.capped ? S.onPrefix(int(prefix.lines), int(prefix.loaded), fmtBytes(prefix.keep_budget)) : '');
  const name = policyName(shown);
  say($('part-nodes-note'), () => S.partNodesNote(int(sim.nodes)));
  $('part-policy-describe').textContent = S.partPolicyAbout[shown.policy] ?? shown.describe;
  nodesChart.render($('part-nodes-chart'), {
    policy: shown,
    name,
    color: policyColor(shown.policy),
    ideal: shown.ideal_urls,
  });
  renderStats(shown, report.printed);
  renderNodeTable(shown);
  renderTopSites(shown);
  renderTable1(report, shown.policy);
  renderMatches(report, shown.policy);
  renderVerdicts(report.verdicts, report.printed, sim.nodes);
  renderSiteTables(sim.site_tables);
  renderCnnic(report.printed.cnnic);
  renderPathTables(sim.path_tables);
  renderRehash(report, names);
  renderGroups(sim.site_tables, reading);
  return shown.policy;
}
