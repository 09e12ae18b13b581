//! **Layer 4, the engine**: one loaded URL list and what runs on it, for the page's worker and
//! the native tests alike. It imports the layers below: [`crate::foundation`],
//! [`crate::mechanisms`] and [`crate::papers`]; only the adapters import it.
//!
//! | module | concept | paper |
//! |---|---|---|
//! | [`session`] | one loaded list: kept lines, raw values re-binned for any M, the filters' keys | P1 |
//! | [`study`] | the studies that run on a session in slices, beside each other | P1-P5 |
//! | [`quiz`] | the lessons' self-check questions, answered from the loaded URLs | P1-P5 |
//! | [`constants`] | every paper number, preset and limit the page uses, from the modules that own them | P1-P5 |

pub mod constants;
pub mod quiz;
pub mod session;
pub mod study;
