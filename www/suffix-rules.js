// The Public Suffix List rules the registrable-domain and Heritrix policies need, fetched the
// first time they are used (data/public-suffix-list.txt, written by the build from the psl
// crate's list). The one-file build swaps this module for www/single/suffix-rules.js.

/** The rules as text. */
export async function suffixRulesText() {
  const url = new URL('../data/public-suffix-list.txt', import.meta.url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response.text();
}
