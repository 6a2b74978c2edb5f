//! Mounts the app. Before anything else, starts fetching the worker's files
//! and tightens the page's Content-Security-Policy: the static files are
//! loaded or on their way by now, so from here on the page may make no
//! network connection at all.

fn main() {
    console_error_panic_hook::set_once();
    // The worker's script and module are fetched now, while the page may
    // still connect to its own origin; they arrive while the first findings
    // go on screen.
    toolcheck_web::prefetch_worker();
    toolcheck_web::forbid_connections();
    leptos::mount::mount_to_body(toolcheck_web::App);
}
