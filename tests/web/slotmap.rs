//! The slot map view: the core's pixels, each map keeping its own.

use super::helpers::*;
use serde_json::Value;
use urlhashlab::foundation::hash::HashId;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn slot_maps_are_the_cores_pixels_and_each_keeps_its_own() {
    use urlhashlab::mechanisms::slotmap::{draw, Layout};
    let mut lab = corpus_lab(20_000, "elfhash,hfip,hf", BIG);
    let m = 1u32 << 14;
    let mut datas = Vec::new();
    for (f, id) in [(HashId::HfIp, "hfip"), (HashId::Hf, "hf")] {
        let map = ok(lab.slot_map(id, "url", f64::from(m), "linear"));
        let image: web_sys::ImageData = js_sys::Reflect::get(&map, &"image".into())
            .unwrap()
            .dyn_into()
            .unwrap();
        js_sys::Reflect::delete_property(map.unchecked_ref::<js_sys::Object>(), &"image".into())
            .unwrap();
        let legend: Value = serde_wasm_bindgen::from_value(map).unwrap();
        let counts = ok(lab.histogram(id, "url", f64::from(m)));
        let core = draw(&counts, Layout::Linear).unwrap();
        assert_eq!(legend["width"], core.width);
        assert_eq!(legend["height"], core.height);
        assert_eq!(legend["n"], 20_000);
        assert_eq!(legend["classes"][0]["slots"], core.classes[0].slots);
        assert_eq!(
            legend["classes"].as_array().unwrap().len(),
            core.classes.len()
        );
        assert_eq!((image.width(), image.height()), (core.width, core.height));
        assert_eq!(image.data().0, core.rgba, "{f:?}");
        datas.push(image);
    }
    // Each image holds its own pixels, not a view of memory the next one reuses.
    let first = urlhashlab::mechanisms::slotmap::draw(
        &ok(lab.histogram("hfip", "url", f64::from(m))),
        Layout::Linear,
    )
    .unwrap();
    assert_eq!(datas[0].data().0, first.rgba);
    assert_ne!(datas[0].data().0, datas[1].data().0);
    assert_err(
        lab.slot_map("hfip", "url", f64::from(1u32 << 23), "linear"),
        "slotmap-slots",
    );
    assert_err(
        lab.slot_map("hfip", "url", f64::from(m), "spiral"),
        "bad-params",
    );
}
