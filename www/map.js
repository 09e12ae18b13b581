// The map of the lab: the sticky bar of links to every view (by paper), one view shown at a
// time (a route: the map's fragment, #p4-trie), or every section as one page, the report
// (#report), where the map shows the section being read and each paper's sections can be
// collapsed or shown alone ("only this paper"). No computation here.
import { $ } from './dom.js';
import { S } from './strings.js';

/** What the reader does that ends a hold: scrolling (wheel, a swipe), touching, typing, clicking. */
const HANDS = ['wheel', 'touchstart', 'touchmove', 'keydown', 'mousedown'];

/**
 * Wires the map. `onChange()` is called when the paper in focus changes or a section collapses
 * or opens (the link and the section being read follow).
 * Returns { go, reveal, bring, markCurrent, focusPaper, focused, pinned, relabel }.
 */
/**
 * `onRoute(view, byReader)` is called when another view comes in front, `byReader` when the
 * reader chose it (a link of the map or of the page), not a lesson or the address.
 * @param {{ onChange?: () => void, onRoute?: (view: string, byReader: boolean) => void }} [options]
 */
export function setupMap({ onChange = () => {}, onRoute = () => {} } = {}) {
  const links = [.../** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('#map a[data-section]'))];
  /** fragment (without #) → section id */
  const fragments = new Map(links.map((a) => [a.hash.slice(1), a.dataset.section]));
  const sections = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('main section.panel[data-paper]'))];
  /** Every panel a route shows or hides. */
  const panels = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.layout section.panel[id]'))];
  let focus = null;
  /** The view shown: a section id of the map's links, or ALL (the report); none before the first. */
  let route = null;

  for (const section of sections) addTools(section);

  /**
   * Shows view `id` alone (a map link's section id, or the section of a view's controls; ALL:
   * every section) and marks its link.
   * @param {string} id
   * @param {boolean} [byReader] the reader chose it
   */
  function show(id, byReader = false) {
    const next = routeOf(id);
    const moved = next !== route;
    route = next;
    document.body.dataset.route = route;
    const shown = PANELS_OF[route] ?? [route];
    for (const panel of panels) panel.classList.toggle('off-route', route === ALL ? NOT_IN_REPORT.includes(panel.id) : !shown.includes(panel.id));
    markCurrent(route);
    if (!moved) return;
    onRoute(route, byReader);
    onChange();
  }

  /** Opens the section (its view; in the report, expanded and not hidden by a focus). */
  function reveal(id, byReader = false) {
    const section = $(id)?.closest('section.panel') ?? null;
    if (!section) return null;
    if (route !== ALL) {
      show(section.id, byReader);
      return section;
    }
    if (section.classList.contains('collapsed')) setCollapsed(section, false);
    if (focus && section.dataset.paper && section.dataset.paper !== focus) focusPaper(null);
    return section;
  }

  /**
   * Opens the view a fragment or section id names (#p4-trie, #report, an element's id), or in
   * the report scrolls to its section; true when there was one.
   */
  function go(hash, byReader = false) {
    const name = decodeURIComponent(String(hash ?? '').replace(/^#/, ''));
    if (!name) return false;
    const id = fragments.get(name) ?? (name === 'input' ? 'input-panel' : $(name)?.closest('section.panel')?.id);
    if (id === ALL) {
      show(ALL, byReader);
      scrollTo(0, 0);
      return true;
    }
    if (!id || !$(id)) return false;
    // The map's links open a view, in the report too; there, a fragment scrolls to its section.
    if (byReader) show(/** @type {HTMLElement} */ ($(id).closest('section.panel') ?? $(id)).id, true);
    const section = reveal(id);
    if (!section) return false;
    const heading = section.querySelector('h2');
    if (route === ALL) {
      section.scrollIntoView({ block: 'start' });
      pin(section);
    } else {
      // A view opens at the top of the page, under its bar.
      scrollTo(0, 0);
    }
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    return true;
  }

  /**
   * Keeps `section` where the scroll put it while the views above it are still being drawn
   * (they grow and would push it down): for 3 s, as long as a view is waiting for its numbers
   * (`data-gen=""`), and 1.5 s after the last move, at most 60 s; the reader scrolling, touching
   * or typing ends it at once, and so does any other scroll (one the hold did not make while the
   * section stayed put in the page).
   */
  let unpin = (/** @type {string} */ _why) => {};
  let pinned = null;
  function pin(section) {
    unpin('pin');
    pinned = section.closest('section.panel')?.id ?? section.id;
    $('map').dataset.holding = pinned;
    const want = section.getBoundingClientRect().top;
    const start = performance.now();
    let until = start + 3000;
    let frame = 0;
    const stop = (why) => {
      pinned = null;
      delete $('map').dataset.holding;
      $('map').dataset.released = `${typeof why === 'string' ? why : why?.type} after ${Math.round(performance.now() - start)} ms`;
      cancelAnimationFrame(frame);
      for (const type of HANDS) removeEventListener(type, letGo, true);
    };
    const letGo = (e) => stop(e);
    for (const type of HANDS) addEventListener(type, letGo, { capture: true, passive: true });
    // Where the page was scrolled to and where the section sat in the page, after the last frame.
    let lastY = scrollY;
    let lastAt = want + scrollY;
    const tick = () => {
      const now = performance.now();
      const top = section.getBoundingClientRect().top;
      // The page scrolled while the section stayed where it was in it: someone else scrolled
      // (a script, an assistive tool, the scroll bar), and the hold gives way to them.
      if (Math.abs(scrollY - lastY) > 2 && Math.abs(top + scrollY - lastAt) <= 2) {
        stop('scrolled');
        return;
      }
      lastAt = top + scrollY;
      const drift = top - want;
      if (Math.abs(drift) > 2) {
        scrollBy(0, drift);
        until = Math.max(until, now + 1500);
      }
      lastY = scrollY;
      const drawing = document.querySelector('main [data-gen=""]') !== null;
      if (now - start < 60_000 && (now < until || drawing)) frame = requestAnimationFrame(tick);
      else stop(drawing ? 'limit' : 'drawn');
    };
    frame = requestAnimationFrame(tick);
    unpin = stop;
  }

  /**
   * Scrolls to element `id` (a card, chart, table or control: a lesson step's subject), opening
   * its section, and holds it there while the views above it are drawn. Returns the element.
   */
  function bring(id) {
    const el = $(id);
    const section = el?.closest('section.panel');
    if (!section) return null;
    reveal(section.id);
    el.scrollIntoView({ block: 'start' });
    pin(el);
    return el;
  }

  let pressing = false;
  $('map').addEventListener('pointerdown', () => (pressing = true));
  for (const type of ['pointerup', 'pointercancel']) addEventListener(type, () => (pressing = false), true);

  for (const a of [...links, .../** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('#papers a[href^="#"]'))]) {
    a.addEventListener('click', (e) => {
      e.preventDefault();
      go(a.hash, true);
    });
  }
  window.addEventListener('hashchange', () => go(location.hash));
  $('map-all').addEventListener('click', () => focusPaper(null));

  /** Marks the map's link of the view shown or, in the report, of the section in view (or of the nearest section above it). */
  const order = [...document.querySelectorAll('section.panel[id]')].map((s) => s.id);
  function markCurrent(id) {
    if (route !== ALL) id = route;
    let at = order.indexOf(id);
    let link = links.find((a) => a.dataset.section === id) ?? null;
    while (at >= 0 && !link) {
      link = links.find((a) => a.dataset.section === order[at]) ?? null;
      at -= 1;
    }
    for (const a of links) {
      if (a === link) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
    }
    current = link;
    showCurrent();
  }

  /** The link of the view in front, marked by markCurrent. */
  let current = /** @type {HTMLElement | null} */ (null);

  /**
   * Scrolls the bar sideways to the current link (scrollIntoView would move the page too),
   * unless a finger or the mouse is pressing on the bar: the link under it must not slide away.
   */
  function showCurrent() {
    const list = current?.closest('.map-list');
    if (!current || !list || pressing) return;
    const l = current.getBoundingClientRect();
    const r = list.getBoundingClientRect();
    if (l.left < r.left) list.scrollLeft -= r.left - l.left + 8;
    else if (l.right > r.right) list.scrollLeft += l.right - r.right + 8;
  }
  // The bar narrows once the data badge beside it is drawn (and with the window, the language):
  // the current link is brought back into it then.
  const lists = document.querySelectorAll('#map .map-list');
  if (typeof ResizeObserver === 'function') {
    const watch = new ResizeObserver(() => showCurrent());
    for (const list of lists) watch.observe(list);
  }

  /** Shows only the sections of `paper` ('p1' … 'p5'), or every paper (null). */
  function focusPaper(paper) {
    focus = /^p[1-5]$/.test(paper ?? '') ? paper : null;
    for (const section of sections) section.classList.toggle('out-of-focus', Boolean(focus) && section.dataset.paper !== focus);
    for (const a of links) a.classList.toggle('out-of-focus', Boolean(focus) && Boolean(a.dataset.paper) && a.dataset.paper !== focus);
    if (focus) document.body.dataset.focus = focus;
    else delete document.body.dataset.focus;
    relabel();
    onChange();
  }

  function setCollapsed(section, collapsed) {
    section.classList.toggle('collapsed', collapsed);
    section.querySelector('.section-tools .collapse').setAttribute('aria-expanded', collapsed ? 'false' : 'true');
    relabel();
    onChange();
  }

  function addTools(section) {
    const tools = document.createElement('div');
    tools.className = 'section-tools';
    const collapse = document.createElement('button');
    collapse.type = 'button';
    collapse.className = 'collapse quiet';
    collapse.setAttribute('aria-expanded', 'true');
    collapse.setAttribute('aria-controls', section.id);
    collapse.addEventListener('click', () => setCollapsed(section, !section.classList.contains('collapsed')));
    const only = document.createElement('button');
    only.type = 'button';
    only.className = 'only quiet';
    only.addEventListener('click', () => focusPaper(focus === section.dataset.paper ? null : section.dataset.paper));
    tools.append(collapse, only);
    section.querySelector('h2').after(tools);
  }

  /** Words every control of the map in the page's language. */
  function relabel() {
    for (const section of sections) {
      const paper = section.dataset.paper.toUpperCase();
      const collapsed = section.classList.contains('collapsed');
      const title = section.querySelector('h2').textContent;
      const collapse = section.querySelector('.section-tools .collapse');
      collapse.textContent = collapsed ? S.mapExpand : S.mapCollapse;
      collapse.setAttribute('aria-label', `${collapsed ? S.mapExpand : S.mapCollapse}: ${title}`);
      const only = section.querySelector('.section-tools .only');
      only.textContent = S.mapOnly(paper);
      only.setAttribute('aria-pressed', focus === section.dataset.paper ? 'true' : 'false');
    }
    const all = $('map-all');
    all.hidden = !focus;
    all.textContent = focus ? S.mapShowAllFrom(focus.toUpperCase()) : '';
  }

  relabel();
  return { go, show, reveal, bring, markCurrent, focusPaper, focused: () => focus, pinned: () => pinned, route: () => route, relabel };
}

/** The route of the report: every section as one page. */
export const ALL = 'all';
/** The view every other one starts from: P1's slots. */
export const FIRST_VIEW = 'view-panel';
/** Views the report leaves out: the claims ledger is a list of its own, not a section to read through. */
const NOT_IN_REPORT = ['claims'];
/** The panels of a view that are more than its section: its controls. */
const PANELS_OF = {
  'view-panel': ['functions-panel', 'slots-panel', 'view-panel'],
};

/**
 * The view that shows section `id` (a view's controls show with it).
 * @param {string} id
 */
function routeOf(id) {
  for (const [view, panels] of Object.entries(PANELS_OF)) if (panels.includes(id)) return view;
  return id;
}
