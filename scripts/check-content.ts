// Validates every content file and the links of its markdown before the build, printing one line per problem of every file.
import { ContentError, readContent } from '../lib/node/content.server'
import { contentDir } from '../lib/node/paths.server'

const dir = contentDir()
try {
  const content = await readContent(dir)
  console.log(`content ok: ${content.posts.length} articles, ${content.topics.length} topics, ${Object.keys(content.pages).length} pages (${dir}/)`)
} catch (error) {
  console.error(error instanceof ContentError || error instanceof Error ? error.message : error)
  process.exit(1)
}
