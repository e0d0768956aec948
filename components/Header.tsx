import { useEffect, useState } from 'react'
import { usePageContext } from './pageContext'
import { Logo } from './Logo'
import { SiteSearch } from './SiteSearch'

export function Header() {
  const { site, ui } = usePageContext()
  const [open, setOpen] = useState(false)

  // Listening all the time: an effect runs after the next paint, so one added on opening would miss an Escape pressed right after the click.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const close = () => setOpen(false)
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a className="brand" href="/">
          <Logo />
          <span>{site.productName}</span>
        </a>
        <SiteSearch />
        <button type="button" className="menu-button" aria-expanded={open} aria-controls="site-nav" onClick={() => setOpen((isOpen) => !isOpen)}>
          <span className="visually-hidden">{open ? ui.menu.close : ui.menu.open}</span>
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
            <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <nav id="site-nav" aria-label="Main" className={open ? 'site-nav open' : 'site-nav'}>
          <ul>
            {ui.nav.map((link) => (
              <li key={link.href}>
                <a href={link.href} onClick={close}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <a className="button button-small" href={ui.headerCta.href} onClick={close}>
            {ui.headerCta.label}
          </a>
        </nav>
      </div>
    </header>
  )
}
