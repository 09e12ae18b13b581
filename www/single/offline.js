// The one-file build has no service worker (it is a file: nothing to cache) and no link to
// download itself.
export function setupOffline() {}
