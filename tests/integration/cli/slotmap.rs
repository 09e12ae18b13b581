//! `urlhash slotmap`: PNG files of the core's pixels.

use super::helpers::*;

/// `urlhash slotmap` writes PNG files whose pixels are the core's image of the same slots, with
/// its parameters and legend in text chunks; the printed legend is golden.
#[test]
fn slotmap_writes_the_cores_pixels_as_png() {
    use urlhashlab::foundation::corpus::Corpus;
    use urlhashlab::foundation::hash::HashId;
    use urlhashlab::mechanisms::slotmap::{draw, Layout};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let args = [
        "slotmap",
        "--fn",
        "hfip,elfhash",
        "--slots",
        "2^12",
        "--n",
        "5000",
    ];
    let text = ok(&urlhash(
        &[&args[..], &["--layout", "linear", "--out-dir", d]].concat(),
    ));
    golden("slotmap-5000.txt", &text.replace(d, "DIR"));
    let corpus = Corpus::new(2004);
    for (f, id) in [(HashId::HfIp, "hfip"), (HashId::ElfHash, "elfhash")] {
        let mut counts = vec![0u32; 4096];
        let mut urls = corpus.iter(0, 5000);
        while let Some(url) = urls.next_url() {
            counts[f.slot(url, 4096) as usize] += 1;
        }
        let core = draw(&counts, Layout::Linear).unwrap();
        let file =
            std::fs::File::open(dir.path().join(format!("slotmap-{id}-m4096-linear.png"))).unwrap();
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .unwrap();
        let mut pixels = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((frame.width, frame.height), (core.width, core.height));
        assert_eq!(frame.color_type, png::ColorType::Rgba);
        assert_eq!(&pixels[..frame.buffer_size()], &core.rgba[..], "{id}");
        let chunks = &reader.info().uncompressed_latin1_text;
        let description = chunks.iter().find(|c| c.keyword == "Description").unwrap();
        assert!(
            description
                .text
                .contains(&format!("function {id}; N = 5000; M = 4096; layout linear")),
            "{}",
            description.text
        );
        assert!(description.text.contains("legend"));
    }
    // JSON names the files and the MD5 of their pixels; M over 2^22 is refused.
    let json: serde_json::Value = serde_json::from_str(&ok(&urlhash(
        &[&args[..], &["--out-dir", d, "--json"]].concat(),
    )))
    .unwrap();
    assert_eq!(json["images"][0]["layout"], "hilbert");
    assert_eq!(json["images"][1]["rgba_md5"].as_str().unwrap().len(), 32);
    let out = urlhash(&[
        "slotmap",
        "--fn",
        "hf",
        "--slots",
        "2^23",
        "--n",
        "10",
        "--out-dir",
        d,
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("at most 4194304 slots"),
        "{}",
        stderr(&out)
    );
}
