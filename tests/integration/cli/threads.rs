//! `--threads`: every thread count gives the same output.

use super::helpers::*;

#[test]
fn every_thread_count_gives_the_same_output() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hostile.txt");
    // 100 000 lines span several of the parallel reader's batches (32 768 lines).
    std::fs::write(&file, urlhashlab::foundation::lines::hostile_list(100_000)).unwrap();
    let file = file.to_str().unwrap();
    let out = dir.path().to_str().unwrap();
    let runs: [&[&str]; 14] = [
        &["paper", "p2", file, "--json"],
        &[
            "partition",
            "--policy",
            "heritrix",
            "--nodes",
            "5",
            file,
            "--json",
        ],
        &[
            "partition",
            "--policy",
            "p2-printed",
            "--n",
            "60000",
            "--csv",
        ],
        &["paper", "p1", file, "--json"],
        &["paper", "p1", "--n", "90000", "--key", "path", "--csv"],
        &["slots", "--fn", "hfip", "--slots", "200000", file],
        &[
            "slots",
            "--fn",
            "md5",
            "--slots",
            "4294967295",
            "--key",
            "host",
            file,
        ],
        &[
            "sweep", "--fig", "1,2", "--n", "120000", "--step", "25000", "--json",
        ],
        &[
            "sweep", "--fig", "1,2,3", "--step", "7000", "--key", "host", file, "--json",
        ],
        &[
            "sweep", "--fig", "2", "--step", "999", "--key", "path", file, "--csv",
        ],
        &[
            "dist",
            "--fn",
            "elfhash,hfip,hf,md5,fnv1a64,site-printed",
            "--slots",
            "1000",
            "--key",
            "host",
            file,
            "--json",
            "--counts",
        ],
        &["dist", "--fn", "hf,hf", "--slots", "12", "--n", "70000"],
        &["dist", "--fn", "hf", "--slots", "12", "--key", "path", file],
        &[
            "slotmap",
            "--fn",
            "hfip",
            "--slots",
            "4096",
            file,
            "--json",
            "--out-dir",
            out,
        ],
    ];
    // `paper p2` times its policies (`costs`): the times are left out of the comparison.
    let untimed = |args: &[&str], out: String| {
        if args[..2] == ["paper", "p2"] {
            let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
            without_times(&mut v);
            v.to_string()
        } else {
            out
        }
    };
    for args in runs {
        let one = untimed(args, ok(&urlhash(&[args, &["--threads", "1"]].concat())));
        for t in ["2", "3", "8"] {
            let many = untimed(args, ok(&urlhash(&[args, &["--threads", t]].concat())));
            assert!(
                one == many,
                "{args:?}: --threads {t} differs from --threads 1"
            );
        }
    }
    // The hostile lines were read, and some keys could not be split.
    let out = ok(&urlhash(&[
        "sweep",
        "--fig",
        "2",
        "--key",
        "host",
        file,
        "--json",
        "--threads",
        "2",
    ]));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["input"]["unsplittable"]["count"].as_u64().unwrap() > 1000,
        "{}",
        v["input"]
    );
}
