//! The lessons' self-check questions.

use super::helpers::*;
use urlhashlab::adapters::wasm::Lab;
use urlhashlab::foundation::corpus::Corpus;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn quiz_questions_are_the_cores_on_the_picked_line_and_errors_are_coded() {
    let lab = corpus_lab(5_000, "elfhash", BIG);
    let corpus = Corpus::new(2004);
    for index in 0..5 {
        let q = json(lab.quiz("p1", 31.0, index));
        let line = urlhashlab::engine::quiz::pick(31, "p1", index, 0, 5_000);
        let mut url = Vec::new();
        corpus.url(line, &mut url);
        let want = urlhashlab::engine::quiz::slot(31, index, &url);
        assert_eq!(q["answer"], want.answer.as_str());
        assert_eq!(q["args"][0], String::from_utf8(url).unwrap().as_str());
        // The same seed and index, the same question.
        assert_eq!(json(lab.quiz("p1", 31.0, index)), q);
    }
    for lesson in ["p2", "p3", "p4"] {
        let q = json(lab.quiz(lesson, 8.0, 0));
        assert_eq!(q["lesson"], lesson);
    }
    assert_err(lab.quiz("p5", 8.0, 0), r#"{"code":"quiz-needs-filter""#);
    assert_err(
        lab.quiz("p9", 8.0, 0),
        r#"{"code":"quiz-lesson","args":["p9"]}"#,
    );
    assert_err(
        lab.quiz("p1", -1.0, 0),
        r#"{"code":"not-whole","args":["seed""#,
    );
    let empty = Lab::new(BIG);
    assert_err(empty.quiz("p1", 1.0, 0), r#"{"code":"no-urls""#);
}
