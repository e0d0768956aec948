// Validates every content file and the links of its markdown before the build, printing one line per problem of every file.
import { ContentError } from '../lib/node/content-files.server'
import { readContent } from '../lib/node/content.server'
import { copyNotes } from '../lib/node/copy-notes.server'
import { contentDir } from '../lib/node/paths.server'
import { leftOutSummary, publishingOf } from '../lib/node/publication.server'

const dir = contentDir()
try {
  // Like a build on the same day (BUILD_DATE, else today): drafts and scheduled entries are checked, then left out.
  const publishing = { ...publishingOf(), showUnpublished: false }
  const content = await readContent(dir, undefined, undefined, undefined, publishing)
  console.log(`content ok: ${content.posts.length} articles, ${content.topics.length} topics, ${Object.keys(content.pages).length} pages (${dir}/)`)
  const leftOut = leftOutSummary(content.leftOut)
  if (leftOut) console.log(`content: on ${publishing.today}, ${leftOut}`)
  // The writing's own bars: notes to act on, not errors (the build does not stop on them).
  for (const note of copyNotes(content)) console.log(`content: note: ${note}`)
} catch (error) {
  console.error(error instanceof ContentError || error instanceof Error ? error.message : error)
  process.exit(1)
}
