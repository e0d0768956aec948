import { useEffect, useSyncExternalStore } from 'react'
import { createToastStore, type Toast } from '../lib/universal/toasts'
import { useUiText } from './pageContext'

/** The page's toasts; any component may call `toasts.show(title, text)`. */
export const toasts = createToastStore()

const noToasts: readonly Toast[] = []

/** The toasts in one polite live region; tells the visitor when the connection drops and comes back (a form sent offline would fail). */
export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot, () => noToasts)
  const copy = useUiText().toasts
  useEffect(() => {
    const offline = () => toasts.show(copy.offline.title, copy.offline.text)
    const online = () => toasts.show(copy.online.title, copy.online.text)
    window.addEventListener('offline', offline)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('offline', offline)
      window.removeEventListener('online', online)
    }
  }, [copy])
  return (
    <div className="toaster" role="status" aria-live="polite">
      {list.map((toast) => (
        <div key={toast.id} className="toast" data-toast-id={toast.id} hidden={!toast.open}>
          <p className="toast-title">{toast.title}</p>
          <p>{toast.text}</p>
          <button type="button" className="toast-close" aria-label={copy.dismiss} onClick={() => toasts.dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
