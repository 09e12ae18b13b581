//! `urlhash gen`: the shipped sample is the generated corpus, and a closed pipe is no error.

use super::helpers::*;
use std::process::{Command, Stdio};

#[test]
fn shipped_sample_is_the_generated_corpus() {
    let generated = ok(&urlhash(&["gen", "--n", "1000"]));
    let shipped = std::fs::read_to_string(root().join(SAMPLE)).unwrap();
    assert_eq!(
        generated, shipped,
        "data/corpus-sample-1000.txt is `urlhash gen --n 1000`"
    );
    golden("gen-20.txt", &ok(&urlhash(&["gen", "--n", "20"])));
    let other_seed = ok(&urlhash(&["gen", "--n", "20", "--seed", "7"]));
    assert_ne!(other_seed, ok(&urlhash(&["gen", "--n", "20"])));
}

#[test]
fn closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlhash"))
        .args(["gen", "--n", "5000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(&first[..7], b"http://");
}
