// The page's state in its address, so a copied link reopens the same view: the data source and
// size, the functions, M, the key, the crawl nodes and policy, the section in view, the lesson
// step and the language. Pasted URLs travel in the link while they are short; longer ones are
// named in it instead, and the page opening the link says so.

/** Pasted text longer than this (UTF-8 bytes) is not put in a link. */
export const PASTE_IN_LINK_MAX = 2048;

/** base64url of bytes (no padding). */
function toBase64Url(bytes) {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * The query string of `s`: { lang, source: {kind, n | bytes | file}, lines, fns, m, key, nodes,
 * policy, view, focus (the one paper shown), lesson, step }.
 */
export function encodeState(s) {
  const q = new URLSearchParams();
  q.set('lang', s.lang);
  const src = s.source;
  if (src?.kind === 'corpus') {
    q.set('src', 'corpus');
    q.set('n', String(src.n));
  } else if (src?.kind === 'paste') {
    if (src.bytes.length <= PASTE_IN_LINK_MAX) {
      q.set('src', 'paste');
      q.set('paste', toBase64Url(src.bytes));
    } else {
      q.set('src', 'paste-too-big');
      q.set('lines', String(s.lines ?? 0));
      q.set('bytes', String(src.bytes.length));
    }
  } else if (src?.kind === 'file') {
    q.set('src', 'file');
    q.set('file', src.file?.name ?? src.name ?? '');
  }
  if (s.fns?.length) q.set('fns', s.fns.join(','));
  q.set('m', String(s.m));
  q.set('key', s.key);
  if (s.nodes) q.set('nodes', String(s.nodes));
  if (s.policy) q.set('policy', s.policy);
  if (s.view) q.set('view', s.view);
  if (s.focus) q.set('focus', s.focus);
  if (s.lesson) {
    q.set('lesson', s.lesson);
    q.set('step', String(s.step ?? 0));
  }
  return q.toString();
}

/**
 * What a query string asks for; anything missing or malformed is left out (the page keeps its
 * defaults). `source` is { kind: 'corpus', n } or { kind: 'paste', bytes }, or, for what a link
 * cannot carry, { kind: 'file', name } / { kind: 'paste-too-big', lines, bytes }.
 */
export function decodeState(search) {
  const q = new URLSearchParams(search);
  const out = {};
  const lang = q.get('lang');
  if (lang === 'en' || lang === 'zh') out.lang = lang;
  const whole = (name) => {
    const v = Number(q.get(name));
    return q.has(name) && Number.isInteger(v) && v >= 0 ? v : null;
  };
  const src = q.get('src');
  if (src === 'corpus' || (!src && q.has('n'))) {
    const n = whole('n');
    if (n) out.source = { kind: 'corpus', n };
  } else if (src === 'paste' && q.has('paste')) {
    try {
      out.source = { kind: 'paste', bytes: fromBase64Url(q.get('paste')) };
    } catch {
      out.bad = 'paste';
    }
  } else if (src === 'paste-too-big') {
    out.source = { kind: 'paste-too-big', lines: whole('lines') ?? 0, bytes: whole('bytes') ?? 0 };
  } else if (src === 'file') {
    out.source = { kind: 'file', name: q.get('file') ?? '' };
  }
  if (q.has('fns')) out.fns = q.get('fns').split(',').filter(Boolean);
  if (q.has('m')) out.m = q.get('m');
  const key = q.get('key');
  if (key === 'url' || key === 'host' || key === 'path') out.key = key;
  const nodes = whole('nodes');
  if (nodes) out.nodes = nodes;
  if (q.has('policy')) out.policy = q.get('policy');
  if (q.has('view')) out.view = q.get('view');
  if (/^p[1-5]$/.test(q.get('focus') ?? '')) out.focus = q.get('focus');
  if (q.has('lesson')) {
    out.lesson = q.get('lesson');
    out.step = whole('step') ?? 0;
  }
  return out;
}
