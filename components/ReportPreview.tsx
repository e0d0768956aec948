import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { PageFrontmatter } from '../lib/universal/content/schemas'
import { Logo } from './Logo'
import { GAP_BELOW, type SampleScoreCopy } from './SampleScore'
import { ScoreRing } from './ScoreRing'

type ReportCopy = PageFrontmatter<'home'>['reportPreview']

// Sheets of A4's proportions. SVG does not wrap text: it is broken into lines by an estimate of its width, and the schema's limits keep it on its page.
const PAGE_WIDTH = 300
export const PAGE_HEIGHT = 424
const MARGIN = 20
const INNER = PAGE_WIDTH - 2 * MARGIN

/** An image does not see the page's stylesheet, so each sheet carries its colours. */
const SHEET_STYLE = [
  'text{font-family:system-ui,sans-serif}',
  '.rp-paper{fill:#fff}.rp-ink{fill:#0f172a}.rp-muted{fill:#475569}.rp-rule{stroke:#dbe2ee}.rp-soft{fill:#f5f7fb}',
  '.rp-accent{fill:#0b3d91}.rp-accent-soft{fill:#e8eefb}.rp-logo,.rp-number{color:#0b3d91;fill:#0b3d91}.rp-tick{stroke:#fff}',
  '.rp-label,.rp-badge-text,.rp-on-accent-label{letter-spacing:.08em;text-transform:uppercase}.rp-label{fill:#0b3d91}',
  '.rp-badge{fill:#fef3c7}.rp-badge-text{fill:#92400e}.rp-on-accent{fill:#fff}.rp-on-accent-label{fill:#c9d6f2}',
  '.score-ring-track{stroke:#e8eefb}.score-ring-arc{stroke:#0b3d91}.score-bar-track{fill:#e8eefb}.score-bar-fill{fill:#0b3d91}.score-gap .score-bar-fill{fill:#b45309}',
].join('')

/** How many characters of a font size fit in a width: a wide estimate, so DejaVu Sans (Linux's system-ui) fits too. */
const fit = (width: number, size: number, bold = false) => Math.floor(width / (size * (bold ? 0.64 : 0.58)))

export type ReportSheet = { name: string; alt: string; svg: string }

type PageProps = { report: ReportCopy; sample: SampleScoreCopy; productName: string }

/** Three pages of a sample Full Authority Audit: the same copy always draws the same bytes, which name the files. */
export function reportSheets(props: PageProps): ReportSheet[] {
  const draw = { cover: coverSheet, headline: headlineSheet, fixes: fixesSheet }
  return Object.entries(draw).map(([name, sheet]) => ({ name, ...sheet(props) }))
}

export function ReportPreview({ caption, sheets }: { caption: string; sheets: Array<{ src: string; alt: string }> }) {
  return (
    <figure className="report-preview">
      {/* A row that scrolls sideways on narrow screens: focusable, so a keyboard can scroll it too. */}
      <ul className="report-pages" tabIndex={0} aria-label={caption}>
        {sheets.map(({ src, alt }) => (
          <li key={src}>
            <img src={src} alt={alt} width={PAGE_WIDTH} height={PAGE_HEIGHT} loading="lazy" decoding="async" />
          </li>
        ))}
      </ul>
      <figcaption>{caption}</figcaption>
    </figure>
  )
}

/** One sheet: the brand, the sample badge, a rule, then the page's own drawing; `label`, its text in order, is its alt text. */
function sheet({ sample, productName }: PageProps, label: string, children: ReactNode): Omit<ReportSheet, 'name'> {
  const { badge } = sample
  // Capitals with letter spacing: about 0.8 of the font size each.
  const badgeWidth = badge.length * 8 + 14
  const svg = renderToStaticMarkup(
    <svg xmlns="http://www.w3.org/2000/svg" width={PAGE_WIDTH} height={PAGE_HEIGHT} viewBox={`0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}`}>
      <style dangerouslySetInnerHTML={{ __html: SHEET_STYLE }} />
      <rect className="rp-paper" width={PAGE_WIDTH} height={PAGE_HEIGHT} />
      <g className="rp-logo" transform={`translate(${MARGIN} 15)`}>
        <Logo size={16} />
      </g>
      <text className="rp-ink" x={MARGIN + 22} y={27.5} fontSize={11} fontWeight={700}>
        {productName}
      </text>
      <rect className="rp-badge" x={PAGE_WIDTH - MARGIN - badgeWidth} y={14} width={badgeWidth} height={18} rx={9} />
      <text className="rp-badge-text" x={PAGE_WIDTH - MARGIN - badgeWidth / 2} y={26.5} fontSize={9.5} fontWeight={700} textAnchor="middle">
        {badge}
      </text>
      <line className="rp-rule" x1={MARGIN} x2={PAGE_WIDTH - MARGIN} y1={44} y2={44} />
      {children}
    </svg>,
  )
  return { alt: label, svg }
}

