// Number formatting for display only (no statistics here: every value comes from the wasm).
// Pure functions, importable by the Node tests as well as the page.

/** Narrow no-break space, the thousands separator (as in 1 000 000). */
export const GROUP = '\u202f';

/**
 * A value that is not a finite number, as a reader should see it: ∞ and −∞ (a report's
 * infinities cross from the wasm as numbers), else a dash (NaN: no value, e.g. a p-value
 * without degrees of freedom).
 */
export function nonFinite(v) {
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  return '—';
}

/** A whole number with grouped thousands: 2097152 → "2 097 152". */
export function int(v) {
  if (typeof v === 'number' && !Number.isFinite(v)) return nonFinite(v);
  if (typeof v !== 'number' && typeof v !== 'bigint') return String(v);
  const sign = v < 0 ? '−' : '';
  const digits = (v < 0 ? -v : v).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
}

/** A number with `digits` decimals, the integer part grouped: 126.148 → "126.1480". */
export function fixed(v, digits) {
  if (!Number.isFinite(v)) return nonFinite(v);
  const s = Math.abs(v).toFixed(digits);
  const [whole, frac] = s.split('.');
  const sign = v < 0 && Number(s) !== 0 ? '−' : '';
  return sign + int(BigInt(whole)) + (frac ? '.' + frac : '');
}

const SUPERSCRIPT = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

/** 10 to a whole power, with a superscript exponent: −4 → "10⁻⁴". */
export function tenTo(exp) {
  return `10${String(exp).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c])}`;
}

/** `base` to the power `exp`, written with a superscript: (2, −79.7) → "2⁻⁷⁹·⁷". */
export function power(base, exp) {
  return `${base}${String(exp).replace(/[-.0-9]/g, (c) => (c === '.' ? '·' : SUPERSCRIPT[c]))}`;
}

/** A probability: 0.6145 → "0.615", 5.6e-80 → "5.61 × 10⁻⁸⁰", 0 (underflow) → "< 10⁻³⁰⁷". */
export function pValue(v) {
  if (!Number.isFinite(v)) return nonFinite(v);
  if (v === 0) return '< 10⁻³⁰⁷';
  if (v >= 0.001) return v.toFixed(3);
  const [mant, exp] = v.toExponential(2).split('e');
  const e = String(Number(exp)).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c]);
  return `${mant} × 10${e}`;
}

/** A small positive number in scientific form: 7.1e-5 → "7.10 × 10⁻⁵"; from 0.01 on, 3 decimals. */
export function small(v) {
  if (!Number.isFinite(v)) return nonFinite(v);
  if (v === 0) return '0';
  if (Math.abs(v) >= 0.01) return fixed(v, 3);
  const [mant, exp] = v.toExponential(2).split('e');
  const e = String(Number(exp)).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c]);
  return `${mant} × 10${e}`;
}

/** Any positive number in scientific form when far from 1: 2.74e21 → "2.74 × 10²¹", 7.1e-5 → "7.10 × 10⁻⁵"; else 3 decimals. */
export function sci(v) {
  if (!Number.isFinite(v)) return nonFinite(v);
  if (v === 0) return '0';
  if (Math.abs(v) >= 0.01 && Math.abs(v) < 1e6) return fixed(v, 3);
  const [mant, exp] = v.toExponential(2).split('e');
  return `${mant} × ${tenTo(Number(exp))}`;
}

/** An expected count: 8335.17 → "8 335.2", 0.0053 → "5.26 × 10⁻³". */
export function expectedCount(v) {
  if (!Number.isFinite(v)) return nonFinite(v);
  return Math.abs(v) >= 1 || v === 0 ? fixed(v, 1) : small(v);
}

/** A share in [0, 1] as a percentage: 0.9999 → "99.99 %". */
export function percent(v, digits = 2) {
  if (!Number.isFinite(v)) return nonFinite(v);
  return `${(v * 100).toFixed(digits)}\u202f%`;
}

/** A byte count: 4194304 → "4.0 MiB". */
export function bytes(v) {
  if (v < 1024) return `${int(v)} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let x = v / 1024;
  let i = 0;
  while (x >= 1024 && i < units.length - 1) {
    x /= 1024;
    i += 1;
  }
  return `${x.toFixed(1)}\u202f${units[i]}`;
}

/** How each measure of the table is shown. */
export const MEASURE_FORMAT = {
  n: (v) => int(v),
  slots: (v) => int(v),
  a: (v) => fixed(v, 4),
  a_opt: (v) => fixed(v, 4),
  a_random: (v) => fixed(v, 4),
  b: (v) => fixed(v, 4),
  max_load: (v) => int(v),
  expected_max_load: (v) => fixed(v, 2),
  empty_slots: (v) => int(v),
  expected_empty_slots: (v) => fixed(v, 2),
  chi2: (v) => fixed(v, 1),
  p_value: (v) => pValue(v),
};

/** A byte as a visible character: 47 → "/", 10 → "0x0A". */
export function byteChar(b) {
  if (b > 32 && b < 127) return `“${String.fromCharCode(b)}”`;
  return `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;
}
