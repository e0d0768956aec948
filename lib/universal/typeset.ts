// Typesetting rules for the text a visitor reads, applied on the server so the browser needs no code for them.

const NBSP = '\u00a0'

/** The space before a price ($97, €1,200), or before a dash that leads to one ("Audit — $97"). */
const SPACE_BEFORE_PRICE = / ([—–] )?(?=[$€£]\d)/g

/** The same in HTML: inline tags may stand between the space and the price ("It is <strong>$97"), code never counts. */
const HTML_SPACE_BEFORE_PRICE = /(<(pre|code)\b[\s\S]*?<\/\2>)| ([—–] )?((?:<(?!\/?(?:pre|code)\b)[^>]*>)*)(?=[$€£]\d)/g

const bound = (dash: string | undefined) => (dash ? `${NBSP}${dash[0]}${NBSP}` : NBSP)

/** Binds a price to the word before it, so a line never starts with the price alone ("Get the Full Audit — / $97"). */
export function keepPricesTogether(text: string): string {
  return text.replace(SPACE_BEFORE_PRICE, (_, dash: string | undefined) => bound(dash))
}

/** keepPricesTogether on every string of a plain value: a page's data, the shared copy. */
export function keepPricesTogetherIn<T>(value: T): T {
  if (typeof value === 'string') return keepPricesTogether(value) as T
  if (Array.isArray(value)) return value.map((item: unknown) => keepPricesTogetherIn(item)) as T
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keepPricesTogetherIn(item)])) as T
  }
  return value
}

/** keepPricesTogether on rendered HTML: its text only, never inside <pre> or <code> (a `$1` there is code). */
export function keepPricesTogetherInHtml(html: string): string {
  return html.replace(HTML_SPACE_BEFORE_PRICE, (whole, code: string | undefined, _name, dash: string | undefined, tags: string | undefined) =>
    code ? whole : `${bound(dash)}${tags ?? ''}`,
  )
}

/** A paragraph holding nothing but one link: `<p><a href="…">label</a></p>` as the markdown renderer writes it. */
const LINK_PARAGRAPH = /<p><a href="([^"]*)">((?:(?!<\/?a[\s>])[\s\S])*)<\/a><\/p>/g

/** A paragraph that is only a link to the checkout or to `/#free-score` becomes a button; links inside sentences stay links. */
export function linksAsButtons(html: string, checkoutUrl: string): string {
  return html.replace(LINK_PARAGRAPH, (whole, href: string, label: string) => {
    const url = href.replace(/&#x26;|&amp;/g, '&')
    const className = url === checkoutUrl ? 'button' : url === '/#free-score' ? 'button button-secondary' : undefined
    return className ? `<p class="prose-cta"><a class="${className}" href="${href}">${label}</a></p>` : whole
  })
}

/** Every rule above, on each block of a page's rendered markdown. */
export function typesetProse(blocks: Record<string, string>, checkoutUrl: string): Record<string, string> {
  return Object.fromEntries(Object.entries(blocks).map(([name, html]) => [name, linksAsButtons(keepPricesTogetherInHtml(html), checkoutUrl)]))
}
