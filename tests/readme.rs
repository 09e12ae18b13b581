//! The README's command-line examples are real: every ```text block that starts with
//! `$ urlhash …` on a file that exists here is run, and its output must be what the README shows
//! (a block whose last line is `…` shows the first lines of the output only).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn readme_examples_print_what_the_readme_shows() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut checked = 0;
    for block in readme.split("```text\n").skip(1) {
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
                "README example not run (its input is not in the repository): urlhash {command}"
            );
            continue;
        }
        let out = Command::new(env!("CARGO_BIN_EXE_urlhash"))
            .args(&args)
            .current_dir(&root)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "urlhash {command}: {}",
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
                "urlhash {command}: output too short"
            );
            actual.truncate(expected.len());
        }
        assert_eq!(
            actual, expected,
            "README example `urlhash {command}` is out of date"
        );
        checked += 1;
    }
    assert!(checked >= 2, "the README's examples were found ({checked})");
}
