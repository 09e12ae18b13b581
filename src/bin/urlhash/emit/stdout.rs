//! Standard output, locked and buffered once for a whole report.

use std::io::{self, BufWriter};

/// Standard output, buffered.
pub(crate) type Stdout = BufWriter<io::StdoutLock<'static>>;

pub(crate) fn stdout() -> Stdout {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}