type LinesProps = { lines: string[]; x: number; y: number; size: number; lineHeight: number; bold?: boolean; className: string }

/** Breaks a text into lines of at most `maxChars` characters at its spaces; a longer word gets a line of its own. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = []
  let line = ''
  // Plain spaces only: a non-breaking space keeps its words on one line.
  for (const word of text.split(/[ \t\n]+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

function Lines({ lines, x, y, size, lineHeight, bold = false, className }: LinesProps) {
  return (
    <text className={className} x={x} y={y} fontSize={size} fontWeight={bold ? 700 : 400}>
      {lines.map((line, index) => (
        <tspan key={index} x={x} dy={index === 0 ? 0 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  )
}

/** Texts wrapped to `chars` and stacked down from the baseline `y`, `gap` apart: each with its lines and first baseline. */
function stack(texts: string[], chars: number, y: number, lineHeight: number, gap: number) {
  return texts.map((text) => {
    const block = { text, lines: wrapText(text, chars), y }
    y += block.lines.length * lineHeight + gap
    return block
  })
}

/** The page's title, from y 82; returns where the next block may start. */
function title(text: string): { lines: string[]; bottom: number } {
  const lines = wrapText(text, fit(INNER, 20, true))
  return { lines, bottom: 82 + (lines.length - 1) * 24 }
}

function coverSheet(props: PageProps): Omit<ReportSheet, 'name'> {
  const { report, sample, productName } = props
  const heading = wrapText(report.cover.title, fit(INNER, 24, true))
  const profile = wrapText(sample.profile, fit(INNER, 12))
  const profileY = 84 + (heading.length - 1) * 28 + 26
  const labelY = profileY + (profile.length - 1) * 16 + 34
  // The bars sit at the foot of the page and the ring midway between its label and them.
  const barsY = PAGE_HEIGHT - 28 - (sample.categories.length - 1) * 19
  const ringY = (labelY + barsY) / 2 - 4
  const label = `${productName} ${report.cover.title}. ${sample.profile}. ${sample.heading}: ${sample.score} ${sample.outOf}. ${sample.categories
    .map((category) => `${category.label} ${category.score}`)
    .join(', ')}.`
  return sheet(
    props,
    label,
    <>
      <Lines className="rp-ink" lines={heading} x={MARGIN} y={84} size={24} lineHeight={28} bold />
      <Lines className="rp-muted" lines={profile} x={MARGIN} y={profileY} size={12} lineHeight={16} />
      <text className="rp-label" x={PAGE_WIDTH / 2} y={labelY} fontSize={10} fontWeight={700} textAnchor="middle">
        {sample.heading}
      </text>
      <ScoreRing cx={PAGE_WIDTH / 2} cy={ringY} r={38} width={9} score={sample.score} />
      <text className="rp-ink" x={PAGE_WIDTH / 2} y={ringY + 6} fontSize={28} fontWeight={800} textAnchor="middle">
        {sample.score}
      </text>
      <text className="rp-muted" x={PAGE_WIDTH / 2} y={ringY + 20} fontSize={8.5} textAnchor="middle">
        {sample.outOf}
      </text>
      {sample.categories.map((category, index) => {
        const y = barsY + index * 19
        return (
          <g key={category.label} className={category.score < GAP_BELOW ? 'score-gap' : undefined}>
            <text className="rp-ink" x={MARGIN} y={y} fontSize={10.5}>
              {category.label}
            </text>
            <rect className="score-bar-track" x={122} y={y - 7} width={130} height={7} rx={3.5} />
            <rect className="score-bar-fill" x={122} y={y - 7} width={(130 * category.score) / 100} height={7} rx={3.5} />
            <text className="rp-ink" x={PAGE_WIDTH - MARGIN} y={y} fontSize={10.5} fontWeight={700} textAnchor="end">
              {category.score}
            </text>
          </g>
        )
      })}
    </>,
  )
}

