import { describe, expect, it } from 'vitest'
import { keepPricesTogether, keepPricesTogetherIn, keepPricesTogetherInHtml, linksAsButtons, typesetProse } from '../../lib/universal/typeset'

const NBSP = '\u00a0'
const CHECKOUT = 'https://pay.example.com/b/audit?plan=full&ref=site'

describe('keepPricesTogether', () => {
  it('binds a price to the word before it, and a dash before a price to both its neighbours, so "— $97" never starts a line either', () => {
    expect(keepPricesTogether('It costs $97, paid once.')).toBe(`It costs${NBSP}$97, paid once.`)
    expect(keepPricesTogether('from €1,200 or £80')).toBe(`from${NBSP}€1,200 or${NBSP}£80`)
    expect(keepPricesTogether('Get the Full Audit — $97')).toBe(`Get the Full Audit${NBSP}—${NBSP}$97`)
    expect(keepPricesTogether('Audit – $97')).toBe(`Audit${NBSP}–${NBSP}$97`)
  })

  it('leaves text without a price, and a dollar sign without a figure, alone', () => {
    for (const text of ['No price here — none at all', 'Pay in $ or €', '$97 at the start']) expect(keepPricesTogether(text)).toBe(text)
  })

  it('typesets every string of a plain value and nothing else', () => {
    const data = { page: { h1: 'Audit — $97', faqs: [{ q: 'How much?', a: 'It costs $97.' }], count: 27, open: true, none: null } }
    expect(keepPricesTogetherIn(data)).toEqual({
      page: { h1: `Audit${NBSP}—${NBSP}$97`, faqs: [{ q: 'How much?', a: `It costs${NBSP}$97.` }], count: 27, open: true, none: null },
    })
    expect(keepPricesTogetherIn(undefined)).toBeUndefined()
  })
})

describe('keepPricesTogetherInHtml', () => {
  it('binds across inline tags', () => {
    expect(keepPricesTogetherInHtml('<p>It is <strong>$97, one-time</strong></p>')).toBe(`<p>It is${NBSP}<strong>$97, one-time</strong></p>`)
    expect(keepPricesTogetherInHtml('<a href="/x">Audit — $97</a>')).toBe(`<a href="/x">Audit${NBSP}—${NBSP}$97</a>`)
  })

  it('never touches code: a `$1` there is not a price', () => {
    const code = '<pre><code class="language-sh">echo $1 $2</code></pre><p>Run <code>echo $1</code> for $5</p>'
    expect(keepPricesTogetherInHtml(code)).toBe(`<pre><code class="language-sh">echo $1 $2</code></pre><p>Run <code>echo $1</code> for${NBSP}$5</p>`)
  })
})

describe('linksAsButtons', () => {
  it.each([
    ['the checkout the primary button, whatever the escaping of its URL', CHECKOUT.replace('&', '&#x26;'), 'button'],
    ['the free-score form the secondary button', '/#free-score', 'button button-secondary'],
  ])('makes a paragraph that is only a link to %s', (_what, href, classes) => {
    const button = `<p class="prose-cta"><a class="${classes}" href="${href}">Get the audit</a></p>`
    expect(linksAsButtons(`<p><a href="${href}">Get the audit</a></p>`, CHECKOUT)).toBe(button)
  })

  it('leaves links inside sentences, and lone links elsewhere, as links', () => {
    const html = [
      `<p>Or <a href="${CHECKOUT}">buy it</a> now.</p>`,
      '<p><a href="/">← Back to home</a></p>',
      `<p><a href="/">Home</a> and <a href="${CHECKOUT}">the audit</a></p>`,
    ].join('\n')
    expect(linksAsButtons(html, CHECKOUT)).toBe(html)
  })

  it('runs both rules on every block of a page', () => {
    expect(typesetProse({ body: `<p><a href="${CHECKOUT}">Audit — $97</a></p>` }, CHECKOUT)).toEqual({
      body: `<p class="prose-cta"><a class="button" href="${CHECKOUT}">Audit${NBSP}—${NBSP}$97</a></p>`,
    })
  })
})
