//! The documentation stays true to the tree:
//!
//! - every repository path written in backticks in `CONTRIBUTING.md`, `ARCHITECTURE.md` and
//!   `docs/*.md` exists (a path is a span that starts with one of the repository's top-level
//!   folders followed by `/`, such as `src/…` or `www/…`; spans with a wildcard or a placeholder
//!   are patterns, not paths, and are left alone);
//! - `README.md` is at most 200 lines;
//! - every `urlhash` command (the variants of the CLI's `Command` and `PaperCommand` enums) has a
//!   section in `docs/cli.md`: a heading that names `urlhash COMMAND`.
//!
//! It reads files only (std and `CARGO_MANIFEST_DIR`), so it runs in the quick tier.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The documents whose backticked paths are checked.
fn checked_documents() -> Vec<PathBuf> {
    let root = root();
    let mut docs = vec![root.join("CONTRIBUTING.md"), root.join("ARCHITECTURE.md")];
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|e| e.expect("a docs/ entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    docs.extend(pages);
    docs
}

/// The repository's top-level folders (build outputs and installed packages left out): a
/// backticked span that starts with one of them and a `/` is a repository path.
fn top_folders() -> Vec<String> {
    const NOT_SOURCE: [&str; 5] = ["target", "dist", "node_modules", "pkg", ".git"];
    let mut folders: Vec<String> = fs::read_dir(root())
        .expect("the repository root")
        .filter_map(|e| {
            let e = e.ok()?;
            let name = e.file_name().into_string().ok()?;
            (e.file_type().ok()?.is_dir() && !NOT_SOURCE.contains(&name.as_str())).then_some(name)
        })
        .collect();
    folders.sort();
    folders
}

/// The inline code spans of a Markdown text, outside fenced blocks.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(open) = rest.find('`') {
            let after = &rest[open + 1..];
            let Some(close) = after.find('`') else { break };
            spans.push(after[..close].to_string());
            rest = &after[close + 1..];
        }
    }
    spans
}

/// The repository path a span names, if it names one: `src/engine/` → `src/engine`,
/// `tests/data/slots-typed.json` as it is; `None` for commands, identifiers, patterns
/// (`www/views/*.js`, `tests/golden/<name>.txt`) and paths outside the repository.
fn repository_path(span: &str, folders: &[String]) -> Option<String> {
    if span
        .chars()
        .any(|c| c.is_whitespace() || "*?<>{}[]|…$".contains(c))
    {
        return None;
    }
    let (first, _) = span.split_once('/')?;
    if !folders.iter().any(|f| f == first) {
        return None;
    }
    // `src/foundation/hash/mod.rs:120` or `src/lib.rs#L3` names a place in a file.
    let path = span.split([':', '#']).next().unwrap_or(span);
    Some(path.trim_end_matches('/').to_string())
}

#[test]
fn every_backticked_path_in_the_docs_exists() {
    let root = root();
    let folders = top_folders();
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in checked_documents() {
        for span in code_spans(&read(&doc)) {
            let Some(path) = repository_path(&span, &folders) else {
                continue;
            };
            checked += 1;
            if !root.join(&path).exists() {
                let name = doc
                    .strip_prefix(&root)
                    .unwrap_or(&doc)
                    .display()
                    .to_string();
                missing.push(format!("{name}: `{span}`"));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(checked > 20, "the docs' paths were found ({checked})");
    assert!(
        missing.is_empty(),
        "paths named in the docs that the repository does not have:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn the_readme_is_at_most_200_lines() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines; the rest belongs in docs/"
    );
}

/// The variants of `enum NAME` in the CLI's sources, as clap names them (kebab-case).
fn variants(sources: &[String], name: &str) -> Vec<String> {
    let head = format!("enum {name} {{");
    let text = sources
        .iter()
        .find(|s| s.contains(&head))
        .unwrap_or_else(|| panic!("`{head}` in src/bin/urlhash/"));
    let body = &text[text.find(&head).unwrap() + head.len()..];
    let body = &body[..body.find("\n}").expect("the enum's end")];
    let mut out = Vec::new();
    for line in body.lines() {
        // A variant sits at the enum's own indent, four spaces; its fields and attributes deeper
        // or starting otherwise.
        let Some(rest) = line.strip_prefix("    ") else {
            continue;
        };
        let ident: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if ident.is_empty() || !ident.starts_with(|c: char| c.is_ascii_uppercase()) {
            continue;
        }
        let mut kebab = String::new();
        for (i, c) in ident.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                kebab.push('-');
            }
            kebab.push(c.to_ascii_lowercase());
        }
        out.push(kebab);
    }
    out
}

fn rust_sources(dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(read(&path));
        }
    }
}

#[test]
fn every_urlhash_command_has_a_section_in_docs_cli() {
    let root = root();
    let mut sources = Vec::new();
    rust_sources(&root.join("src/bin/urlhash"), &mut sources);
    let mut commands: Vec<String> = variants(&sources, "Command")
        .into_iter()
        .filter(|c| c != "paper")
        .collect();
    let papers = variants(&sources, "PaperCommand");
    assert!(
        commands.len() >= 10 && papers.len() == 5,
        "{commands:?} {papers:?}"
    );
    commands.extend(papers.iter().map(|p| format!("paper {p}")));
    let cli = read(&root.join("docs/cli.md"));
    let headings: Vec<&str> = cli.lines().filter(|l| l.starts_with('#')).collect();
    let missing: Vec<&String> = commands
        .iter()
        .filter(|c| {
            let name = format!("urlhash {c}");
            !headings.iter().any(|h| {
                h.match_indices(&name).any(|(at, _)| {
                    let next = h[at + name.len()..].chars().next();
                    next.is_none_or(|n| !n.is_ascii_alphanumeric() && n != '-')
                })
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "commands without a section (a heading naming `urlhash COMMAND`) in docs/cli.md: {missing:?}"
    );
}
