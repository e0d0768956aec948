import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_REMOVE_DELAY_MS, createToastStore } from '../../lib/universal/toasts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const visible = (store: ReturnType<typeof createToastStore>) =>
  store
    .getSnapshot()
    .filter((toast) => toast.open)
    .map((toast) => toast.title)

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the one showing', () => {
    const store = createToastStore()
    store.show('You are offline', 'Check your connection.')
    store.show('Back online', 'Your connection is back.')
    expect(visible(store)).toEqual(['Back online'])
  })

  it('hides a dismissed toast at once and removes it 1,000,000 ms later, a second dismissal changing nothing', () => {
    const store = createToastStore()
    const id = store.show('You are offline', 'Check your connection.')
    store.dismiss(id)
    expect(visible(store)).toEqual([])
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS / 2)
    store.dismiss(id)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS / 2 - 1)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toEqual([])
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000)
  })

  it('removes a replaced toast on the same schedule, and tells subscribers of each change', () => {
    const store = createToastStore()
    const changes = vi.fn()
    store.subscribe(changes)
    store.show('First', 'a')
    store.show('Second', 'b')
    expect(store.getSnapshot().map((toast) => [toast.title, toast.open])).toEqual([
      ['Second', true],
      ['First', false],
    ])
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS)
    expect(store.getSnapshot().map((toast) => toast.title)).toEqual(['Second'])
    expect(changes).toHaveBeenCalledTimes(4) // show, dismiss First, show Second, remove First
  })
})
