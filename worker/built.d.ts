// What the Worker takes from the build in DIST_DIR when wrangler bundles it: scripts/cloudflare.ts passes it as a `--define`.
/** dist/form-page.json: the page a refused form post gets (lib/universal/form-page.ts). */
declare const BUILT_FORM_PAGE: import('../lib/universal/form-page').FormPage
