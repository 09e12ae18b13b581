//! What the page's two WebAssembly adapters share (compiled only for `wasm32`): the first
//! module's [`crate::adapters::wasm`] (`Lab`) and the second's [`crate::adapters::beyond`]
//! (`Beyond`). Errors cross as coded messages the page words in its language, values as plain JS
//! values through serde-wasm-bindgen, a study's parameters strictly, and the studies under way
//! sit in one table of jobs run in slices ([`Jobs`]).

use crate::engine::session::Session;
use crate::engine::study::Job;
use crate::foundation::coded::Coded;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An error the page words in its language: `code` and `args` (strings.js `errors`) as a JSON
/// head line, then the English sentence, for the console, the tests and any caller that does not
/// know the code. Every error this adapter returns is one of these.
pub(crate) fn coded(code: &str, args: &[String], english: impl std::fmt::Display) -> JsError {
    #[derive(Serialize)]
    struct Head<'a> {
        code: &'a str,
        args: &'a [String],
    }
    let head = Head { code, args }
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .ok()
        .and_then(|v| js_sys::JSON::stringify(&v).ok())
        .map(String::from)
        .unwrap_or_else(|| r#"{"code":"core","args":[]}"#.into());
    JsError::new(&format!("{head}\n{english}"))
}

/// The core's `coded!` (a [`Coded`]: the code, its arguments and the English sentence as
/// `format!` arguments) as a `JsError`.
macro_rules! coded {
    ($($t:tt)+) => {
        JsError::from($crate::coded!($($t)+))
    };
}

impl From<Coded> for JsError {
    fn from(e: Coded) -> JsError {
        coded(e.code, &e.args, e.english)
    }
}

/// A request out of order (the page asked to run or finish `job` that is not running): a bug of
/// the page, worded as such.
pub(crate) fn sequence(job: &str, english: &str) -> JsError {
    crate::foundation::coded::sequence(job, english).into()
}

/// An error of the core, passed on with its English text (the page checks the parameters the
/// core would refuse before it asks, so a reader should not see one).
pub(crate) fn core_error(e: impl std::fmt::Display) -> JsError {
    crate::foundation::coded::core(e).into()
}

/// `v` as a plain JS value: maps as objects, infinities and NaN as numbers, and an integer
/// above 2^53 an error rather than a rounded number.
pub(crate) fn to_js(v: &impl Serialize) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| core_error(e.to_string()))
}

/// `v` as [`to_js`] gives it, with the fields of its object `nested` moved up beside its own:
/// what `serde(flatten)` writes natively. The core flattens those fields only off wasm32
/// (`cfg_attr`), so the page's WebAssembly carries no flattening serialiser (7 KB). A value that
/// is no object, or has no such field, is left as it is.
pub(crate) fn to_js_flat(v: &impl Serialize, nested: &str) -> Result<JsValue, JsError> {
    let out = to_js(v)?;
    let key = JsValue::from_str(nested);
    if let Ok(inner) = js_sys::Reflect::get(&out, &key) {
        if inner.is_object() {
            let target: &js_sys::Object = out.unchecked_ref();
            js_sys::Object::assign(target, inner.unchecked_ref());
            let _ = js_sys::Reflect::delete_property(target, &key);
        }
    }
    Ok(out)
}

/// The clock of this global scope (a worker's or a window's): `performance`, what the page
/// times with.
pub(crate) fn performance() -> Result<web_sys::Performance, JsError> {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .ok()
        .filter(|p| p.is_object())
        .map(JsCast::unchecked_into)
        .ok_or_else(|| coded!("no-clock", [], "this browser has no performance clock"))
}

/// The parameters of a study, read as a map: serde-wasm-bindgen reads a struct by its field
/// names only, so an unknown key would pass unseen; read as a map, every key reaches the core's
/// `deny_unknown_fields`.
pub(crate) struct Strict(pub(crate) serde_wasm_bindgen::Deserializer);

impl<'de> serde::Deserializer<'de> for Strict {
    type Error = serde_wasm_bindgen::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, v: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_any(v)
    }

    fn deserialize_struct<V: serde::de::Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_map(v)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// The studies under way on one session, by id: begun by a `begin` of the engine
/// (`study::begin` in the first module, `study::begin_beyond` in the second), run a slice
/// at a time, and reported or dropped. Both handles expose it as `jobBegin`, `jobRun`,
/// `jobPartialMark`, `jobPartial`, `jobFinish` and `jobDrop`, which the page's worker calls alike.
#[derive(Default)]
pub(crate) struct Jobs {
    jobs: Vec<(u32, Job)>,
    next: u32,
}

/// How a module begins a study: `study::begin` or `study::begin_beyond`, given the strict
/// parameters.
pub(crate) type Begin = fn(&str, Strict, &mut Session) -> Result<Job, Coded>;

impl Jobs {
    /// Starts the study `kind` with `params` through `begin`; returns its id.
    pub(crate) fn begin(
        &mut self,
        begin: Begin,
        kind: &str,
        params: JsValue,
        session: &mut Session,
    ) -> Result<u32, JsError> {
        let params = Strict(serde_wasm_bindgen::Deserializer::from(params));
        let job = begin(kind, params, session)?;
        self.next = self.next.wrapping_add(1);
        self.jobs.push((self.next, job));
        Ok(self.next)
    }

    /// Runs job `id` over at most `budget` more units; the share done (1 when finished).
    pub(crate) fn run(
        &mut self,
        id: u32,
        budget: u32,
        session: &mut Session,
    ) -> Result<f64, JsError> {
        let at = self.at(id)?;
        Ok(self.jobs[at].1.run(session, budget as usize)?)
    }

    /// Where job `id`'s partial has got to, or −1 for a study that does not tell.
    pub(crate) fn partial_mark(&self, id: u32) -> Result<f64, JsError> {
        let at = self.at(id)?;
        Ok(self.jobs[at].1.partial().map_or(-1.0, |p| p.mark() as f64))
    }

    /// What job `id` has measured so far, or null for a study that does not tell.
    pub(crate) fn partial(&self, id: u32) -> Result<JsValue, JsError> {
        let at = self.at(id)?;
        match self.jobs[at].1.partial() {
            Some(partial) => Ok(to_js(&partial)?),
            None => Ok(JsValue::NULL),
        }
    }

    /// Ends job `id` (running what is left): its report, a plain object with `prefix` (the
    /// lines it measured) beside the study's own fields.
    pub(crate) fn finish(&mut self, id: u32, session: &mut Session) -> Result<JsValue, JsError> {
        let at = self.at(id)?;
        let (_, job) = self.jobs.swap_remove(at);
        // The report's object with `prefix` set on it: what `StudyReport`'s `serde(flatten)`
        // writes, without the flattening serialiser in the page's WebAssembly (every report is
        // an object).
        let done = job.finish(session)?;
        // The partition study's P2 report is nested in it on wasm32 (see `to_js_flat`).
        let out = to_js_flat(&done.report, "report")?;
        js_sys::Reflect::set(&out, &JsValue::from_str("prefix"), &to_js(&done.prefix)?)
            .map_err(|_| core_error("a report that is not an object"))?;
        Ok(out)
    }

    /// Forgets job `id` (nothing when there is none).
    pub(crate) fn drop_job(&mut self, id: u32) {
        self.jobs.retain(|(j, _)| *j != id);
    }

    fn at(&self, id: u32) -> Result<usize, JsError> {
        self.jobs
            .iter()
            .position(|(j, _)| *j == id)
            .ok_or_else(|| sequence("job", "no such job is running"))
    }
}
