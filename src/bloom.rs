//! Work in progress (issue 5).
