// Tiny DOM helpers. Text always goes in through textContent, never as HTML.

/** The element of id `id` (its type is index.html's: the caller knows it). */
export const $ = /** @type {(id: string) => any} */ ((id) => document.getElementById(id));

/**
 * Creates `<tag class=cls>text</tag>`; children may be nodes or strings.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @returns {HTMLElementTagNameMap[K]}
 * @param {{ cls?: string, text?: string, title?: string, attrs?: Record<string, string> }} [options]
 * @param {(Node | string)[]} [children]
 */
export function el(tag, { cls, text, title, attrs } = {}, children = []) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  if (title) node.title = title;
  if (attrs) for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

/** The words of each element set by `say`, kept to be worded again in another language. */
const said = new Map();

/**
 * Puts `words()` (a sentence from the string files) in the element, and again whenever the
 * language changes (`resay`), so status lines follow a switch without being recomputed.
 */
export function say(node, words) {
  node.textContent = words();
  said.set(node, { words, text: node.textContent });
}

/** Words again every element `say` filled that is still in the page and still shows it. */
export function resay() {
  for (const [node, entry] of said) {
    if (!node.isConnected || node.textContent !== entry.text) said.delete(node);
    else entry.text = node.textContent = entry.words();
  }
}

/** Shows `message` in the element (or hides it when empty). */
export function showText(node, message) {
  node.textContent = message || '';
  node.hidden = !message;
}

/**
 * Makes every `.table-scroll` box a named region that takes keyboard focus, so a table wider
 * than the screen can be scrolled from the keyboard. Whether a table overflows depends on its
 * numbers and the screen, so every box is made reachable, not only the ones that overflow now.
 * The name is the table's own description when it has one, else the last heading before the
 * box, so it follows the language.
 */
export function labelScrollRegions(root = document) {
  const headings = [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('h2, h3, h4, h5'))];
  let n = 0;
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('.table-scroll'))) {
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    const described = box.querySelector('table')?.getAttribute('aria-describedby');
    let name = described ? document.getElementById(described) : null;
    if (!name) {
      const before = headings.filter((h) => h.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING);
      name = before.at(-1) ?? null;
    }
    if (!name) continue;
    if (!name.id) name.id = `scroll-region-name-${++n}`;
    box.setAttribute('aria-labelledby', name.id);
  }
}
