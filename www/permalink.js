// The page's state in its address, so a copied link reopens the same view: the data source and
// size, the functions, M, the key, the crawl nodes and policy, the section in view, the lesson
// step, the language, and the one chart or table an embed shows. The state lives in the
// fragment (#lang=en&n=100000&…), which browsers never send to a server; links from before,
// with the state in the query (?lang=en&…), are still read. A bare fragment (#p4-trie) names a
// section. Pasted URLs travel in the link deflated (a few hundred URLs fit); longer pastes are
// named in it instead, and the page opening the link says so.

/** A paste travels in a link while its deflated, base64url text is at most this long. */
export const PASTE_IN_LINK_MAX = 8192;

/** The state text of an address: its fragment when that holds the state, else its query. */
export function stateText(loc) {
  const hash = loc.hash.replace(/^#/, '');
  return hash.includes('=') ? hash : loc.search;
}

/** The section a bare fragment names (#p4-trie), or '' when the fragment is state or empty. */
export function anchorOf(loc) {
  return loc.hash.includes('=') ? '' : loc.hash;
}

/** The pasted bytes deflated (deflate-raw) as base64url, or null where browsers cannot. */
export async function packPaste(bytes) {
  if (typeof CompressionStream === 'undefined') return null;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The bytes of a packed paste (see packPaste); throws on text that is not one. */
export async function unpackPaste(text) {
  const stream = new Blob([fromBase64Url(text)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

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
 * The state text of `s`: { embed, lang, source: {kind, n | bytes (and packed, from packPaste) |
 * file}, lines, fns, m, key, nodes, policy, view, focus (the one paper shown), lesson, step }.
 */
export function encodeState(s) {
  const q = new URLSearchParams();
  if (s.embed) q.set('embed', s.embed);
  q.set('lang', s.lang);
  const src = s.source;
  if (src?.kind === 'corpus') {
    q.set('src', 'corpus');
    q.set('n', String(src.n));
  } else if (src?.kind === 'paste') {
    // A table's column the reader chose (from 1; 0 for whole lines), when not the guessed one.
    const column = 'columns' in src ? String(src.columns ? src.columns.column + 1 : 0) : null;
    if (src.packed && src.packed.length <= PASTE_IN_LINK_MAX) {
      q.set('src', 'paste');
      q.set('z', src.packed);
      if (column) q.set('col', column);
    } else if (!src.packed && src.bytes.length <= PASTE_IN_LINK_MAX / 4) {
      // Not deflated (yet, or not here): short pastes as they are.
      q.set('src', 'paste');
      q.set('paste', toBase64Url(src.bytes));
      if (column) q.set('col', column);
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
    // The self-check questions: their seed and the one asked (see src/engine/quiz.rs).
    if (s.quiz !== undefined) q.set('quiz', `${s.quiz}.${s.question ?? 0}`);
  }
  return q.toString();
}

/**
 * What a state text asks for; anything missing or malformed is left out (the page keeps its
 * defaults). `source` is { kind: 'corpus', n }, { kind: 'paste', bytes } or { kind: 'paste',
 * packed } (for unpackPaste), or, for what a link cannot carry, { kind: 'file', name } /
 * { kind: 'paste-too-big', lines, bytes }.
 */
export function decodeState(search) {
  const q = new URLSearchParams(search);
  const out = {};
  if (/^[a-z0-9-]+$/.test(q.get('embed') ?? '')) out.embed = q.get('embed');
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
  } else if (src === 'paste' && q.has('z')) {
    out.source = { kind: 'paste', packed: q.get('z') };
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
  if (out.source?.kind === 'paste' && whole('col') !== null) out.source.column = whole('col');
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
    const quiz = /^(\d{1,10})\.(\d{1,6})$/.exec(q.get('quiz') ?? '');
    if (quiz) {
      out.quiz = Number(quiz[1]);
      out.question = Number(quiz[2]);
    }
  }
  return out;
}
