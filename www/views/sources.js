// Words and records naming an input (the built-in corpus, a paste, a file), shared by the views
// that load, badge, link and export it.
import { S } from '../strings.js';
import { int } from '../format.js';

/**
 * What the input report keeps of a source.
 * @param {import('./context.js').Source} source
 */
export function describe(source) {
  if (source.kind === 'corpus') return { kind: 'corpus', n: source.n };
  if (source.kind === 'file') return { kind: 'file', name: source.file.name, size: source.file.size };
  return { kind: 'paste' };
}

/**
 * A few words naming an input, for the banner.
 * @param {import('./context.js').Source} source
 * @returns {string}
 */
export function describeSource(source) {
  if (source.kind === 'corpus') return S.againCorpus(int(source.n));
  if (source.kind === 'file') return S.againFile(source.file.name);
  return S.againPaste;
}

/**
 * Why a load that yielded no URL line changed nothing, worded from its input report; `kept` is
 * the input still on screen, if any.
 * @param {import('./context.js').Source} source
 * @param {any} report
 * @param {import('./context.js').Source | undefined} kept
 * @returns {string}
 */
export function nothingLoaded(source, report, kept) {
  const at = (o) => S.lineList(o.first_lines, o.count);
  const parts = [S.loadNothing(source.kind === 'file' ? S.emptyWhatFile(source.file.name) : S.emptyWhatPaste)];
  if (report.lines) parts.push(S.reportLines(report.lines, report.urls));
  if (report.blank) parts.push(S.reportBlank(report.blank));
  if (report.too_long.count) parts.push(S.reportTooLong(report.too_long.count, at(report.too_long)));
  if (report.no_column?.count) parts.push(S.reportNoColumn(report.no_column.count, at(report.no_column)));
  if (kept) parts.push(S.loadKept(describeSource(kept)));
  return parts.reduce((a, b) => S.twoSentences(a, b));
}
