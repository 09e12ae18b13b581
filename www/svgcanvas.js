// svgcanvas (zenozeng/svgcanvas 2.6.0), an ES module the build copies into dist/vendor with its
// licence; export.js imports this module when the first SVG is asked for.
export { Context } from '../vendor/svgcanvas.esm.js';
