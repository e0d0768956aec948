import { usePageContext } from '../renderer/usePageContext'

export function Footer() {
  const { site, buildYear } = usePageContext()
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{site.productName}</p>
          <p>Authority Scores and audits for LinkedIn profiles and company pages.</p>
        </div>
        <nav aria-label="Resources">
          <h2>Resources</h2>
          <ul>
            <li><a href="/blog">Blog</a></li>
            <li><a href="/topics">Topics</a></li>
            <li><a href="/testimonials">Testimonials</a></li>
            <li><a href="/#faq">FAQ</a></li>
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            <li><a href="/privacy-policy">Privacy Policy</a></li>
            <li><a href="/terms-of-service">Terms of Service</a></li>
            <li><a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a></li>
          </ul>
        </nav>
        <nav aria-label="Social">
          <h2>Follow</h2>
          <ul>
            <li><a href={site.social.linkedin} rel="noopener">LinkedIn</a></li>
            <li><a href={site.social.x} rel="noopener">X</a></li>
            <li><a href={site.social.instagram} rel="noopener">Instagram</a></li>
          </ul>
        </nav>
      </div>
      <div className="container footer-legal">
        <p>© {buildYear} {site.productName}. {site.legalNote}</p>
      </div>
    </footer>
  )
}
