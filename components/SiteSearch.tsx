import { useRef, useState, type ComponentType } from 'react'
import { useUiText } from './pageContext'
import type { SearchDialogProps } from './SearchDialog'

/** The header's search button: the dialog's chunk loads on the first click, so a page only read downloads none of it. */
export function SiteSearch() {
  const ui = useUiText()
  const button = useRef<HTMLButtonElement>(null)
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null)
  const [open, setOpen] = useState(false)

  const show = () => {
    if (Dialog) return setOpen(true)
    import('./SearchDialog').then(
      (module) => {
        setDialog(() => module.SearchDialog)
        setOpen(true)
      },
      // A chunk that fails to load (offline, a release replaced it): a plain reload gets the page's current one.
      () => window.location.reload(),
    )
  }
  const close = () => {
    setOpen(false)
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
      {open && Dialog && <Dialog text={ui.search} onClose={close} />}
    </>
  )
}
