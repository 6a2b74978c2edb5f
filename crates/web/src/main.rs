//! Mounts the app. Before anything else, tightens the page's Content-Security-Policy:
//! the static files are loaded by now, so from here on the page may make no
//! network connection at all.

fn main() {
    console_error_panic_hook::set_once();
    toolcheck_web::forbid_connections();
    leptos::mount::mount_to_body(toolcheck_web::App);
}
