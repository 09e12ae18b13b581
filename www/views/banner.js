// The banner over the page (a worker that failed or broke, with its restart button), errors
// worded next to where they happened, and the page's busy mark.
import { S, wordError } from '../strings.js';
import { $, showText } from '../dom.js';

/**
 * Wires the banner's buttons; offers `showBanner`, `reportError` and `setBusy` to the others.
 * @param {import('./context.js').Ctx} ctx
 */
export function setupBanner(ctx) {
  /**
   * @param {string} message
   * @param {{ restart?: boolean }} [options] whether the banner offers a new worker
   */
  function showBanner(message, { restart = false } = {}) {
    $('banner-text').textContent = message;
    $('banner-restart').hidden = !restart;
    $('banner').hidden = false;
  }

  /**
   * Shows an error next to where it happened; a broken wasm also gets the banner.
   * @param {HTMLElement} where
   * @param {any} e
   */
  function reportError(where, e) {
    const message = wordError(e);
    if (e && e.broken) {
      showBanner(S.workerBroken(message), { restart: true });
    }
    showText(where, S.errorPrefix + message);
  }

  /** @param {boolean} flag */
  function setBusy(flag) {
    document.body.dataset.busy = flag ? '1' : '0';
  }

  /** Wires the banner's buttons (with the other controls, once the page is set up). */
  function wire() {
    $('banner-dismiss').addEventListener('click', () => ($('banner').hidden = true));
    $('banner-restart').addEventListener('click', () => ctx.restart());
  }

  return { showBanner, reportError, setBusy, wire };
}
