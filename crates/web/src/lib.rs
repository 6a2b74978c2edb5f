//! The Toolcheck browser app: a thin Leptos shell over the core.

use leptos::prelude::*;

/// The app.
#[component]
pub fn App() -> impl IntoView {
    view! { <main><h1>"Toolcheck"</h1></main> }
}
