//! The documentation's command-line examples are real: every ```text block of `README.md` and of
//! every `docs/*.md` that starts with `$ urlhash …` on a file that exists here is run, and its
//! output must be what the page shows (a block whose last line is `…` shows the first lines of
//! the output only). An example on a file of the reader's own (`hosts.txt`) is named and not run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `README.md`, then every `docs/*.md` in name order (none when `docs/` does not exist).
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = match std::fs::read_dir(root.join("docs")) {
        Ok(entries) => entries
            .map(|e| e.expect("readable directory entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "md") && p.is_file())
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => panic!("cannot read docs/: {e}"),
    };
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for doc in documents(&root) {
        let text = std::fs::read_to_string(&doc)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", doc.display()));
        let name = doc
            .strip_prefix(&root)
            .unwrap_or(&doc)
            .display()
            .to_string();
        checked += check_examples(&root, &name, &text);
    }
    assert!(
        checked >= 2,
        "the README's and docs/' examples were found ({checked})"
    );
}

/// Runs the examples of one document `name`, whose text is `text`; how many were checked.
fn check_examples(root: &Path, name: &str, text: &str) -> usize {
    let mut checked = 0;
    for block in text.split("```text\n").skip(1) {
        let block = &block[..block.find("```").expect("closed block")];
        let mut lines = block.lines();
        let Some(command) = lines.next().and_then(|l| l.strip_prefix("$ urlhash ")) else {
            continue;
        };
        let args: Vec<&str> = command.split_whitespace().collect();
        let missing_file = args
            .iter()
            .any(|a| a.contains('.') && !a.starts_with('-') && !root.join(a).exists());
        if missing_file {
            eprintln!(
                "{name} example not run (its input is not in the repository): urlhash {command}"
            );
            continue;
        }
        let out = Command::new(env!("CARGO_BIN_EXE_urlhash"))
            .args(&args)
            .current_dir(root)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: urlhash {command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let actual = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stderr),
            String::from_utf8_lossy(&out.stdout)
        );
        let mut expected: Vec<&str> = lines.collect();
        let mut actual: Vec<&str> = actual.lines().collect();
        if expected.last() == Some(&"…") {
            expected.pop();
            assert!(
                actual.len() > expected.len(),
                "{name}: urlhash {command}: output too short"
            );
            actual.truncate(expected.len());
        }
        assert_eq!(
            actual, expected,
            "{name} example `urlhash {command}` is out of date"
        );
        checked += 1;
    }
    checked
}
