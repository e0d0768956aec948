/** The pages a page links to at its end ("Related topics", "Keep reading"), as cards; drawn on the server, no script of its own. */
export function RelatedLinks({ heading, links }: { heading: string; links: ReadonlyArray<{ href: string; title: string; text: string }> }) {
  if (links.length === 0) return null
  return (
    <nav className="related" aria-labelledby="related-heading">
      <h2 id="related-heading">{heading}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <h3>
              <a href={link.href}>{link.title}</a>
            </h3>
            <p>{link.text}</p>
          </li>
        ))}
      </ul>
    </nav>
  )
}
