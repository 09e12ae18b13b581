// Errors as the wasm core and the worker send them: a JSON head line {code, args}, then a
// sentence. The page words them by code in its language (strings.js, wordError); the worker
// sends no sentence of its own, so it loads no strings.

/**
 * An error message with an optional head line. Returns { code, args, text } (code null for a
 * message without a head; text is what follows the head).
 */
export function splitCoded(message) {
  const text = String(message ?? '');
  const cut = text.indexOf('\n');
  if (text.startsWith('{') && cut > 0) {
    try {
      const head = JSON.parse(text.slice(0, cut));
      if (typeof head.code === 'string' && Array.isArray(head.args)) return { code: head.code, args: head.args.map(String), text: text.slice(cut + 1) };
    } catch {
      // Not a head after all: the whole text is the message.
    }
  }
  return { code: null, args: [], text };
}

/**
 * The worker's own error: the head, then the code and its arguments as the fallback text (the
 * page words it from the code).
 */
export function coded(code, args = []) {
  const all = args.map(String);
  return `${JSON.stringify({ code, args: all })}\n${[code, ...all].join(': ')}`;
}
