import { describe, expect, it } from 'vitest'
import { FrontmatterSyntaxError, parseFrontmatter } from '../../lib/node/frontmatter.server'

/** The `line:column: message` lines a file's frontmatter gives. */
function syntaxProblems(text: string): string[] {
  try {
    parseFrontmatter(text)
    return []
  } catch (error) {
    if (error instanceof FrontmatterSyntaxError) return error.message.split('\n')
    throw error
  }
}

describe('parseFrontmatter', () => {
  it('keeps dates as the text written, and booleans, numbers and lists as they were', () => {
    const { data, body, bodyLine } = parseFrontmatter(
      '---\ndate: 2025-13-45\nshow: true\nhidden: false\ncount: 12\nshare: 1.5\nnone: ~\nlist: [a, b]\n---\n\nBody\n',
    )
    expect(data).toEqual({ date: '2025-13-45', show: true, hidden: false, count: 12, share: 1.5, none: null, list: ['a', 'b'] })
    expect(body).toBe('\nBody\n')
    expect(bodyLine).toBe(10)
  })

  it('counts lines the same with Windows line ends and a byte order mark', () => {
    expect(parseFrontmatter('\ufeff---\r\ntitle: A\r\n---\r\nBody\r\n')).toMatchObject({ data: { title: 'A' }, bodyLine: 4 })
    expect(syntaxProblems('---\r\ntitle: A\r\nsummary: "open\r\n---\r\nBody\r\n')).toEqual([
      '3:10: the quote (") that opens this value is never closed; add one where the value ends',
    ])
  })

  it('splits the body off as writers expect: no frontmatter, an empty one, a named language, no closing line', () => {
    expect(parseFrontmatter('# Just markdown\n')).toEqual({ data: {}, body: '# Just markdown\n', bodyLine: 1 })
    expect(parseFrontmatter('----\ntitle: A\n')).toMatchObject({ data: {}, body: '----\ntitle: A\n' })
    expect(parseFrontmatter('---\n# nothing yet\n\n---\nBody\n')).toEqual({ data: {}, body: 'Body\n', bodyLine: 5 })
    expect(parseFrontmatter('---yaml\ntitle: A\n---\nBody\n')).toEqual({ data: { title: 'A' }, body: 'Body\n', bodyLine: 4 })
    expect(parseFrontmatter('---\ntitle: A\n')).toEqual({ data: { title: 'A' }, body: '', bodyLine: 3 })
    expect(parseFrontmatter('---yaml')).toMatchObject({ data: {}, body: '' })
    expect(syntaxProblems('---js\ntitle: A\n---\n')).toEqual(['1:4: the frontmatter is YAML: start the file with a line of three dashes alone'])
  })

  it('says what to do about the other mistakes a writer makes', () => {
    expect(syntaxProblems('---\nsummary: Note: this is it\n---\n')).toEqual(['2:14: a value with ": " in it must be in double quotes'])
    expect(syntaxProblems('---\ntitle: *Bold* claim\n---\n')).toEqual(['2:8: a value cannot start with this sign; put the whole value in double quotes'])
    expect(syntaxProblems('---\ntitle: "A" and more\nh1: x\n---\n')).toEqual([
      '2:1: expected "field: value" here; a value that starts with a quote, [ or { must be quoted whole',
    ])
    expect(syntaxProblems('---\ntitle: A\n summary: b\n---\n')).toEqual([
      '3:2: this line is indented differently from the fields around it; indent each level by the same number of spaces',
    ])
    expect(syntaxProblems('---\ntitle: "C:\\path"\n---\n')).toEqual([
      '2:11: unknown escape after \\ in double quotes; write \\\\ for a backslash, or use single quotes',
    ])
  })

  it('reports each mistake where the writer made it: an unclosed single quote, one in a list entry, a quote a later one seems to close, a tab, an unclosed list, a key twice in a list entry, a value opening with {', () => {
    expect(syntaxProblems("---\ntitle: 'open\nh1: x\n---\n")).toEqual([
      `2:8: the quote (') that opens this value is never closed; add one where the value ends`,
    ])
    expect(syntaxProblems('---\nfaqs:\n  - q: "open\n    a: b\n---\n')).toEqual([
      '3:8: the quote (") that opens this value is never closed; add one where the value ends',
    ])
    expect(syntaxProblems('---\ntitle: "Why it works\nmetaTitle: "{product} vs SSI"\n---\n')).toEqual([
      '2:8: the quote (") that opens this value is never closed; add one where the value ends',
    ])
    expect(syntaxProblems('---\nfaqs:\n\t- q: One?\n\t  a: Yes.\n---\n')).toEqual([
      '3:1: tabs cannot indent YAML; use spaces',
      '4:1: tabs cannot indent YAML; use spaces',
    ])
    expect(syntaxProblems('---\ntitle: [unclosed\n---\nBody.\n')).toEqual(['2:8: this [ or { list is not closed, or an entry lacks its comma'])
    expect(syntaxProblems('---\nfaqs:\n  - q: a\n    a: x\n    q: b\n---\n')).toEqual(['5:5: duplicate key "q": it is already set above; keep one'])
    expect(syntaxProblems('---\ntitle: A\nmetaTitle: {product} vs SSI\n---\n')).toEqual([
      '3:1: expected "field: value" here; a value that starts with a quote, [ or { must be quoted whole',
    ])
  })

  it('reports every mistake of a frontmatter, one for each line', () => {
    expect(syntaxProblems('---\ntitle: A\ntitle: B\nsummary: Note: this is it\nh1: "open\n---\n')).toEqual([
      '3:1: duplicate key "title": it is already set above; keep one',
      '4:14: a value with ": " in it must be in double quotes',
      '5:5: the quote (") that opens this value is never closed; add one where the value ends',
    ])
    expect(syntaxProblems('---\ntitle: - x\n---\n')).toEqual(['2:8: a value cannot start with this sign; put the whole value in double quotes'])
  })
})
