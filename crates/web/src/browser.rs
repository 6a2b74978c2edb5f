//! What the page needs of the browser that gloo does not give: storage that
//! tolerates being denied, the connection lock, performance marks, the
//! clipboard and a `blob:` download. Failures (no storage, no clipboard) are
//! tolerated: the page keeps working without them.

use gloo_storage::{LocalStorage, Storage as _};
use leptos::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use toolcheck::{Revision, RevisionFrom, Settings, Targets};
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

/// Whether the page may use `localStorage`: a browser can deny it, and
/// gloo's calls would then throw.
fn storage_allowed() -> bool {
    window().local_storage().ok().flatten().is_some()
}

/// A remembered value, when storage is allowed and the value reads.
fn get<T: DeserializeOwned>(key: &str) -> Option<T> {
    storage_allowed()
        .then(|| LocalStorage::get(key).ok())
        .flatten()
}

/// A value as an earlier version stored it: as it was, not as JSON.
fn get_raw(key: &str) -> Option<String> {
    storage_allowed()
        .then(|| LocalStorage::raw().get_item(key).ok().flatten())
        .flatten()
}

/// Remembers a value, when storage is allowed.
fn set<T: Serialize>(key: &str, value: T) {
    if storage_allowed() {
        let _ = LocalStorage::set(key, value);
    }
}

/// The settings as they are remembered.
#[derive(Serialize, Deserialize)]
struct SavedSettings {
    against: String,
    strict: bool,
    revision: String,
    #[serde(default)]
    gemini_field: String,
}

/// The settings remembered in this browser, or the defaults.
pub fn load_settings() -> Settings {
    let Some(saved) = get::<SavedSettings>(SETTINGS_KEY) else {
        return Settings::default();
    };
    let revision: Revision = saved.revision.parse().unwrap_or_default();
    Settings {
        targets: saved.against.parse().unwrap_or(Targets::MCP),
        strict: saved.strict,
        revision,
        gemini_field: saved.gemini_field.parse().unwrap_or_default(),
        // A revision other than the default was chosen; the default one
        // follows what a capture records.
        revision_from: if revision == Revision::default() {
            RevisionFrom::Default
        } else {
            RevisionFrom::Chosen
        },
        ..Settings::default()
    }
}

/// Remembers the settings.
pub fn save_settings(settings: &Settings) {
    set(
        SETTINGS_KEY,
        SavedSettings {
            against: settings.targets.key(),
            strict: settings.strict,
            revision: settings.revision.to_string(),
            gemini_field: settings.gemini_field.as_str().to_owned(),
        },
    );
}

/// Whether the user asked to remember the pasted text (an earlier version
/// stored `1` for yes).
pub fn load_remember_input() -> bool {
    get(REMEMBER_KEY).unwrap_or_else(|| get_raw(REMEMBER_KEY).as_deref() == Some("1"))
}

/// Remembers the user's choice.
pub fn save_remember_input(remember: bool) {
    set(REMEMBER_KEY, remember);
}

/// The remembered text. Text an earlier version stored as it was (not as
/// JSON) is read as it is, so no remembered text is lost.
pub fn load_input() -> Option<String> {
    get(INPUT_KEY).or_else(|| get_raw(INPUT_KEY))
}

/// Remembers the text (only called when the user opted in).
pub fn save_input(text: &str) {
    set(INPUT_KEY, text);
}

/// Forgets the text.
pub fn forget_input() {
    if storage_allowed() {
        LocalStorage::delete(INPUT_KEY);
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

/// Converts a byte offset in `text` to a UTF-16 offset (what the DOM uses).
pub fn utf16_offset(text: &str, byte: usize) -> u32 {
    let byte = byte.min(text.len());
    let prefix = text.get(..byte).unwrap_or(text);
    u32::try_from(prefix.encode_utf16().count()).unwrap_or(u32::MAX)
}

/// Converts a UTF-16 offset (what the DOM uses) in `text` to a byte offset.
pub fn byte_offset(text: &str, utf16: u32) -> usize {
    let mut units = 0_u32;
    text.char_indices()
        .find(|(_, c)| {
            let found = units >= utf16;
            units += u32::try_from(c.len_utf16()).unwrap_or(2);
            found
        })
        .map_or(text.len(), |(i, _)| i)
}

/// The finding the reader is looking at: the first whose bottom is below the
/// top of the window, by its `data-key`, and where its top is.
fn finding_in_view() -> Option<(String, f64)> {
    let rows = document()
        .query_selector_all("[data-testid=finding]")
        .ok()?;
    (0..rows.length())
        .filter_map(|i| rows.item(i)?.dyn_into::<web_sys::Element>().ok())
        .find(|row| row.get_bounding_client_rect().bottom() > 0.0)
        .and_then(|row| {
            Some((
                row.get_attribute("data-key")?,
                row.get_bounding_client_rect().top(),
            ))
        })
}

/// Runs `change` (findings added to the list), then scrolls so that the
/// finding the reader was looking at stays where it was on screen. Rows go
/// on screen a few per task, so this waits up to `FRAMES` frames for it.
pub fn keep_in_view(change: impl FnOnce()) {
    const FRAMES: u32 = 30;
    let anchor = finding_in_view();
    change();
    let Some((key, top)) = anchor else { return };
    fn settle(key: String, top: f64, frames: u32) {
        request_animation_frame(move || {
            let rows = document().query_selector_all("[data-testid=finding]").ok();
            let row = rows.and_then(|rows| {
                (0..rows.length())
                    .filter_map(|i| rows.item(i)?.dyn_into::<web_sys::Element>().ok())
                    .find(|row| row.get_attribute("data-key").as_deref() == Some(key.as_str()))
            });
            match row {
                Some(row) => {
                    let moved = row.get_bounding_client_rect().top() - top;
                    if moved.abs() >= 1.0 {
                        window().scroll_by_with_x_and_y(0.0, moved);
                    }
                }
                None if frames > 0 => settle(key, top, frames - 1),
                None => {}
            }
        });
    }
    settle(key, top, FRAMES);
}
