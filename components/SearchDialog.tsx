import { useEffect, useId, useRef, useState } from 'react'
import { excerptParts, SEARCH_SCRIPT } from '../lib/universal/search'
import type { UiText } from '../lib/universal/ui-text'

export type SearchDialogProps = { text: UiText['search']; onClose: () => void }

/** The few calls of Pagefind's browser API (pagefind.js) the dialog makes. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>
  debouncedSearch(query: string, options?: object, wait?: number): Promise<{ results: Array<{ id: string; data(): Promise<ResultData> }> } | null>
}
type ResultData = { url: string; excerpt: string; meta: { title?: string } }
type Hit = { id: string; url: string; title: string; excerpt: string }

/** Results shown for a query: the best ones, each a fragment Pagefind fetches. */
const SHOWN = 8

/** Pagefind's script, imported once per page; its path is a variable so that Vite leaves it to the browser. */
let pagefind: Promise<Pagefind> | undefined
function loadPagefind(): Promise<Pagefind> {
  const script = SEARCH_SCRIPT
  pagefind ??= (import(/* @vite-ignore */ script) as Promise<Pagefind>).then(async (module) => {
    // No worker: its script is 11 KB more to download before the first result; the price is main-thread work as results come in (docs/performance.md).
    await module.options({ excerptLength: 22, noWorker: true })
    return module
  })
  pagefind.catch(() => (pagefind = undefined))
  return pagefind
}

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'done'; query: string; hits: Hit[]; total: number }

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)

export function SearchDialog({ text, onClose }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const ids = useId()
  const [query, setQuery] = useState('')
  const [state, setState] = useState<State>({ kind: 'idle' })

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    // Pagefind's script and its WebAssembly start loading as the dialog opens, while the reader types.
    loadPagefind().catch(() => setState({ kind: 'failed' }))
  }, [])

  // Each keystroke searches; an answer to an older query than the last one typed is dropped.
  const latest = useRef(0)
  const search = (value: string) => {
    setQuery(value)
    const trimmed = value.trim()
    const run = ++latest.current
    if (trimmed === '') return setState((shown) => (shown.kind === 'failed' ? shown : { kind: 'idle' }))
    setState((shown) => (shown.kind === 'done' || shown.kind === 'failed' ? shown : { kind: 'loading' }))
    loadPagefind()
      .then(async (module) => {
        const found = await module.debouncedSearch(trimmed, {}, 150)
        // null: a later query replaced this one.
        if (!found || run !== latest.current) return
        const data = await Promise.all(found.results.slice(0, SHOWN).map((result) => result.data()))
        const hits = data.map((item, at) => ({ id: found.results[at]!.id, url: item.url, title: item.meta.title ?? item.url, excerpt: item.excerpt }))
        if (run === latest.current) setState({ kind: 'done', query: trimmed, hits, total: found.results.length })
      })
      .catch(() => run === latest.current && setState({ kind: 'failed' }))
  }

  const status =
    state.kind === 'done'
      ? fill(state.total === 0 ? text.noResults : state.total === 1 ? text.oneResult : text.results, { count: String(state.total), query: state.query })
      : { idle: '', loading: text.loading, failed: import.meta.env.DEV ? text.needsBuild : text.unavailable }[state.kind]

  return (
    // Escape closes the dialog wherever the focus is (a search field would only empty itself); onClose puts the focus back on the button.
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-labelledby={`${ids}-heading`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return
        event.preventDefault()
        dialog.current?.close()
      }}
    >
      <div className="search-top">
        <h2 id={`${ids}-heading`}>{text.heading}</h2>
        <button type="button" className="search-close" onClick={() => dialog.current?.close()}>
          <span className="visually-hidden">{text.close}</span>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${ids}-query`}>{text.label}</label>
        <input
          id={`${ids}-query`}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={text.placeholder}
          value={query}
          onChange={(event) => search(event.target.value)}
          autoFocus
        />
      </form>
      <p className="search-status" role="status">
        {status}
      </p>
      {state.kind === 'done' && state.hits.length > 0 && (
        <ul className="search-results">
          {state.hits.map((hit) => (
            <li key={hit.id}>
              <a href={hit.url}>{hit.title}</a>
              <p>{excerptParts(hit.excerpt).map((part, at) => (part.marked ? <mark key={at}>{part.text}</mark> : part.text))}</p>
            </li>
          ))}
        </ul>
      )}
    </dialog>
  )
}
