//! Errors a user can act on: [`Coded`], a code and arguments the page words in its language
//! (`errors` in www/strings.js and www/strings-zh.js) with the English sentence the CLI and the
//! console print, the [`coded!`](crate::coded) macro that makes one, and the checks every layer
//! shares ([`whole`], [`core()`], [`sequence`]).

/// An error a user can act on: `code` and `args` name it for the page, which words it in its
/// language (`errors` in www/strings.js and www/strings-zh.js); `english` is the sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coded {
    /// The error's stable name, kebab-case (`k-range`, `suffix-rules-missing`, …).
    pub code: &'static str,
    /// The values the wording fills in, in order, as text.
    pub args: Vec<String>,
    /// The whole sentence in English, for the CLI and the logs.
    pub english: String,
}

impl std::fmt::Display for Coded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english)
    }
}

/// A [`Coded`] error: `coded!("code", [arg, ...], "format", ...)`, each argument anything
/// `Display`.
#[macro_export]
macro_rules! coded {
    ($code:literal, [$($arg:expr),* $(,)?], $($fmt:tt)+) => {
        $crate::foundation::coded::Coded {
            code: $code,
            args: vec![$($arg.to_string()),*],
            english: format!($($fmt)+),
        }
    };
}

/// An error of the core passed on with its English text (`core`): the callers check what the
/// core would refuse before they ask, so a reader should not see one.
pub fn core(e: impl std::fmt::Display) -> Coded {
    crate::coded!("core", [e], "{e}")
}

/// A request out of order (`what` is not running, or comes too late): a bug of the caller.
pub fn sequence(what: &str, english: &str) -> Coded {
    Coded {
        code: "sequence",
        args: vec![what.to_string()],
        english: english.to_string(),
    }
}

/// `v` as a whole number of at least `min` (and at most 2^53), or the error `not-whole` naming
/// `what` (an id the page words).
pub fn whole(v: f64, min: f64, what: &str) -> Result<u64, Coded> {
    if !v.is_finite() || v.fract() != 0.0 || v < min || v > 9_007_199_254_740_992.0 {
        return Err(crate::coded!(
            "not-whole",
            [what, min, v],
            "{} must be a whole number of at least {min}, not {v}",
            what.replace('-', " ")
        ));
    }
    Ok(v as u64)
}
