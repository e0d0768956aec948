// The content a benchmark builds: the real content with N topics from the shared generator (so figures
// compare with other site builders) in place of the real ones, but for the real topics the rest links to.
import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { topicSlugFiles } from '../../lib/node/content-files.server'
import { loadSite } from '../../lib/node/site.server'
import { escapeRegExp } from '../../lib/checks/checked-page'

/** Writes the benchmark's content into `target` from `source`; returns the real topic files kept, by name. */
export function benchContent(source: string, target: string, topicCount: number): string[] {
  const topics = join(source, 'topics')
  cpSync(source, target, { recursive: true, filter: (file) => relative(topics, file).startsWith('..') })
  // The generator empties its folder first, so it runs before the real topics are copied in.
  execFileSync(process.execPath, [join(import.meta.dirname, 'gen-topics.mjs'), String(topicCount), join(target, 'topics')], { stdio: 'ignore' })
  const kept = linkedTopics(source)
  for (const name of kept) copyFileSync(join(topics, name), join(target, 'topics', name))
  return kept
}

/**
 * The topic files of `source` that another of its files links to, or that a topic so kept links to. A
 * topic named in a code sample is kept too, which costs the benchmark one page, never a failed build.
 */
function linkedTopics(source: string): string[] {
  const topics = topicSlugFiles(source, loadSite(source)).map(({ slug, file }) => {
    const name = basename(file)
    // `../topics/{product}-vs-ssi.md`, `/topics/authoritylens-vs-ssi`, or from another topic `./{product}-vs-ssi.md`.
    const paths = [...new Set([name.replace(/\.md$/, ''), slug])].map(escapeRegExp).join('|')
    return { name, file, pattern: new RegExp(`topics/(?:${paths})(?![\\w-])|(?<![\\w-])${escapeRegExp(name)}`) }
  })
  const others = filesOf(source).filter((file) => !topics.some((topic) => topic.file === file))
  let texts = others.map((file) => readFileSync(file, 'utf8'))
  const kept = new Set<string>()
  while (texts.length > 0) {
    const found = topics.filter(({ name, pattern }) => !kept.has(name) && texts.some((text) => pattern.test(text)))
    for (const { name } of found) kept.add(name)
    texts = found.map(({ file }) => readFileSync(file, 'utf8'))
  }
  return [...kept].sort()
}

/** The markdown and JSON files of the content folder, at any depth, but for its README (the writers' guide, whose links are examples). */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:md|json)$/.test(entry.name) && entry.name !== 'README.md')
    .map((entry) => join(entry.parentPath, entry.name))
}
