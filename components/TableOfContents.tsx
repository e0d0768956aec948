import type { Heading } from '../lib/universal/content/types'

/**
 * An article's `##` sections as a numbered list of links to their headings (each heading has an id,
 * lib/node/outline.server.ts): plain anchors, so they work without JavaScript. Drawn on the server.
 */
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
