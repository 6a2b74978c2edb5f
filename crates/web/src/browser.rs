//! Small wrappers over browser APIs. Failures (no storage, no clipboard) are
//! tolerated: the page keeps working without them.

use leptos::prelude::*;
use toolcheck::{Revision, Settings, Targets};
use wasm_bindgen::JsCast as _;

const SETTINGS_KEY: &str = "toolcheck.settings";
const REMEMBER_KEY: &str = "toolcheck.remember-input";
const INPUT_KEY: &str = "toolcheck.input";

/// Adds a second Content-Security-Policy with `connect-src 'none'`. Policies
/// only ever tighten, so from now on no fetch, XHR, WebSocket or beacon can
/// leave the page.
pub fn forbid_connections() {
    let document = document();
    let Some(head) = document.head() else { return };
    let Ok(meta) = document.create_element("meta") else {
        return;
    };
    let _ = meta.set_attribute("http-equiv", "Content-Security-Policy");
    let _ = meta.set_attribute("content", "connect-src 'none'");
    let _ = head.append_child(&meta);
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// The settings remembered in this browser, or the defaults.
pub fn load_settings() -> Settings {
    let mut settings = Settings::default();
    let Some(saved) = get(SETTINGS_KEY) else {
        return settings;
    };
    for part in saved.split(';') {
        match part.split_once('=') {
            Some(("against", v)) => settings.targets = v.parse().unwrap_or(Targets::MCP),
            Some(("strict", v)) => settings.strict = v == "1",
            Some(("revision", v)) => settings.revision = v.parse().unwrap_or(Revision::default()),
            _ => {}
        }
    }
    settings
}

/// Remembers the settings.
pub fn save_settings(settings: &Settings) {
    let against = match (settings.targets.openai, settings.targets.claude) {
        (false, false) => "mcp",
        (true, false) => "openai",
        (false, true) => "claude",
        (true, true) => "all",
    };
    set(
        SETTINGS_KEY,
        &format!(
            "against={against};strict={};revision={}",
            u8::from(settings.strict),
            settings.revision
        ),
    );
}

/// Whether the user asked to remember the pasted text.
pub fn load_remember_input() -> bool {
    get(REMEMBER_KEY).as_deref() == Some("1")
}

/// Remembers the user's choice.
pub fn save_remember_input(remember: bool) {
    set(REMEMBER_KEY, if remember { "1" } else { "0" });
}

/// The remembered text.
pub fn load_input() -> Option<String> {
    get(INPUT_KEY)
}

/// Remembers the text (only called when the user opted in).
pub fn save_input(text: &str) {
    set(INPUT_KEY, text);
}

/// Forgets the text.
pub fn forget_input() {
    if let Some(s) = storage() {
        let _ = s.remove_item(INPUT_KEY);
    }
}

/// `performance.now()`, in milliseconds.
pub fn now() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// Sets a `performance.mark`, read by the browser measurements.
pub fn mark(name: &str) {
    if let Some(p) = window().performance() {
        let _ = p.mark(name);
    }
}

/// Copies text to the clipboard; resolves to whether it worked.
pub async fn copy_text(text: &str) -> bool {
    let promise = window().navigator().clipboard().write_text(text);
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// Saves text as a file through a temporary `blob:` URL (no network).
pub fn download(filename: &str, text: &str, mime: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = document().create_element("a")
        && let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>()
    {
        a.set_href(&url);
        a.set_download(filename);
        if let Some(body) = document().body() {
            let _ = body.append_child(&a);
            a.click();
            let _ = body.remove_child(&a);
        }
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Reads a file picked or dropped by the user, locally.
pub async fn read_file(file: web_sys::File) -> Result<String, String> {
    let text = wasm_bindgen_futures::JsFuture::from(file.text())
        .await
        .map_err(|_| "The file could not be read".to_owned())?;
    text.as_string()
        .ok_or_else(|| "The file is not text".to_owned())
}

/// Converts a byte offset in `text` to a UTF-16 offset (what the DOM uses).
pub fn utf16_offset(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    let prefix = text.get(..byte).unwrap_or(text);
    u32::try_from(prefix.encode_utf16().count()).unwrap_or(u32::MAX)
}
