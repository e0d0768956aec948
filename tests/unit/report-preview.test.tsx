import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, type HTMLElement } from 'node-html-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import type { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { PAGE_HEIGHT, ReportPreview, reportSheets, wrapText, type ReportSheet } from '../../components/ReportPreview'
import { SampleScore } from '../../components/SampleScore'
import { readContent } from '../../lib/node/content.server'
import { pageFrontmatter } from '../../lib/universal/content/schemas'
import { homeReportSheets } from '../../pages/index/report-sheets'
import { writeReportSheets } from '../../pipeline/site-files'
import { fixtureContent, tempDir } from './content-fixture'

const home = pageFrontmatter.home.shape
const WORDS = 'Names exactly which buyers you serve and the result they want most from working with you every single week'

/** The longest text a field allows, in ordinary words: what a writer could put on the page. */
function longest(field: z.ZodString): string {
  const max = field.maxLength ?? 200
  let text = ''
  for (const word of `${WORDS} ${WORDS}`.split(' ')) {
    if (text.length + word.length + 1 > max) break
    text = text ? `${text} ${word}` : word
  }
  return text
}

/** Each sheet of the report: its alt text and its SVG document. */
function sheets(drawn: ReportSheet[]): Array<{ alt: string; svg: HTMLElement }> {
  return drawn.map(({ alt, svg }) => ({ alt, svg: parse(svg).querySelector('svg')! }))
}

/** Every line of text a page draws, with its baseline: a <text>'s y, moved down by each <tspan>'s dy. */
function baselines(svg: HTMLElement): Array<{ text: string; y: number }> {
  return svg.querySelectorAll('text').flatMap((text) => {
    let y = Number(text.getAttribute('y'))
    const spans = text.querySelectorAll('tspan')
    if (spans.length === 0) return [{ text: text.text, y }]
    return spans.map((span) => {
      y += Number(span.getAttribute('dy') ?? 0)
      return { text: span.text, y }
    })
  })
}

const { shape: headline } = home.reportPreview.shape.headline
const { shape: fixes } = home.reportPreview.shape.fixes
const worstSample = home.sampleScore.parse({
  badge: longest(home.sampleScore.shape.badge),
  heading: longest(home.sampleScore.shape.heading),
  profile: longest(home.sampleScore.shape.profile),
  score: 100,
  outOf: 'out of 100',
  categories: Array.from({ length: 6 }, (_, index) => ({
    label: `${longest(home.sampleScore.shape.categories.element.shape.label).slice(0, 15)}${index}`,
    score: 50,
  })),
  note: 'A note.',
})
const worstReport = home.reportPreview.parse({
  caption: 'Caption.',
  cover: { title: longest(home.reportPreview.shape.cover.shape.title) },
  headline: {
    title: longest(headline.title),
    beforeLabel: longest(headline.beforeLabel),
    before: longest(headline.before),
    afterLabel: longest(headline.afterLabel),
    after: longest(headline.after),
    whyLabel: longest(headline.whyLabel),
    why: Array.from({ length: 3 }, () => longest(headline.why.element)),
  },
  fixes: { title: longest(fixes.title), topLabel: longest(fixes.topLabel), items: Array.from({ length: 4 }, () => longest(fixes.items.element)) },
})

describe('the sample report', () => {
  it('keeps the longest texts the schema allows on their page, and allows no more entries than the pages have room for', () => {
    const pages = sheets(reportSheets({ report: worstReport, sample: worstSample, productName: 'AuthorityLens' }))
    expect(pages).toHaveLength(3)
    for (const { alt, svg } of pages) {
      for (const line of baselines(svg)) expect(line.y, `"${line.text}" on ${alt.slice(0, 30)}`).toBeLessThanOrEqual(PAGE_HEIGHT - 10)
    }
    expect(home.sampleScore.shape.categories.safeParse(Array.from({ length: 7 }, () => ({ label: 'Proof', score: 50 }))).success).toBe(false)
    expect(headline.why.safeParse(['a', 'b', 'c', 'd']).success).toBe(false)
    expect(fixes.items.safeParse(['a', 'b', 'c', 'd', 'e']).success).toBe(false)
  })

  it('gives each page its text, in reading order, as alt text, and labels each as a sample', async () => {
    const { site, pages } = await readContent(fixtureContent())
    const { sampleScore, reportPreview } = pages.home
    const [cover, rewrite, plan] = sheets(reportSheets({ report: reportPreview, sample: sampleScore, productName: site.productName }))
    expect(cover?.alt).toContain(`${sampleScore.heading}: ${sampleScore.score} ${sampleScore.outOf}`)
    expect(rewrite?.alt).toContain(`${reportPreview.headline.afterLabel}: ${reportPreview.headline.after}`)
    expect(plan?.alt).toContain(`${reportPreview.fixes.topLabel}: ${reportPreview.fixes.items[0]}`)
    for (const sheet of [cover, rewrite, plan]) expect(sheet?.svg.querySelector('.rp-badge-text')?.text).toBe(sampleScore.badge)
  })
})

describe('the sample report on the home page', () => {
  it('names each page by a file the build writes, not a data: URL: an image with its size, alt text and caption', async () => {
    const { site, pages } = await readContent(fixtureContent())
    const home = pages.home
    const drawn = homeReportSheets(home, site.productName)
    // What pages/index/+prose.tsx puts into the home page's HTML.
    const html = renderToStaticMarkup(<ReportPreview caption={home.reportPreview.caption} sheets={drawn} />)
    expect(html).not.toContain('data:')
    expect(html.length).toBeLessThan(3000)
    const root = parse(html)
    expect(root.querySelector('figcaption')?.text).toBe(home.reportPreview.caption)

    const client = tempDir('report-sheets-')
    const written = writeReportSheets(client, home, site.productName)
    const images = root.querySelectorAll('.report-pages img')
    expect(images.map((img) => img.getAttribute('src'))).toEqual(written)
    for (const [index, img] of images.entries()) {
      const src = img.getAttribute('src')!
      expect(src).toMatch(/^\/assets\/report\/(cover|headline|fixes)\.[0-9a-f]{10}\.svg$/)
      expect({ width: img.getAttribute('width'), height: img.getAttribute('height'), alt: img.getAttribute('alt') }).toEqual({
        width: '300',
        height: String(PAGE_HEIGHT),
        alt: drawn[index]!.alt,
      })
      // The file loads as the picture: an SVG document of the sheet's size, its bytes named in its URL.
      const bytes = readFileSync(join(client, src))
      expect(src).toContain(`.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.svg`)
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'svg', width: 300, height: PAGE_HEIGHT })
    }
  })
})

describe('the sample score', () => {
  it('shows the score, out of what, and each dimension with its figure', async () => {
    const { sampleScore } = (await readContent(fixtureContent())).pages.home
    const root = parse(renderToStaticMarkup(<SampleScore sample={sampleScore} />))
    expect(root.querySelector('.score-dial-text')?.text).toBe(`${sampleScore.score} ${sampleScore.outOf}`)
    expect(root.querySelectorAll('.score-bars li').map((item) => item.text)).toEqual(
      sampleScore.categories.map((category) => `${category.label} ${category.score}`),
    )
    expect(root.querySelector('figcaption')?.text).toContain(sampleScore.badge)
  })
})

describe('wrapText', () => {
  it('breaks at spaces, keeps a long word whole and a non-breaking space unbroken', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four'])
    expect(wrapText('a extraordinarily b', 5)).toEqual(['a', 'extraordinarily', 'b'])
    expect(wrapText('the\u00a0$97 audit', 8)).toEqual(['the\u00a0$97', 'audit'])
  })
})
