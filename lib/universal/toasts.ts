// Notification toasts, one visible at a time; a dismissed one stays hidden until removed. No React here.

export const TOAST_REMOVE_DELAY_MS = 1_000_000

export interface Toast {
  id: number
  title: string
  text: string
  /** False once dismissed: hidden, waiting for its removal. */
  open: boolean
}

export function createToastStore(setTimer: (run: () => void, ms: number) => unknown = setTimeout) {
  let toasts: readonly Toast[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const update = (next: readonly Toast[]) => {
    toasts = next
    for (const listener of listeners) listener()
  }
  const store = {
    /** Shows a toast in place of the one showing; returns its id. */
    show(title: string, text: string): number {
      const id = nextId++
      for (const toast of toasts) if (toast.open) store.dismiss(toast.id)
      update([{ id, title, text, open: true }, ...toasts])
      return id
    },
    /** Hides a toast now and removes it after TOAST_REMOVE_DELAY_MS. */
    dismiss(id: number): void {
      if (!toasts.some((toast) => toast.id === id && toast.open)) return
      update(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)))
      setTimer(() => update(toasts.filter((toast) => toast.id !== id)), TOAST_REMOVE_DELAY_MS)
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: (): readonly Toast[] => toasts,
  }
  return store
}
