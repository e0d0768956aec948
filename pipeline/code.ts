// The code of the build that Vite does not bundle, as digests: found by following the imports of each
// process's or thread's entry (lib/node/code-graph.server.ts), never from a list of source files.
import { codeGraphs, graphDigest, readLockFile, type CodeGraph } from '../lib/node/code-graph.server'
import { DRAWING_ENTRY, drawingDigestOf } from '../lib/node/cards/cards.server'

/** The build's process and each render worker: what they do to a page besides Vite's bundle. */
const RENDERING_ENTRIES = ['scripts/build.ts', 'pipeline/render-worker.ts']
/** The related-topics pre-pass, which parses topic files for their words and caches them. */
const FACTS_ENTRY = 'pipeline/related-topics.ts'
/** The search phase, which asks Pagefind for the index and adds its brotli copies. */
const SEARCH_ENTRY = 'pipeline/search-index.ts'
/** How a bundle is made: Vite's config and bundle.ts (which precompresses the bundle's files). */
const BUNDLE_MAKERS = ['vite.config.ts', 'pipeline/bundle.ts']

/** The build's code, as it is now: one esbuild run for every entry, then each graph's files hashed. */
export async function buildCode() {
  const graphs = await codeGraphs([...RENDERING_ENTRIES, FACTS_ENTRY, DRAWING_ENTRY, SEARCH_ENTRY, ...BUNDLE_MAKERS])
  const lock = readLockFile()
  const merged = (entries: readonly string[]): CodeGraph => {
    const parts = entries.map((entry) => graphs.get(entry)!)
    return {
      files: [...new Set(parts.flatMap((graph) => graph.files))].sort(),
      packages: [...new Set(parts.flatMap((graph) => graph.packages))].sort(),
      code: parts.map((graph) => graph.code).join(' '),
    }
  }
  return {
    rendering: graphDigest(merged(RENDERING_ENTRIES), lock),
    drawing: drawingDigestOf(graphs.get(DRAWING_ENTRY)!, lock),
    facts: graphDigest(graphs.get(FACTS_ENTRY)!, lock),
    search: graphDigest(graphs.get(SEARCH_ENTRY)!, lock),
    bundleMakers: BUNDLE_MAKERS.map((entry) => graphs.get(entry)!),
  }
}