function headlineSheet(props: PageProps): Omit<ReportSheet, 'name'> {
  const page = props.report.headline
  const heading = title(page.title)
  const before = wrapText(page.before, fit(INNER - 24, 12))
  const after = wrapText(page.after, fit(INNER - 28, 13, true))
  const beforeLabelY = heading.bottom + 28
  const beforeTop = beforeLabelY + 8
  const beforeHeight = 14 + before.length * 16
  const afterLabelY = beforeTop + beforeHeight + 22
  const afterTop = afterLabelY + 8
  const afterHeight = 16 + after.length * 18
  const whyLabelY = afterTop + afterHeight + 24
  const reasons = stack(page.why, fit(INNER - 24, 12), whyLabelY + 20, 16, 6)
  const label = `${page.title}. ${page.beforeLabel}: ${page.before}. ${page.afterLabel}: ${page.after}. ${page.whyLabel}: ${page.why.join(', ')}.`
  return sheet(
    props,
    label,
    <>
      <Lines className="rp-ink" lines={heading.lines} x={MARGIN} y={82} size={20} lineHeight={24} bold />
      <text className="rp-label" x={MARGIN} y={beforeLabelY} fontSize={10} fontWeight={700}>
        {page.beforeLabel}
      </text>
      <rect className="rp-soft" x={MARGIN} y={beforeTop} width={INNER} height={beforeHeight} rx={6} />
      <Lines className="rp-muted" lines={before} x={MARGIN + 12} y={beforeTop + 21} size={12} lineHeight={16} />
      <text className="rp-label" x={MARGIN} y={afterLabelY} fontSize={10} fontWeight={700}>
        {page.afterLabel}
      </text>
      <rect className="rp-accent-soft" x={MARGIN} y={afterTop} width={INNER} height={afterHeight} rx={6} />
      <rect className="rp-accent" x={MARGIN} y={afterTop} width={4} height={afterHeight} />
      <Lines className="rp-ink" lines={after} x={MARGIN + 16} y={afterTop + 23} size={13} lineHeight={18} bold />
      <text className="rp-label" x={MARGIN} y={whyLabelY} fontSize={10} fontWeight={700}>
        {page.whyLabel}
      </text>
      {reasons.map(({ text, lines, y }) => (
        <g key={text}>
          <Tick x={MARGIN + 7} y={y - 4} />
          <Lines className="rp-ink" lines={lines} x={MARGIN + 22} y={y} size={12} lineHeight={16} />
        </g>
      ))}
    </>,
  )
}

function Tick({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <circle className="rp-accent" r={7} />
      <path className="rp-tick" d="M-3.2 0.2 -1 2.4 3.4 -2.2" fill="none" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" />
    </g>
  )
}

function fixesSheet(props: PageProps): Omit<ReportSheet, 'name'> {
  const page = props.report.fixes
  const heading = title(page.title)
  const [top = '', ...rest] = page.items
  const topLines = wrapText(top, fit(INNER - 24, 13, true))
  const cardTop = heading.bottom + 20
  const cardHeight = 42 + topLines.length * 17
  const items = stack(rest, fit(INNER - 32, 12), cardTop + cardHeight + 30, 16, 22)
  const label = `${page.title}. ${page.topLabel}: ${top}. ${rest.map((item, index) => `${index + 2}: ${item}`).join('. ')}.`
  return sheet(
    props,
    label,
    <>
      <Lines className="rp-ink" lines={heading.lines} x={MARGIN} y={82} size={20} lineHeight={24} bold />
      <rect className="rp-accent" x={MARGIN} y={cardTop} width={INNER} height={cardHeight} rx={8} />
      <text className="rp-on-accent-label" x={MARGIN + 12} y={cardTop + 22} fontSize={10} fontWeight={700}>
        {`1 · ${page.topLabel}`}
      </text>
      <Lines className="rp-on-accent" lines={topLines} x={MARGIN + 12} y={cardTop + 42} size={13} lineHeight={17} bold />
      {items.map(({ text, lines, y }, index) => (
        <g key={text}>
          {index > 0 && <line className="rp-rule" x1={MARGIN + 30} x2={PAGE_WIDTH - MARGIN} y1={y - 22} y2={y - 22} />}
          <circle className="rp-accent-soft" cx={MARGIN + 10} cy={y - 4} r={10} />
          <text className="rp-number" x={MARGIN + 10} y={y} fontSize={11} fontWeight={700} textAnchor="middle">
            {index + 2}
          </text>
          <Lines className="rp-ink" lines={lines} x={MARGIN + 30} y={y} size={12} lineHeight={16} />
        </g>
      ))}
    </>,
  )
}
