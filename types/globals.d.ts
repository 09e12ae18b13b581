// Ambient types for `tsc --checkJs` (tsconfig.json): what the page's scripts share through the
// global object, the modules only the build provides, and the service worker's scope, which
// TypeScript's "dom" library leaves out. Types only: nothing here is shipped.

interface Window {
  /** The core's numbers (www/constants.json), put in early-worker.js by the build. */
  uhlBoot: any;
  /** The worker early-worker.js started, until lab-client.js takes it over. */
  uhlWorker: (Worker & { uhlFailed?: string; uhlHello?: Promise<any> }) | null;
  /** The Blob URL of the one-file lab's worker source. */
  uhlWorkerUrl: string;
  /** The input early-worker.js asked its worker to load: { n, seed, fns, key, at }. */
  uhlPreload: { n: number; seed: number; fns: string[]; key: string; at: number } | undefined;
  /** Chart.js, loaded as a classic script (vendor/chart.umd.js). */
  Chart: any;
}

/** The one-file lab's WebAssembly bytes (esbuild's binary loader, tools/build-web.mjs). */
declare module 'uhl:wasm' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}

/** The one-file lab's second WebAssembly module (www/single/beyond-source.js). */
declare module 'uhl:beyond-wasm' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}

/** The one-file lab's Public Suffix List (esbuild's text loader, tools/build-web.mjs). */
declare module 'uhl:suffix-rules' {
  const text: string;
  export default text;
}

/** The service worker's file list, written into dist/sw.js by the build. */
declare const __UHL_FILES__: string[];

/** A service worker's install and activate events. */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

/** A service worker's fetch event. */
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

/** What www/sw.js uses of its ServiceWorkerGlobalScope. */
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options?: { includeUncontrolled?: boolean }): Promise<{ postMessage(message: unknown): void }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
