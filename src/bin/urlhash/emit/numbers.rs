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
