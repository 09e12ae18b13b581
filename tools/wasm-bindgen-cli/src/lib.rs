//! Empty: this package only pins wasm-bindgen-cli's dependencies (see `Cargo.toml`).
