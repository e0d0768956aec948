import { useRef, useState, type ComponentType } from 'react'
import { useUiText } from './pageContext'
import type { SearchDialogProps } from './SearchDialog'

/** The header's search button: the dialog's chunk loads on the first click, so a page only read downloads none of it. */
export function SiteSearch() {
  const ui = useUiText()
  const button = useRef<HTMLButtonElement>(null)
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null)
  // Openings are numbered (0: none shows): a close event that lands after a quick reopening (Escape, then Enter) must not close the new dialog.
  const openings = useRef(0)
  const [shown, setShown] = useState(0)

  const show = () => {
    const opening = ++openings.current
    if (Dialog) return setShown(opening)
    import('./SearchDialog').then(
      (module) => {
        setDialog(() => module.SearchDialog)
        setShown(opening)
      },
      // A chunk that fails to load (offline, a release replaced it): a plain reload gets the page's current one.
      () => window.location.reload(),
    )
  }
  const close = (opening: number) => {
    if (opening !== openings.current) return
    setShown(0)
    button.current?.focus()
  }

  return (
    <>
      <button ref={button} type="button" className="search-button" aria-haspopup="dialog" onClick={show}>
        <span className="visually-hidden">{ui.search.open}</span>
        <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 20 20" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {shown !== 0 && Dialog && <Dialog key={shown} text={ui.search} onClose={() => close(shown)} />}
    </>
  )
}
