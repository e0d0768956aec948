// What the Worker takes from the build when wrangler bundles it: `alias` in wrangler.jsonc, or
// scripts/cloudflare.ts's `--alias` for the build in DIST_DIR.
declare module 'built:form-page' {
  /** dist/form-page.json: the page a refused form post gets (lib/universal/form-page.ts). */
  const formPage: import('../lib/universal/form-page').FormPage
  export default formPage
}
