//! The number of slots M as a user types it, read alike by the CLI (`--slots`) and the page.
//!
//! P1's slot of a URL is `h(u) mod M` in 32-bit unsigned arithmetic, so M is a whole number
//! from 1 to 2^32 − 1. A reader types it as a person would: `200000`, `200 000`, `200,000` or
//! `2_000_000` (spaces, no-break spaces, commas and underscores are dropped), `1e6`, or `2^21`.
//! What is not such a number, or not a whole one in range, is a [`Coded`] error whose code says
//! which: `slots-empty`, `slots-not-number`, `slots-negative`, `slots-zero`, `slots-fraction`,
//! `slots-too-large`. The page checks the same grammar as the user types (`www/slots.js`), and
//! `tests/data/slots-typed.json` holds the cases both are tested on.
//!
//! ```
//! use urlhashlab::foundation::slots::parse_slots;
//! assert_eq!(parse_slots("2^21"), Ok(2_097_152));
//! assert_eq!(parse_slots("200 000"), Ok(200_000));
//! assert_eq!(parse_slots("1.5").unwrap_err().code, "slots-fraction");
//! ```

use crate::foundation::coded::Coded;

/// The largest M: 2^32 − 1.
pub const MAX_SLOTS: u32 = u32::MAX;

/// Separators a typed number may carry between its digits.
const SEPARATORS: [char; 6] = [' ', ',', '_', '\u{202f}', '\u{2009}', '\u{a0}'];

fn error(code: &'static str, text: &str, english: String) -> Coded {
    Coded {
        code,
        args: vec![text.to_string()],
        english,
    }
}

/// `digits` (ASCII, at least one), optionally `.digits`, optionally an exponent: the forms a
/// decimal number may take.
fn decimal(t: &str) -> bool {
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let fraction = fraction.unwrap_or("");
    let mantissa_ok =
        digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    let exponent_ok = match exponent {
        None => true,
        Some(e) => {
            let e = e.strip_prefix(['+', '-']).unwrap_or(e);
            !e.is_empty() && digits(e)
        }
    };
    mantissa_ok && exponent_ok
}

/// M as typed (see the module doc).
pub fn parse_slots(typed: &str) -> Result<u32, Coded> {
    let text = typed.trim();
    let range = || {
        error(
            "slots-too-large",
            text,
            format!("M must be between 1 and {MAX_SLOTS}, got {text}"),
        )
    };
    let not_whole = |code| {
        error(
            code,
            text,
            format!("'{text}' is not a whole number of slots (1 to {MAX_SLOTS})"),
        )
    };
    if text.is_empty() {
        return Err(error("slots-empty", text, "enter a number of slots".into()));
    }
    let compact: String = text.chars().filter(|c| !SEPARATORS.contains(c)).collect();
    let value = if let Some(k) = compact.strip_prefix("2^") {
        if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) {
            return Err(not_whole("slots-not-number"));
        }
        match k.parse::<u32>() {
            Ok(k) if k < 32 => return Ok(1 << k),
            _ => return Err(range()),
        }
    } else {
        let (negative, unsigned) = match compact.strip_prefix(['+', '-', '−']) {
            Some(rest) => (!compact.starts_with('+'), rest),
            None => (false, compact.as_str()),
        };
        if !decimal(unsigned) {
            return Err(not_whole("slots-not-number"));
        }
        // A decimal string, correctly rounded to the nearest double, as JavaScript's Number().
        let v: f64 = unsigned
            .parse()
            .map_err(|_| not_whole("slots-not-number"))?;
        if negative {
            -v
        } else {
            v
        }
    };
    if value < 0.0 {
        return Err(error(
            "slots-negative",
            text,
            format!("M must be between 1 and {MAX_SLOTS}, got {text}"),
        ));
    }
    if value == 0.0 {
        return Err(error(
            "slots-zero",
            text,
            format!("M must be between 1 and {MAX_SLOTS}, got {text}"),
        ));
    }
    if value > MAX_SLOTS as f64 {
        return Err(range());
    }
    if value.fract() != 0.0 {
        return Err(not_whole("slots-fraction"));
    }
    Ok(value as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_typed_case_reads_as_the_fixture_says() {
        // The cases the page's www/slots.js is tested on too (tests/e2e/slots.test.js).
        let cases: Vec<(String, serde_json::Value)> =
            serde_json::from_str(include_str!("../../tests/data/slots-typed.json")).unwrap();
        assert!(cases.len() > 40);
        for (typed, expected) in cases {
            match (parse_slots(&typed), expected) {
                (Ok(m), serde_json::Value::Number(n)) => {
                    assert_eq!(Some(m as u64), n.as_u64(), "{typed:?}")
                }
                (Err(e), serde_json::Value::String(code)) => {
                    assert_eq!(e.code, code, "{typed:?}: {e}")
                }
                (got, want) => panic!("{typed:?}: got {got:?}, want {want}"),
            }
        }
    }
}
