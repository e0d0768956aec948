// The tests' `npm run preview:cloudflare`: one copy, in scripts/, which `npm run bench:api` uses too.
export { previewD1File, previewMissing, queryPreviewD1, startPreview, type Preview } from '../../scripts/cloudflare-preview'
