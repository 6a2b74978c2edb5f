//! The link to the page's worker, which holds the half of the engine this
//! module leaves out: the JSON Schema validator (the meta-schema check and
//! the result check) and the fixes.
//!
//! The page may make no network connection once it accepts text, and a
//! worker started from a same-origin URL would not be bound by the page's
//! policy. So [`prefetch`] starts fetching the worker's script and module
//! before the page forbids connections; [`start`] then compiles nothing
//! itself: it waits for both, starts the worker from a `blob:` URL (which
//! inherits the page's policy, `connect-src 'none'` included, so the worker
//! cannot fetch either) and posts it the compiled module.
//!
//! Requests and answers are JSON text ([`toolcheck::wire`]). Requests made
//! before the worker is ready wait in a queue; each answer goes to the
//! callback its request left.

use std::cell::RefCell;
use std::collections::HashMap;

use toolcheck::wire::{Request, Response};
use wasm_bindgen::JsCast as _;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The worker's script (wasm-bindgen's `no-modules` glue), built by Trunk
/// from `crates/worker` (see `index.html`).
const SCRIPT: &str = "/toolcheck-worker.js";
/// The worker's module.
const MODULE: &str = "/toolcheck-worker_bg.wasm";

/// Appended to the glue in the worker's blob: the first message is the
/// compiled module; the worker's `main` then takes over `onmessage`.
const BOOT: &str = "\nself.onmessage = (e) => { self.onmessage = null; wasm_bindgen.initSync({ module: e.data }); };\n";

type Callback = Box<dyn FnOnce(Response)>;

/// Where the link is.
#[derive(Default)]
enum Phase {
    /// Nothing fetched yet.
    #[default]
    Idle,
    /// The script and the module are on their way.
    Fetching {
        script: js_sys::Promise,
        module: js_sys::Promise,
    },
    /// The worker runs.
    Ready(web_sys::Worker),
    /// The worker could not start (the page says why).
    Failed,
}

#[derive(Default)]
struct Link {
    phase: Phase,
    /// Requests made before the worker was ready, as JSON text.
    queue: Vec<String>,
    /// The callback of each request sent, by id.
    waiting: HashMap<u64, Callback>,
    next_id: u64,
}

thread_local! {
    static LINK: RefCell<Link> = RefCell::new(Link::default());
}

/// Starts fetching the worker's script and module. Call before the page
/// forbids connections.
pub fn prefetch() {
    let window = leptos::prelude::window();
    // Reading the response's body later makes no new request.
    let script = window.fetch_with_str(SCRIPT);
    let module = js_sys::WebAssembly::compile_streaming(&window.fetch_with_str(MODULE));
    LINK.with_borrow_mut(|link| link.phase = Phase::Fetching { script, module });
}

/// Starts the worker once its script and module are here, then sends what
/// waits in the queue. `on_failure` hears why, if it cannot start.
pub fn start(on_failure: impl FnOnce(String) + 'static) {
    let Phase::Fetching { script, module } = LINK.with_borrow_mut(|l| std::mem::take(&mut l.phase))
    else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        match spawn(script, module).await {
            Ok(worker) => {
                let queued = LINK.with_borrow_mut(|l| {
                    l.phase = Phase::Ready(worker.clone());
                    std::mem::take(&mut l.queue)
                });
                for text in queued {
                    let _ = worker.post_message(&JsValue::from_str(&text));
                }
            }
            Err(why) => {
                let callbacks: Vec<Callback> = LINK.with_borrow_mut(|l| {
                    l.phase = Phase::Failed;
                    l.queue.clear();
                    l.waiting.drain().map(|(_, c)| c).collect()
                });
                drop(callbacks);
                on_failure(why);
            }
        }
    });
}

async fn spawn(
    script: js_sys::Promise,
    module: js_sys::Promise,
) -> Result<web_sys::Worker, String> {
    let describe = |e: JsValue| {
        e.as_string()
            .or_else(|| js_sys::Error::from(e).message().as_string())
            .unwrap_or_else(|| "unknown error".to_owned())
    };
    let response: web_sys::Response = JsFuture::from(script)
        .await
        .map_err(describe)?
        .dyn_into()
        .map_err(describe)?;
    if !response.ok() {
        return Err(format!(
            "the worker's script did not load ({})",
            response.status()
        ));
    }
    let glue = JsFuture::from(response.text().map_err(describe)?)
        .await
        .map_err(describe)?
        .as_string()
        .ok_or("the worker's script did not load")?;
    let module = JsFuture::from(module).await.map_err(describe)?;
    let parts = js_sys::Array::of2(&JsValue::from_str(&glue), &JsValue::from_str(BOOT));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    let worker = web_sys::Worker::new(&url).map_err(describe)?;
    let _ = web_sys::Url::revoke_object_url(&url);
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
            if let Some(text) = event.data().as_string()
                && let Ok(response) = serde_json::from_str::<Response>(&text)
            {
                answered(response);
            }
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the page.
    on_message.forget();
    worker.post_message(&module).map_err(describe)?;
    Ok(worker)
}

fn answered(response: Response) {
    let id = match &response {
        Response::Check { id, .. }
        | Response::Result { id, .. }
        | Response::Compatibility { id, .. }
        | Response::Fix { id, .. }
        | Response::Cases { id, .. } => *id,
    };
    let callback = LINK.with_borrow_mut(|l| l.waiting.remove(&id));
    if let Some(callback) = callback {
        callback(response);
    }
}

/// Sends the request `make` builds with its id, and calls `then` with the
/// answer. Returns `false` (and calls nothing) when the worker could not
/// start.
pub fn ask(make: impl FnOnce(u64) -> Request, then: impl FnOnce(Response) + 'static) -> bool {
    LINK.with_borrow_mut(|l| {
        if matches!(l.phase, Phase::Failed) {
            return false;
        }
        l.next_id += 1;
        let request = make(l.next_id);
        l.waiting.insert(request.id(), Box::new(then));
        let text = serde_json::to_string(&request).unwrap_or_default();
        match &l.phase {
            Phase::Ready(worker) => {
                let _ = worker.post_message(&JsValue::from_str(&text));
            }
            _ => l.queue.push(text),
        }
        true
    })
}
