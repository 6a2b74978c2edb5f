// Trunk post-build hook. Trunk starts the hooks of one stage together, and
// both steps rewrite index.html, so they run here one after the other: the
// glue is minified (release builds) and its integrity updated, then the
// inline scripts are hashed into the Content-Security-Policy.
if (process.env.TRUNK_PROFILE === "release") {
  await import("./minify-glue.mjs");
}
await import("./csp-hash.mjs");
