import { isAlias, isCollection, isMap, isNode, isScalar, LineCounter, parseDocument, Scalar, visit, type Document, type Node, type YAMLError } from 'yaml'

// The core schema keeps `date: 2025-02-30` as text for the schema to judge (a timestamp would roll it over); errors in plain words.
// Not gray-matter: it evals a `---js` frontmatter, and copies each file into a Buffer (104 ms of CPU per 10,000 topics against 9 ms here).

/** Line and column counted from 1. */
type SyntaxProblem = { line: number; column: number; message: string }

export class FrontmatterSyntaxError extends Error {
  constructor(readonly problems: SyntaxProblem[]) {
    super(problems.map(({ line, column, message }) => `${line}:${column}: ${message}`).join('\n'))
    this.name = 'FrontmatterSyntaxError'
  }
}

export type Frontmatter = { data: unknown; body: string; bodyLine: number }

/** Throws a FrontmatterSyntaxError. */
export function parseFrontmatter(text: string): Frontmatter {
  const { yaml, body } = splitFrontmatter(text)
  // A frontmatter of blank and comment lines only is no fields at all.
  const data = yaml === undefined || yaml.replace(/^\s*#[^\n]+/gm, '').trim() === '' ? {} : parseYaml(yaml)
  return { data, body, bodyLine: text.slice(0, text.length - body.length).split('\n').length }
}

/** Without parsing the YAML. */
export function bodyAfterFrontmatter(text: string): string {
  return splitFrontmatter(text).body
}

const FENCE = '---'

/** The YAML runs from the end of the opening `---` (so its line N is the file's) to the next line starting `---`, or the file's end. */
function splitFrontmatter(text: string): { yaml: string | undefined; body: string } {
  const content = text.startsWith('\ufeff') ? text.slice(1) : text
  if (!content.startsWith(FENCE) || content[FENCE.length] === '-') return { yaml: undefined, body: content }
  let rest = content.slice(FENCE.length)
  // `---yaml` names the language; no other is read.
  const lineEnd = rest.search(/\r?\n|$/)
  const language = rest.slice(0, lineEnd).trim()
  if (language === 'yaml') rest = rest.slice(lineEnd)
  else if (language !== '')
    throw new FrontmatterSyntaxError([{ line: 1, column: 4, message: 'the frontmatter is YAML: start the file with a line of three dashes alone' }])
  const end = rest.indexOf(`\n${FENCE}`)
  if (end === -1) return { yaml: rest, body: '' }
  let body = rest.slice(end + 1 + FENCE.length)
  if (body.startsWith('\r')) body = body.slice(1)
  if (body.startsWith('\n')) body = body.slice(1)
  return { yaml: rest.slice(0, end), body }
}

function parseYaml(yaml: string): unknown {
  // YAML also ends a line at a lone \r (the split leaves one after Windows line ends), `yaml` only at \n; one for one keeps every offset.
  const source = yaml.replace(/\r(?!\n)/g, '\n')
  const lines = new LineCounter()
  const doc = parseDocument(source, { schema: 'core', uniqueKeys: true, prettyErrors: false, lineCounter: lines })
  const problems = syntaxProblems(doc, source, lines)
  if (problems.length > 0) throw new FrontmatterSyntaxError(problems)
  return doc.contents === null ? undefined : doc.toJS()
}

const message = {
  tab: 'tabs cannot indent YAML; use spaces',
  quote: (quote: string) => `the quote (${quote}) that opens this value is never closed; add one where the value ends`,
  duplicate: (key: string) => `duplicate key "${key}": it is already set above; keep one`,
  field: 'expected "field: value" here; a value that starts with a quote, [ or { must be quoted whole',
  list: 'this [ or { list is not closed, or an entry lacks its comma',
  sign: 'a value cannot start with this sign; put the whole value in double quotes',
  indent: 'this line is indented differently from the fields around it; indent each level by the same number of spaces',
  colon: 'a value with ": " in it must be in double quotes',
  escape: 'unknown escape after \\ in double quotes; write \\\\ for a backslash, or use single quotes',
}

/** What `yaml` found wrong, in the writer's words, at the place to fix: the first problem of each line. */
function syntaxProblems(doc: Document.Parsed, source: string, lines: LineCounter): SyntaxProblem[] {
  const nodes: Node[] = []
  const keys: Node[] = []
  const keyOf = new Map<Node, Node>()
  visit(doc, {
    Pair(_, { key, value }) {
      if (isNode(key)) keys.push(key)
      if (isNode(key) && isNode(value)) keyOf.set(value, key)
    },
    Node: (_, node) => void nodes.push(node),
  })
  // Warnings too: an unknown tag (`title: !Important thing`) would silently drop the word it is made of.
  const errors = [...doc.errors, ...doc.warnings]
  // `yaml` ends an unclosed quoted value at the frontmatter's end, or the line before one indented less, and reports it there.
  const unclosedQuotes = nodes.filter((node) => {
    if (!isScalar(node) || (node.type !== Scalar.QUOTE_DOUBLE && node.type !== Scalar.QUOTE_SINGLE)) return false
    const text = source.slice(start(node), valueEnd(node))
    return (text.length === 1 || !text.endsWith(text[0]!)) && errors.some(({ code, pos }) => code === 'MISSING_CHAR' && pos[0] === valueEnd(node))
  })
  // A tab in the indentation moves the lines after it to other levels: what else `yaml` finds follows from it.
  const tabs = errors.filter(({ code }) => code === 'TAB_AS_INDENT')
  const problems =
    tabs.length > 0
      ? tabs.map(({ pos }) => at(pos[0], message.tab))
      : [...errors.map(explain), ...nodes.filter((node) => isAlias(node) && !node.resolve(doc)).map((alias) => at(start(alias), message.sign))]
  // `yaml` reads on after an error, and what it then finds on the same line follows from the first one.
  problems.sort((a, b) => a.line - b.line || a.column - b.column)
  return problems.filter((problem, index) => problems[index - 1]?.line !== problem.line)

  function explain({ code, pos: [offset], message: reason }: YAMLError): SyntaxProblem {
    switch (code) {
      case 'DUPLICATE_KEY': {
        const key = keys.find((node) => start(node) === offset)
        return at(offset, message.duplicate(String(isScalar(key) ? key.value : key)))
      }
      case 'BAD_DQ_ESCAPE':
        return at(offset, message.escape)
      case 'BAD_SCALAR_START':
      case 'BAD_ALIAS':
      case 'TAG_RESOLVE_FAILED':
        return at(offset, message.sign)
    }
    const quote = unclosedQuotes.find((node) => valueEnd(node) === offset)
    if (quote && code === 'MISSING_CHAR') return unclosed(quote)
    const within = (node: Node): boolean => start(node) < offset && offset <= valueEnd(node)
    const list = nodes.findLast((node) => isCollection(node) && node.flow && within(node))
    if (list) {
      // A quote left open inside a list runs over its end.
      const quote = unclosedQuotes.find((node) => start(list) < start(node) && valueEnd(node) <= valueEnd(list))
      return quote ? unclosed(quote) : at(start(list), message.list)
    }
    // Text after the `|` or `>` that starts a block of lines.
    const block = nodes.find((node) => isScalar(node) && (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) && within(node))
    if (block && line(start(block)) === line(offset)) return at(start(block), message.sign)
    // Text after a quoted value, a [ or { list or an alias (`*Bold* claim`), on its line.
    const ended = nodes.findLast((node) => valueEnd(node) <= offset && offset < nodeEnd(node))
    if (ended && (code === 'UNEXPECTED_TOKEN' || code === 'MISSING_CHAR')) {
      return isAlias(ended) ? at(start(ended), message.sign) : at(start(keyOf.get(ended) ?? ended), message.field)
    }
    if (code === 'UNEXPECTED_TOKEN') return at(offset, message.sign)
    if (code === 'BLOCK_AS_IMPLICIT_KEY' || code === 'MULTILINE_IMPLICIT_KEY') {
      // A `field: value` read as a value: on one line, the value has ": "; over lines, it is indented deeper than the field before.
      const compact = nodes.some((node) => isMap(node) && start(node) === offset)
      const key = compact && keys.find((node) => start(node) === offset)
      if (key && line(valueEnd(key)) === line(offset)) return at(valueEnd(key), message.colon)
      if (key) return { ...textStart(line(valueEnd(key))), message: message.indent }
    }
    // A line that is no `field: value`.
    if (code === 'MULTILINE_IMPLICIT_KEY' || (code === 'MISSING_CHAR' && keys.some((key) => start(key) === offset))) return at(offset, message.field)
    // An error in a line's indentation, or one `yaml` puts down to indentation.
    const { line: row, col } = lines.linePos(offset)
    if (code === 'BAD_INDENT' || col < textStart(row).column) return { ...textStart(row), message: message.indent }
    return at(offset, `not valid YAML (${reason})`)
  }

  function unclosed(quote: Node): SyntaxProblem {
    return at(start(quote), message.quote(source[start(quote)]!))
  }

  function at(offset: number, message: string): SyntaxProblem {
    const { line, col } = lines.linePos(offset)
    return { line, column: col, message }
  }

  function line(offset: number): number {
    return lines.linePos(offset).line
  }

  function textStart(line: number): { line: number; column: number } {
    const text = source.slice(lines.lineStarts[line - 1]).split('\n', 1)[0]!
    return { line, column: text.length - text.trimStart().length + 1 }
  }
}

const start = (node: Node): number => node.range![0]
const valueEnd = (node: Node): number => node.range![1]
const nodeEnd = (node: Node): number => node.range![2]
