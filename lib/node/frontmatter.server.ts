import matter from 'gray-matter'
import jsYaml from 'js-yaml'

// A content file's frontmatter, read as the writer typed it. gray-matter splits the file; the YAML is
// parsed with the core schema, so `date: 2025-02-30` stays the text "2025-02-30" for the schema to
// judge (the default schema turns it into a Date, and an impossible date into another real one).
// A syntax error is reported in plain words at the file's line and column where the writer can fix it.

/** A syntax problem at a line and column of the file, both counted from 1. */
export interface SyntaxProblem {
  line: number
  column: number
  message: string
}

export class FrontmatterSyntaxError extends Error {
  constructor(readonly problems: SyntaxProblem[]) {
    super(problems.map(({ line, column, message }) => `${line}:${column}: ${message}`).join('\n'))
    this.name = 'FrontmatterSyntaxError'
  }
}

export interface Frontmatter {
  data: unknown
  /** The markdown after the frontmatter. */
  body: string
  /** The file's line the body starts on. */
  bodyLine: number
}

/** Splits a content file into its frontmatter's data and its markdown body. Throws a FrontmatterSyntaxError. */
export function parseFrontmatter(text: string): Frontmatter {
  // gray-matter hands the YAML over from the end of the opening `---` line: its line N is the file's line N.
  // Passing options also keeps gray-matter from caching every file it reads, which would hold them all in memory.
  const file = matter(text, { engines: { yaml: parseYaml } })
  return { data: file.data, body: file.content, bodyLine: lineAndColumn(text, text.length - file.content.length).line }
}

function parseYaml(source: string): object {
  const tabs = tabIndents(source)
  if (tabs.length > 0) throw new FrontmatterSyntaxError(tabs)
  const nodes = new NodeTrail()
  try {
    return jsYaml.load(source, { schema: jsYaml.CORE_SCHEMA, listener: nodes.listen }) as object
  } catch (error) {
    if (!(error instanceof jsYaml.YAMLException)) throw error
    throw new FrontmatterSyntaxError([explain(error, source, nodes)])
  }
}

/**
 * YAML forbids tabs in indentation, but js-yaml 3 reads some of them anyway, putting a field at another
 * level than the writer meant: every line whose indentation holds a tab is a problem of its own.
 */
function tabIndents(source: string): SyntaxProblem[] {
  return source.split('\n').flatMap((text, index) => {
    const indent = /^ *\t/.exec(text)
    return indent ? [{ line: index + 1, column: indent[0].length, message: 'tabs cannot indent YAML; use spaces' }] : []
  })
}

/**
 * Where each YAML node began, heard from js-yaml's listener. Its errors point where reading stopped,
 * which for an unclosed quote is the end of the frontmatter; the node still open there is where the
 * writer has something to fix.
 */
class NodeTrail {
  readonly open: number[] = []
  readonly closed: Array<{ start: number; end: number; value: unknown }> = []

  listen = (event: 'open' | 'close', state: jsYaml.LoaderState): void => {
    if (event === 'open') this.open.push(state.position)
    else this.closed.push({ start: this.open.pop() ?? 0, end: state.position, value: state.result })
  }
}

/** What js-yaml 3 says, in the writer's words, and where the writer can fix it. */
function explain(error: jsYaml.YAMLException, source: string, nodes: NodeTrail): SyntaxProblem {
  const { reason, mark } = error
  const at = (offset: number, message: string): SyntaxProblem => ({ ...lineAndColumn(source, offset), message })
  if (/quoted scalar/.test(reason)) return unclosedQuote(source, nodes.open.at(-1) ?? mark.position)
  if (reason === 'duplicated mapping key') {
    // js-yaml points at the second key; the node read from there is that key.
    const key = nodes.closed.findLast(({ start }) => start === mark.position)?.value
    return at(mark.position, `duplicate key "${String(key)}": it is already set above; keep one`)
  }
  // A quoted value that ran over line ends up to the line of the error is almost always a missing closing
  // quote: the value swallowed the next fields up to the following quote, and the error is in what is left.
  const line = lineAndColumn(source, mark.position).line
  const runaway = nodes.closed.findLast(
    ({ start, end }) => startsQuoted(source, start) && source.slice(start, end).includes('\n') && lineAndColumn(source, end).line === line,
  )
  if (runaway) return unclosedQuote(source, runaway.start)
  if (/multiline key|colon is missed/.test(reason)) {
    // js-yaml read the line before on as the start of a key, and stopped on this one.
    return {
      ...previousTextLine(source, mark.position),
      message: 'expected "field: value" here; a value that starts with a quote, [ or { must be quoted whole',
    }
  }
  const openValue = valueStart(source, nodes.open.at(-1) ?? mark.position)
  if (/flow collection/.test(reason)) return at(openValue, 'this [ or { list is not closed, or an entry lacks its comma')
  if (/alias|anchor|line break is expected|document separator/.test(reason)) {
    // The value being read starts with the sign, unless js-yaml had no value open yet.
    return at(nodes.open.length > 0 ? openValue : mark.position, 'a value cannot start with this sign; put the whole value in double quotes')
  }
  if (/^bad indentation/.test(reason)) {
    return {
      ...textStart(source, line),
      message: 'this line is indented differently from the fields around it; indent each level by the same number of spaces',
    }
  }
  if (/^incomplete explicit mapping pair/.test(reason)) return at(mark.position, 'a value with ": " in it must be in double quotes')
  if (/^unknown escape sequence/.test(reason))
    return at(mark.position, 'unknown escape after \\ in double quotes; write \\\\ for a backslash, or use single quotes')
  return at(mark.position, `not valid YAML (${reason})`)
}

function unclosedQuote(source: string, nodeStart: number): SyntaxProblem {
  const start = valueStart(source, nodeStart)
  const quote = source[start] === "'" ? "'" : '"'
  return { ...lineAndColumn(source, start), message: `the quote (${quote}) that opens this value is never closed; add one where the value ends` }
}

function startsQuoted(source: string, nodeStart: number): boolean {
  return /["']/.test(source[valueStart(source, nodeStart)] ?? '')
}

/** A node opens before the spaces and line ends in front of its value. */
function valueStart(source: string, nodeStart: number): number {
  return nodeStart + /^\s*/.exec(source.slice(nodeStart))![0].length
}

/** The last line with text before `offset`'s line, at its first character. */
function previousTextLine(source: string, offset: number): { line: number; column: number } {
  const lines = source.split('\n')
  let line = Math.max(1, lineAndColumn(source, offset).line - 1)
  while (line > 1 && !lines[line - 1]!.trim()) line--
  return textStart(source, line)
}

/** The first character of a line's text. */
function textStart(source: string, line: number): { line: number; column: number } {
  const text = source.split('\n')[line - 1] ?? ''
  return { line, column: text.length - text.trimStart().length + 1 }
}

/** The line and column of an offset, both counted from 1. */
function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset)
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') }
}
