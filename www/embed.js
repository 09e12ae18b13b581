// The embed view (#embed=p1-fig2&…): one chart or table of the lab with its caption, and a link
// that opens the whole lab on the same state, for slides and course pages (an <iframe>). The
// page around it is hidden, not removed: the same views compute the same numbers.

/** Embed name → the chart or table it shows (the figure or box holding it is shown). */
export const EMBEDS = {
  'p1-slots': 'per-slot-chart',
  'p1-table': 'measures-table',
  'p1-fig1': 'fig1-chart',
  'p1-fig2': 'fig2-chart',
  'p1-fig3': 'fig3-chart',
  'p2-site': 'part-site-chart',
  'p2-paths': 'part-path-chart',
  'p2-load': 'part-load-chart',
  'p2-rebalance': 'reb-moved-chart',
  'p2-rebalance-curve': 'reb-curve-chart',
  'p4-growth': 'trie-growth-chart',
  'p5-fpr': 'bloom-fpr-chart',
  'p5-counters': 'cbf-hist-chart',
  'p5-filters': 'filters-chart',
  'p3-avalanche': 'fp-aval-chart',
  'p3-birthday': 'fp-birthday-chart',
  'p1-quality': 'quality-chart',
  'p1-quality-table': 'quality-table',
  'p3-canon': 'canon-chart',
  'p3-canon-table': 'canon-table',
};

/**
 * Shows only the piece `name` names: it and the elements holding it stay, everything beside
 * them is hidden (style.css, body.embed). Returns the piece, or null for an unknown name.
 */
export function showEmbed(name) {
  const target = Object.hasOwn(EMBEDS, name) ? document.getElementById(EMBEDS[name]) : null;
  const piece = target?.closest('figure, [data-embed-box]');
  if (!piece) return null;
  piece.classList.add('embed-target');
  for (let el = piece.parentElement; el && el !== document.documentElement; el = el.parentElement) el.classList.add('embed-path');
  document.body.classList.add('embed');
  document.getElementById('embed-bar').hidden = false;
  return piece;
}
