// Tiny DOM helpers. Text always goes in through textContent, never as HTML.

/** Creates `<tag class=cls>text</tag>`; children may be nodes or strings. */
export function el(tag, { cls, text, title, attrs } = {}, children = []) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  if (title) node.title = title;
  if (attrs) for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

/** Shows `message` in the element (or hides it when empty). */
export function showText(node, message) {
  node.textContent = message || '';
  node.hidden = !message;
}
