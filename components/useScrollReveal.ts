import { useEffect } from 'react'

/** A section counts as seen when 10% of it is within the viewport extended 50px at the bottom. */
const REVEAL_OPTIONS: IntersectionObserverInit = { threshold: 0.1, rootMargin: '0px 0px 50px 0px' }

/** Fades `[data-reveal]` sections in as they scroll into view; only this script hides them, so without it (or with reduced motion) all shows. */
export function useScrollReveal() {
  useEffect(() => {
    if (!('IntersectionObserver' in window) || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    const seen = new WeakSet<Element>()
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const firstLook = !seen.has(entry.target)
        seen.add(entry.target)
        if (entry.isIntersecting) {
          entry.target.classList.remove('reveal-pending')
          observer.unobserve(entry.target)
        } else if (firstLook) {
          entry.target.classList.add('reveal-pending')
        }
      }
    }, REVEAL_OPTIONS)
    for (const element of document.querySelectorAll('[data-reveal]')) observer.observe(element)
    return () => observer.disconnect()
  }, [])
}
