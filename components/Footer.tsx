import { usePageContext } from './pageContext'
import { Logo } from './Logo'

export function Footer() {
  const { site, ui, buildYear } = usePageContext()
  const { footer } = ui
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <p className="footer-brand">
            <Logo size={24} />
            {site.productName}
          </p>
          <p>{footer.tagline}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2>{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2>{footer.supportHeading}</h2>
          <ul>
            <li>
              <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </li>
            <li>{footer.supportNote}</li>
          </ul>
          <h2 className="footer-social-heading">{footer.socialHeading}</h2>
          <ul className="footer-social">
            {(['linkedin', 'x', 'instagram'] as const).map((network) => (
              <li key={network}>
                <a href={site.social[network]} rel="noopener">
                  {footer.social[network]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer-legal">
        <p>
          © {buildYear} {site.productName}. {site.legalNote}
        </p>
      </div>
    </footer>
  )
}
