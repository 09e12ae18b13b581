// svgcanvas 2.6.0 (copied into dist/vendor by the build, re-exported by www/svgcanvas.js): a
// canvas 2D context that draws SVG. Untyped upstream; www/export.js extends it and reaches its
// internals (`__createElement`, `__currentElement`, …), hence the index signature.

export class Context {
  constructor(options?: { width?: number; height?: number; document?: Document; ctx?: CanvasRenderingContext2D });
  [member: string]: any;
}
