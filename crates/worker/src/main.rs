//! The page's Web Worker: the half of the engine the page's module leaves
//! out (the JSON Schema validator, the fixes). It answers the page's
//! requests ([`toolcheck::wire::Request`]), one at a time, in the order they
//! come. It makes no network request: the page starts it from a `blob:` URL
//! after forbidding connections, so it inherits that policy, and posts it its
//! module already compiled.

mod answer;
mod html;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

fn main() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(request) = event.data().as_string() else {
            return;
        };
        let answer = answer::answer(&request);
        // A page that went away cannot be told; nothing else can fail here.
        let _ = reply.post_message(&JsValue::from_str(&answer));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
}
