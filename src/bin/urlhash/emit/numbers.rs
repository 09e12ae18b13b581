//! Numbers as the reports print them: scientific notation and digits grouped by three.

/// `0.000123` → `1.23e-4` (with `digits` decimals); 0 stays `0`.
pub(crate) fn sci(x: f64, digits: usize) -> String {
    if x == 0.0 {
        "0".into()
    } else {
        format!("{x:.digits$e}")
    }
}

/// `1234567` → `1 234 567`, as P1 prints numbers.
pub(crate) fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// Any number short: a whole one grouped by three (`1 234 567`), else at most 6 decimals,
/// trailing zeros dropped (`0.31`), in scientific notation beyond 10^±6; NaN is `—`.
pub(crate) fn short_number(x: f64) -> String {
    if x.is_nan() {
        return "—".into();
    }
    if x == x.trunc() && x.abs() < 1e15 {
        let digits = group(x.abs() as u64);
        return if x < 0.0 {
            format!("-{digits}")
        } else {
            digits
        };
    }
    if x != 0.0 && !(1e-6..1e6).contains(&x.abs()) {
        return sci(x, 3);
    }
    let s = format!("{x:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
