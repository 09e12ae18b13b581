// The paste box's text as the user gave it. A <textarea>'s value turns every CRLF and lone CR
// into LF (HTML's "API value"), and a big paste shows only its first lines, so the box's value
// is not what was pasted: the page keeps the pasted text aside and hashes that, byte for byte,
// as `urlhash` reads the same text from a file (a lone CR stays inside its line there).

/**
 * The index in `raw` of the character the box's value has at `index`, where the value is
 * `raw` (or a prefix of it) with CRLF and lone CR read as one LF.
 * @param {string} raw
 * @param {number} index
 * @returns {number}
 */
export function rawIndex(raw, index) {
  let i = 0;
  for (let j = 0; j < index && i < raw.length; j += 1) {
    i += raw[i] === '\r' && raw[i + 1] === '\n' ? 2 : 1;
  }
  return i;
}

/**
 * `raw` with the box's selection `start .. end` (indices of the box's value) replaced by
 * `text`: what a paste into the box stands for.
 * @param {string} raw
 * @param {number} start
 * @param {number} end
 * @param {string} text
 * @returns {string}
 */
export function spliceRaw(raw, start, end, text) {
  return raw.slice(0, rawIndex(raw, start)) + text + raw.slice(rawIndex(raw, end));
}

/**
 * The first `lines` lines of `text` (at most `chars` characters) for the box to show.
 * @param {string} text
 * @param {number} lines
 * @param {number} chars
 * @returns {string}
 */
export function previewOf(text, lines, chars) {
  return text.slice(0, chars).split('\n').slice(0, lines).join('\n');
}

/**
 * Lines as `urlhash` counts them: a `\n` ends a line (a CR alone does not), and text after the
 * last `\n` is one more line.
 * @param {string} text
 * @returns {number}
 */
export function countLines(text) {
  let lines = text.length && !text.endsWith('\n') ? 1 : 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return lines;
}

/**
 * What a text box shows of `text`: every CRLF and lone CR read as one LF.
 * @param {string} text
 * @returns {string}
 */
export function boxValue(text) {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * `raw` with the edit that turned the box's value `old` into `now` made at the same place: the
 * edit is what lies between their common start and their common end.
 * @param {string} raw
 * @param {string} old
 * @param {string} now
 * @returns {string}
 */
export function applyEdit(raw, old, now) {
  let p = 0;
  while (p < old.length && p < now.length && old[p] === now[p]) p += 1;
  let q = 0;
  while (q < old.length - p && q < now.length - p && old[old.length - 1 - q] === now[now.length - 1 - q]) q += 1;
  return spliceRaw(raw, p, old.length - q, now.slice(p, now.length - q));
}
