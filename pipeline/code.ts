// The code of the build that Vite does not bundle, as digests: found by following the imports of each
// process's or thread's entry (lib/node/code-graph.server.ts), never from a list of source files. A
// file any of them imports, however deep, is covered the moment it is imported.
import { codeGraphs, graphDigest, readLockFile, type CodeGraph } from '../lib/node/code-graph.server'
import { DRAWING_ENTRY, drawingDigestOf } from '../lib/node/cards/cards.server'

/** The build's process and each render worker: what they do to a page besides Vite's bundle (the markdown twin, the script order, the key). */
const RENDERING_ENTRIES = ['scripts/build.ts', 'pipeline/render-worker.ts']
/** The related-topics pre-pass, which parses each topic file for its words (readTopic) and keeps them by its digest. */
const FACTS_ENTRY = 'pipeline/related-topics.ts'
/** How a bundle is made: Vite's config (which Vite bundles with all it imports) and bundle.ts (which precompresses the bundle's files). */
const BUNDLE_MAKERS = ['vite.config.ts', 'pipeline/bundle.ts']

export interface BuildCode {
  /** The digest of the build and its render workers: every page's key covers it. */
  rendering: string
  /** The digest of how a card is drawn: every card's key, so every page's, covers it. */
  drawing: string
  /** The digest of the code that reads a topic's facts: the facts' cache is valid for it alone. */
  facts: string
  /** The graphs of how a bundle is made, for bundle.ts's key. */
  bundleMakers: CodeGraph[]
}

/** The build's code, as it is now: one esbuild run for every entry, then each graph's files hashed. */
export async function buildCode(): Promise<BuildCode> {
  const graphs = await codeGraphs([...RENDERING_ENTRIES, FACTS_ENTRY, DRAWING_ENTRY, ...BUNDLE_MAKERS])
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
    bundleMakers: BUNDLE_MAKERS.map((entry) => graphs.get(entry)!),
  }
}
