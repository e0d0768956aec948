// The part of markdown-it (14.x, which ships no types) that lib/node/fast-markdown.server.ts uses.
declare module 'markdown-it' {
  export interface Token {
    type: string
    markup: string
    content: string
    map: [number, number] | null
    children: Token[] | null
    meta: unknown
    attrGet(name: string): string | null
    attrSet(name: string, value: string): void
  }
  export interface StateInline {
    pos: number
    tokens: Token[]
  }
  type InlineRule = (state: StateInline, silent: boolean) => boolean
  export default class MarkdownIt {
    constructor(preset: 'commonmark', options: { html: boolean; xhtmlOut: boolean })
    inline: { ruler: { at(name: string, rule: InlineRule): void; __rules__: Array<{ name: string; fn: InlineRule }> } }
    parse(text: string, env: { references?: Record<string, unknown> }): Token[]
    renderer: { render(tokens: Token[], options: unknown, env: unknown): string }
    options: unknown
  }
}
