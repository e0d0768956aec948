import type { Heading } from '../lib/universal/content/types'

/** An article's `##` sections as numbered links to their headings: plain anchors, drawn on the server, work without JavaScript. */
export function TableOfContents({ sections, heading }: { sections: readonly Heading[]; heading: string }) {
  return (
    <nav className="contents" aria-labelledby="contents-heading">
      <h2 id="contents-heading">{heading}</h2>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
