// The digests of the build's code that Vite does not bundle, from the imports of each entry, never from a list of files.
import { codeGraphs, graphDigest, readLockFile, type CodeGraph } from '../lib/node/code-graph.server'
import { DRAWING_ENTRY, drawingDigestOf } from '../lib/node/cards/cards.server'

/** What the build and its render workers do to a page besides Vite's bundle. */
const RENDERING_ENTRIES = ['scripts/build.ts', 'pipeline/render-worker.ts']
const FACTS_ENTRY = 'pipeline/related-topics.ts'
const SEARCH_ENTRY = 'pipeline/search-index.ts'
/** How a bundle is made (bundle.ts precompresses its files). */
const BUNDLE_MAKERS = ['vite.config.ts', 'pipeline/bundle.ts']

/** One esbuild run for every entry, then each graph's files hashed. */
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
