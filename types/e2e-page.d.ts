// What the end-to-end tests (tests/e2e/) install in the page they drive, for `tsc --checkJs`:
// marks and recorders set through page.evaluate and read back, and axe-core, injected as a
// script. The page's own code sets none of them.

interface Window {
  /** axe-core, added by a11y.test.js. */
  axe?: { run(context: Document, options?: object): Promise<{ violations: any[] }> };
  /** The Blobs the page made object URLs of (anywhere.test.js). */
  __blobs?: Blob[];
  /** This document's mark and the address it booted at (chaos.test.js). */
  __chaosDoc?: string;
  __chaosBoot?: string;
  /** Whether an inline script ran, and the policy violation it met (csp.test.js). */
  __ran?: boolean;
  __violated?: unknown;
  /** Live numbers shown under other data, and the stop of that watch (data-kept.test.js). */
  __mismatch?: string[];
  __stop?: boolean;
  /** Set only if an injected payload ran (robust.test.js). */
  __pwned?: unknown;
}
