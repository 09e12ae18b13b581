// The input report, in plain language, from the JSON of Lab.finish() / Lab.report().
import { S } from '../strings.js';
import { int, bytes as fmtBytes } from '../format.js';
import { el } from '../dom.js';

/**
 * input.source: { kind: 'corpus', n } | { kind: 'paste' } | { kind: 'file', name, size };
 * input.memory: the worker's memory after the load, in bytes;
 * input.workers: how many workers read the file (split-load.js), 1 or absent for one;
 * splitChecked: whether hosts or paths have been split yet (only then are bad lines known).
 */
export function renderReport(list, input, report, splitChecked) {
  const { source, memory } = input;
  const items = [];
  if (source.kind === 'corpus') {
    items.push(S.sourceCorpus(source.n));
  } else {
    items.push(source.kind === 'file' ? S.sourceFile(source.name, fmtBytes(source.size)) : S.sourcePaste);
    if (input.workers > 1) items.push(S.reportWorkers(int(input.workers)));
    items.push(S.reportLines(report.lines, report.urls));
    if (report.blank) items.push(S.reportBlank(report.blank));
    if (report.bom) items.push(S.reportBom);
    if (report.crlf) items.push(S.reportCrlf(report.crlf));
  }
  const at = (o) => S.lineList(o.first_lines, o.count);
  const problems = [];
  if (report.too_long.count) problems.push(S.reportTooLong(report.too_long.count, at(report.too_long)));
  if (report.invalid_utf8.count) problems.push(S.reportInvalidUtf8(report.invalid_utf8.count, at(report.invalid_utf8)));
  if (report.nul.count) problems.push(S.reportNul(report.nul.count, at(report.nul)));
  for (const [o, part] of [
    [report.unsplittable_host, S.partHost],
    [report.unsplittable_path, S.partPath],
  ]) {
    if (o.count) problems.push(S.reportUnsplittable(o.count, part, at(o)));
  }
  if (report.columns) {
    const c = report.columns;
    items.push(S.reportTable(S.delimiterName[c.delimiter] ?? c.delimiter, int(c.column + 1), int(input.table?.guess?.fields ?? c.column + 1)));
    if (report.header_skipped) items.push(S.reportHeader);
    if (report.no_column?.count) problems.push(S.reportNoColumn(report.no_column.count, at(report.no_column)));
  }
  if (report.rank_host?.count) problems.push(S.reportRankHost(report.rank_host.count, at(report.rank_host)));
  items.push(...problems);
  if (!splitChecked && source.kind !== 'corpus') items.push(S.reportSplitLater);
  if (report.urls === 0) items.push(S.noUrls);
  else if (source.kind !== 'corpus' && !problems.length && !report.blank && !report.bom && !report.crlf) {
    items.push(S.reportClean);
  }
  if (memory) items.push(S.reportMemory(fmtBytes(memory)));
  list.dataset.memory = String(memory ?? '');
  // What was read, as numbers, for whoever checks them against urlhash's input report.
  list.dataset.stats = JSON.stringify({
    lines: report.lines,
    urls: report.urls,
    blank: report.blank,
    crlf: report.crlf,
    bom: report.bom,
    too_long: report.too_long,
    invalid_utf8: report.invalid_utf8,
    nul: report.nul,
  });
  list.dataset.workers = String(input.workers ?? 1);
  items.push(report.urls_kept ? S.reportKept : S.reportNotKept(int(report.lines_kept), fmtBytes(report.keep_budget)));
  list.replaceChildren(
    ...items.map((text, i) => el('li', { text, cls: i >= items.length - 1 ? 'muted' : problems.includes(text) ? 'warn' : '' })),
  );
}
