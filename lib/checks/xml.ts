// A strict XML 1.0 reader (no DTD): whether a feed reader could read a feed the build wrote, and its items. Hand-written: node-html-parser
// forgives what XML does not, and sax 1.6 (under the feed package's xml-js) took `<a/><b/>`, `<a>&nbsp;</a>` and an unclosed CDATA.

export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: Array<XmlElement | string>
}

/** Where and why a document is not well-formed: `line 12: <item> is closed by </channel>`. */
export class XmlError extends Error {
  override name = 'XmlError'
}

const NAME = /[A-Za-z_:][\w.:-]*/y
const SPACE = /\s*/y
const MISC = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>/y
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const REFERENCE = /&(?:#(\d+)|#x([\da-fA-F]+)|([A-Za-z]+));|&/g

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string' && child.name === name)
}

/** An element's text: its text and CDATA, its child elements' left out. */
export function textOf(element: XmlElement | undefined): string {
  return element ? element.children.filter((child): child is string => typeof child === 'string').join('') : ''
}

/** The document's root element; throws an XmlError naming the line of the first mistake. */
export function parseXml(text: string): XmlElement {
  let at = text.startsWith('\uFEFF') ? 1 : 0
  const fail = (message: string): never => {
    throw new XmlError(`line ${text.slice(0, at).split('\n').length}: ${message}`)
  }
  /** Moves past what the sticky `pattern` matches at `at`, and returns it. */
  const take = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = at
    const match = pattern.exec(text)?.[0]
    if (match !== undefined) at = pattern.lastIndex
    return match
  }
  const skipSpace = () => take(SPACE)
  const name = (): string => take(NAME) ?? fail(`expected a name at "${text.slice(at, at + 20)}"`)
  const decode = (raw: string): string =>
    raw.replace(REFERENCE, (whole, decimal?: string, hex?: string, entity?: string) => {
      if (decimal !== undefined) return String.fromCodePoint(Number(decimal))
      if (hex !== undefined) return String.fromCodePoint(parseInt(hex, 16))
      if (entity !== undefined && entity in ENTITIES) return ENTITIES[entity]!
      return fail(`"${whole}" is not an escaped character: write & as &amp;`)
    })
  /** Comments and processing instructions, which may come anywhere between elements. */
  const skipMisc = (): boolean => {
    if (take(MISC) !== undefined) return true
    const open = ['<!--', '<?'].find((start) => text.startsWith(start, at))
    return open === undefined ? false : fail(`${open} is never closed by ${open === '<?' ? '?>' : '-->'}`)
  }
  const element = (): XmlElement => {
    at++ // <
    const tag = name()
    const attributes: Record<string, string> = {}
    for (;;) {
      skipSpace()
      if (text.startsWith('/>', at)) {
        at += 2
        return { name: tag, attributes, children: [] }
      }
      if (text[at] === '>') break
      const attribute = name()
      skipSpace()
      if (text[at] !== '=') fail(`attribute ${attribute} of <${tag}> has no value`)
      at++
      skipSpace()
      const quote = text[at]
      if (quote !== '"' && quote !== "'") return fail(`the value of ${attribute} in <${tag}> is not quoted`)
      const end = text.indexOf(quote, at + 1)
      if (end === -1) fail(`the value of ${attribute} in <${tag}> is never closed`)
      const value = text.slice(at + 1, end)
      if (value.includes('<')) fail(`the value of ${attribute} in <${tag}> has a "<"`)
      if (attribute in attributes) fail(`<${tag}> has ${attribute} twice`)
      attributes[attribute] = decode(value)
      at = end + 1
    }
    at++ // >
    const children: XmlElement['children'] = []
    for (;;) {
      const next = text.indexOf('<', at)
      if (next === -1) return fail(`<${tag}> is never closed`)
      if (next > at) children.push(decode(text.slice(at, next)))
      at = next
      if (text.startsWith('<![CDATA[', at)) {
        const end = text.indexOf(']]>', at)
        if (end === -1) fail('a CDATA section is never closed')
        children.push(text.slice(at + '<![CDATA['.length, end))
        at = end + 3
      } else if (text.startsWith('</', at)) {
        at += 2
        const closing = name()
        if (closing !== tag) fail(`<${tag}> is closed by </${closing}>`)
        skipSpace()
        if (text[at] !== '>') fail(`</${closing}> is not closed by ">"`)
        at++
        return { name: tag, attributes, children }
      } else if (!skipMisc()) {
        children.push(element())
      }
    }
  }

  do skipSpace()
  while (skipMisc())
  if (text[at] !== '<' || text.startsWith('<!', at)) fail('expected the root element')
  const root = element()
  do skipSpace()
  while (skipMisc())
  if (at < text.length) fail(`"${text.slice(at, at + 20)}" after the root element`)
  return root
}
