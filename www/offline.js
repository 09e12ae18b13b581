// Offline after one visit: registers the service worker (sw.js at the site's root, written by
// the build with the list of every file of the build and its version), shows the "works
// offline" badge once the worker has every file cached, and a "reload to update" note when a
// newer build is waiting. Also shows the link to the one-file lab with its size and SHA-256,
// which the build writes into index.html.
import { $ } from './dom.js';
import { S } from './strings.js';
import { bytes as fmtBytes } from './format.js';

export function setupOffline(relabelHooks) {
  showOneFile();
  relabelHooks.push(showOneFile);
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const relabel = [];
  relabelHooks.push(() => relabel.forEach((f) => f()));
  register(relabel).catch((e) => {
    // No service worker (a private window, or a host that refuses it): the page works online.
    document.body.dataset.offline = `unavailable: ${e?.message ?? e}`;
  });
}

function showOneFile() {
  const facts = $('one-file-facts');
  const size = Number(facts?.dataset.bytes);
  if (!facts || !size) return;
  facts.textContent = S.oneFileFacts(fmtBytes(size), facts.dataset.sha256);
  $('one-file').hidden = false;
}

async function register(relabel) {
  const registration = await navigator.serviceWorker.register('sw.js');
  const badge = $('offline-badge');
  const showBadge = (status) => {
    badge.textContent = S.worksOffline;
    badge.title = S.worksOfflineTitle(status.version, status.total);
    badge.hidden = false;
    document.body.dataset.offline = status.version;
  };
  const checkCache = async () => {
    const worker = registration.active;
    if (!worker) return;
    const status = await ask(worker, { type: 'status' });
    if (status.cached === status.total) {
      showBadge(status);
      relabel.push(() => showBadge(status));
    }
  };
  navigator.serviceWorker.ready.then(checkCache);
  navigator.serviceWorker.addEventListener('message', (e) => {
    if (e.data?.type === 'cached') checkCache();
  });

  // A newer build installed beside the one in use: say so, and swap on request.
  const waiting = (worker) => {
    if (!navigator.serviceWorker.controller) return;
    const note = $('update-note');
    note.hidden = false;
    document.body.dataset.update = 'ready';
    $('update-reload').onclick = () => worker.postMessage({ type: 'skip-waiting' });
  };
  if (registration.waiting) waiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waiting(worker);
    });
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (document.body.dataset.update !== 'ready' || reloading) return;
    reloading = true;
    location.reload();
  });
  // Look for a newer build at each visit, not only at the browser's own pace.
  registration.update().catch(() => {});
}

/** One question to a service worker, one answer. */
function ask(worker, message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data);
    worker.postMessage(message, [channel.port2]);
  });
}
