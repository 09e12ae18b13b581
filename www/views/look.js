// How the page looks: its language (English or Chinese), the projector mode and the dark or
// light theme, each with its toggle and remembered in the browser's storage.
import { setLanguage, language } from '../strings.js';
import { themeCharts, sizeCharts } from '../charts/common.js';
import { $ } from '../dom.js';

/**
 * The language to open in: the link's, the one chosen before, or the browser's.
 * @param {{ lang?: string }} link
 * @returns {string}
 */
export function firstLanguage(link) {
  if (link.lang) return link.lang;
  try {
    const saved = localStorage.getItem('uhl-lang');
    if (saved === 'en' || saved === 'zh') return saved;
  } catch {
    // Storage may be off.
  }
  return (navigator.languages ?? [navigator.language]).some((l) => /^zh\b/i.test(l ?? '')) ? 'zh' : 'en';
}

/**
 * Offers `markLanguage` and `wire` (the three toggles, the theme and projector mode set).
 * @param {import('./context.js').Ctx} ctx
 */
export function setupLook(ctx) {
  const state = ctx.state;

  function markLanguage() {
    const b = $('lang-toggle');
    const zh = language() === 'zh';
    b.textContent = zh ? 'English' : '中文';
    b.lang = zh ? 'en' : 'zh-CN';
    b.setAttribute('aria-label', zh ? 'Switch the page to English' : '把页面切换为中文');
  }

  /** @param {string} lang */
  async function switchLanguage(lang) {
    await setLanguage(lang);
    try {
      localStorage.setItem('uhl-lang', lang);
    } catch {
      // Storage may be off (private windows); the link still carries the language.
    }
    ctx.relabel();
    ctx.updateLink();
  }

  /** @param {boolean} on */
  function setProjector(on) {
    document.body.classList.toggle('projector', on);
    $('projector-toggle').setAttribute('aria-pressed', on ? 'true' : 'false');
    try {
      localStorage.setItem('uhl-projector', on ? '1' : '0');
    } catch {
      // Storage may be off.
    }
    // Charts take their boxes from the CSS and their type and lines from chartType(): drawn again.
    if (!(/** @type {any} */ (window).Chart) || !state.functions.length) return;
    sizeCharts();
    ctx.relabel();
  }

  /** The theme the reader chose ('dark' or 'light'), or null to follow the system. */
  function storedTheme() {
    try {
      return localStorage.getItem('uhl-theme');
    } catch {
      return null; // Storage may be off.
    }
  }

  /**
   * Shows the dark or the light theme (remembered when `save`); the charts are drawn again in it.
   * @param {boolean} dark
   * @param {{ save?: boolean }} [options]
   */
  function setTheme(dark, { save = false } = {}) {
    const root = document.documentElement;
    const changed = root.dataset.theme !== (dark ? 'dark' : 'light');
    root.dataset.theme = dark ? 'dark' : 'light';
    $('theme-toggle').setAttribute('aria-pressed', dark ? 'true' : 'false');
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0b0f15' : '#1b2230');
    if (save) {
      try {
        localStorage.setItem('uhl-theme', dark ? 'dark' : 'light');
      } catch {
        // Storage may be off.
      }
    }
    // Before the lab is connected, setupCharts() takes the theme's colours and nothing is drawn yet.
    if (changed && state.functions.length) {
      themeCharts();
      ctx.relabel();
    }
  }

  /** The language, projector and theme toggles; the theme and projector mode set. */
  function wire() {
    $('lang-toggle').addEventListener('click', () => switchLanguage(language() === 'zh' ? 'en' : 'zh'));
    $('projector-toggle').addEventListener('click', () => setProjector(!document.body.classList.contains('projector')));
    const systemDark = matchMedia('(prefers-color-scheme: dark)');
    // boot-check.js has set the theme before the first paint (unless storage is off).
    const early = document.documentElement.dataset.theme;
    setTheme(early ? early === 'dark' : systemDark.matches);
    systemDark.addEventListener('change', () => storedTheme() || setTheme(systemDark.matches));
    $('theme-toggle').addEventListener('click', () => setTheme(document.documentElement.dataset.theme !== 'dark', { save: true }));
    // The settings menu closes on Escape (its button keeps the focus) and on a click outside it.
    const menu = /** @type {HTMLDetailsElement} */ ($('tools-menu'));
    menu.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || !menu.open) return;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    });
    // A setting chosen closes the menu (its effect, or the link's note, shows at once).
    for (const item of menu.querySelectorAll('.tools-menu-items button')) item.addEventListener('click', () => (menu.open = false));
    document.addEventListener('click', (e) => {
      if (menu.open && !menu.contains(/** @type {Node} */ (e.target))) menu.open = false;
    });
    try {
      if (localStorage.getItem('uhl-projector') === '1') setProjector(true);
    } catch {
      // Storage may be off.
    }
  }

  return { markLanguage, wire };
}
