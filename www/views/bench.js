// The workbench's control sheet. On a view of its own, a view's controls (its `.bench-side`, or
// P1's column of M and functions) sit beside its chart on a wide screen; on a narrow one they are
// a sheet at the bottom of the window that leaves the chart above it (style.css). Each sheet has
// a handle that folds it to one line and opens it again; the body's `data-bench` says whether the
// view in front has a sheet open, folded, or none, so the page's end can scroll clear of it.
import { S } from '../strings.js';

/** The sheets of the views: each view's controls. */
function sheets() {
  return /** @type {HTMLElement[]} */ ([...document.querySelectorAll('section.panel > .bench-side, .layout > .controls')]);
}

/** Sets up the sheets' handles; returns `relabel()` (the handles' words in the language shown). */
export function setupBench() {
  const handles = sheets().map((side, i) => {
    if (!side.id) side.id = `bench-side-${i}`;
    const handle = document.createElement('button');
    handle.type = 'button';
    handle.className = 'bench-handle';
    handle.setAttribute('aria-controls', side.id);
    handle.setAttribute('aria-expanded', 'true');
    handle.addEventListener('click', () => {
      const folded = side.classList.toggle('folded');
      handle.setAttribute('aria-expanded', String(!folded));
      mark();
    });
    side.prepend(handle);
    return handle;
  });

  /**
   * Which sheet the view in front has: 'open', 'folded' or '' (none). Read from the route, not
   * from what is laid out: asking the page what is visible here would lay it out again at every
   * change of the body's class while the page starts (70–150 ms on a 2-core machine).
   */
  function mark() {
    const route = document.body.dataset.route ?? '';
    const section = route && route !== 'all' ? document.getElementById(route) : null;
    const side = section?.closest('.layout > .controls') ?? section?.querySelector(':scope > .bench-side');
    document.body.dataset.bench = side ? (side.classList.contains('folded') ? 'folded' : 'open') : '';
  }

  function relabel() {
    for (const h of handles) h.textContent = S.benchHandle;
  }
  relabel();
  new MutationObserver(mark).observe(document.body, { attributes: true, attributeFilter: ['data-route', 'class'] });
  mark();
  return { relabel };
}
