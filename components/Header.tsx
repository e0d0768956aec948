import { useEffect, useState } from 'react'
import { useSite } from '../renderer/usePageContext'

const SECTION_LINKS = [
  { href: '/#free-score', label: 'Free score' },
  { href: '/#audit', label: 'Full audit' },
  { href: '/#faq', label: 'FAQ' },
  { href: '/testimonials', label: 'Testimonials' },
  { href: '/blog', label: 'Blog' },
  { href: '/topics', label: 'Topics' },
]

export function Header() {
  const site = useSite()
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href="/">
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="8" fill="currentColor" />
            <path d="M9 22 15 9h2l6 13h-3l-1.5-3.5h-5L12 22Zm4.6-6h3.8L15.5 11.6Z" fill="#fff" />
          </svg>
          <span>{site.productName}</span>
        </a>
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((isOpen) => !isOpen)}
        >
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
            <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <nav id="site-nav" aria-label="Main" className={open ? 'site-nav open' : 'site-nav'}>
          <ul>
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} onClick={() => setOpen(false)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className="button button-small" href="/#free-score" onClick={() => setOpen(false)}>
            Get my free score
          </a>
        </nav>
      </div>
    </header>
  )
}
