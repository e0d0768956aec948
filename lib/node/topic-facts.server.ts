import { FrontmatterSyntaxError, parseFrontmatter } from './frontmatter.server'

// What the build must know of every topic before any topic page is rendered, to choose each page's
// related topics: its title and summary (the words compared, and what a link to it shows), and
// whether it is published (`draft`, `date`). The build reads every topic file whole anyway (for its
// digest); reading these few fields must cost next to nothing at 10,000 topics, so a frontmatter of
// plain `field: value` lines is read line by line, and any other is parsed by the real YAML parser
// (which costs about 0.3 ms a file). Either way the values are the parser's: the line reader gives up,
// rather than guessing, on anything it does not read exactly as YAML does.

/** A topic's fields that related topics need, its tokens replaced; `draft` and `date` as written, when written. */
export interface TopicFacts {
  title: string
  summary: string
  draft?: boolean
  date?: string
}

const FIELDS = ['title', 'summary', 'draft', 'date'] as const
type Field = (typeof FIELDS)[number]
const WANTED = new Set<string>(FIELDS)

/** A file's TopicFacts, or undefined when its frontmatter is not valid enough to say (its page's render reports why). */
export function topicFactsOf(text: string, tokens: Readonly<Record<string, string>>): TopicFacts | undefined {
  const fields = readPlainFields(text) ?? parsedFields(text)
  if (!fields) return undefined
  const { title, summary, draft, date } = fields
  if (typeof title !== 'string' || typeof summary !== 'string' || !title.trim() || !summary.trim()) return undefined
  const replace = (value: string) => value.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => tokens[name] ?? whole)
  const facts: TopicFacts = {
    title: replace(title.trim()),
    summary: replace(summary.trim()),
    ...(typeof draft === 'boolean' ? { draft } : {}),
    ...(typeof date === 'string' ? { date: date.trim() } : {}),
  }
  // A fresh copy: the values are slices of the file's text, and would keep all of it alive (10,000 files, 20 MB).
  return JSON.parse(JSON.stringify(facts)) as TopicFacts
}

/** The fields as the YAML parser reads them, or undefined when the frontmatter does not parse. */
function parsedFields(text: string): Partial<Record<Field, unknown>> | undefined {
  try {
    const { data } = parseFrontmatter(text)
    return data && typeof data === 'object' ? (data as Partial<Record<Field, unknown>>) : undefined
  } catch (error) {
    if (error instanceof FrontmatterSyntaxError) return undefined
    throw error
  }
}

/** A line `field: value` at the top level of the frontmatter. */
const FIELD_LINE = /^([A-Za-z][A-Za-z0-9_]*):(?: +([^ \t].*?))?[ \t]*$/
const DOUBLE_QUOTED = /^"((?:[^"\\]|\\.)*)"(?:[ \t]+#.*)?$/
const SINGLE_QUOTED = /^'((?:[^']|'')*)'(?:[ \t]+#.*)?$/
/** The characters a plain YAML value may not start with, or that would make it something else than text. */
const SPECIAL_START = /^[-?:,[\]{}#&*!|>'"%@`]/
const BOOLEAN = /^(?:true|True|TRUE|false|False|FALSE)$/
/** What the core schema reads as null, a number or infinity rather than as text. */
const NOT_TEXT =
  /^(?:null|Null|NULL|~|[-+]?(?:\d+|0o[0-7]+|0x[0-9a-fA-F]+)|[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:[eE][-+]?\d+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/

/**
 * The wanted fields of a frontmatter whose wanted fields are each one line of plain, single- or
 * double-quoted text (or true/false), read without a YAML parser; undefined when any of it is written
 * otherwise (a block, a value over several lines, an escape JSON does not share, a repeated field), so
 * that the caller parses the file.
 */
export function readPlainFields(text: string): Partial<Record<Field, unknown>> | undefined {
  const open = /^---\r?\n/.exec(text)
  if (!open) return undefined
  // Where gray-matter ends the frontmatter: the first line that starts with ---, which must be --- alone here.
  const close = text.indexOf('\n---', open[0].length - 1)
  if (close < 0 || !/^\r?\n/.test(text.slice(close + 4, close + 6))) return undefined
  const lines = text.slice(open[0].length, close).split('\n')
  const fields: Partial<Record<Field, unknown>> = {}
  let inWanted = false
  for (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (line.trim() === '' || line.startsWith('#')) continue
    if (/^[ \t-]/.test(line)) {
      // A line of the field above (a list, a map, a value going on): fine unless that field is one we read.
      if (inWanted) return undefined
      continue
    }
    const match = FIELD_LINE.exec(line)
    if (!match) return undefined
    const [, key, value] = match as unknown as [string, string, string | undefined]
    inWanted = WANTED.has(key)
    if (!inWanted) continue
    if (key in fields || value === undefined) return undefined
    const read = plainValue(value)
    if (read === undefined) return undefined
    fields[key as Field] = read
  }
  return fields
}

/** One line's value as YAML's core schema reads it, when it is text or a boolean written simply; else undefined. */
function plainValue(value: string): string | boolean | undefined {
  const double = DOUBLE_QUOTED.exec(value)
  if (double) {
    const inner = double[1]!
    if (!inner.includes('\\')) return inner
    // JSON's escapes mean the same in YAML; YAML's others (\x41, \e, a line break) are left to the parser.
    if (/\\[^"\\/bfnrtu]/.test(inner)) return undefined
    try {
      return JSON.parse(`"${inner}"`) as string
    } catch {
      return undefined
    }
  }
  const single = SINGLE_QUOTED.exec(value)
  if (single) return single[1]!.replace(/''/g, "'")
  if (SPECIAL_START.test(value)) return undefined
  // A plain value ends at a comment (" #"); ": " inside one is a YAML error, left to the parser to report.
  const plain = value.replace(/[ \t]#.*$/, '').trimEnd()
  if (plain.includes(': ') || plain.endsWith(':') || plain.includes('\t')) return undefined
  if (BOOLEAN.test(plain)) return plain.toLowerCase() === 'true'
  if (NOT_TEXT.test(plain)) return undefined
  return plain
}
