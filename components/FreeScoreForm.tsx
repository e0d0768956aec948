import { useEffect, useRef, useState, type FormEvent } from 'react'
import { RETURN_QUERY_FIELD, confirmationUrl } from '../lib/universal/confirmation'
import { HONEYPOT_FIELD, LEAD_DEFINITION, LEAD_FIELDS, SUBMIT_FAILED_MESSAGE, validateLead } from '../lib/universal/lead'
import type { LeadField, LeadFieldDefinition, LeadInputText } from '../lib/universal/lead'
import { useUiText } from './pageContext'

type Problem = { field: LeadField | null; message: string }

/** What the form shows on the page a refused post gets (renderer/formPage.tsx): the values sent, the problem, and the sending page's query. */
type RefusedForm = { values: Readonly<Record<LeadField, string>>; problem: Problem; returnQuery: string }

/** The free-score form: without JavaScript a plain POST to /api/score; once hydrated it validates and posts JSON itself. */
export function FreeScoreForm({ refused }: { refused?: RefusedForm }) {
  const { form } = useUiText()
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(refused?.problem ?? null)
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const inFlight = useRef(false)
  const formRef = useRef<HTMLFormElement>(null)
  // The browser's own checks guard the plain form; once React runs, validateLead's messages replace them.
  useEffect(() => {
    formRef.current!.noValidate = true
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current) return
    const formElement = event.currentTarget
    const data = new FormData(formElement)
    const values = Object.fromEntries(LEAD_FIELDS.map((field) => [field, data.get(field)]))
    const result = validateLead(values)
    if (!result.ok) {
      setProblem({ field: result.field, message: result.error })
      formElement.querySelector<HTMLInputElement>(`[name="${result.field}"]`)?.focus()
      return
    }
    inFlight.current = true
    setSending(true)
    setProblem(null)
    try {
      const response = await fetch('/api/score', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // The honeypot's value, and how long since the page began loading (the server's minimum time to fill the form).
        body: JSON.stringify({ ...result.lead, [HONEYPOT_FIELD]: data.get(HONEYPOT_FIELD), elapsed_ms: Math.round(performance.now()) }),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      // A full-page navigation that keeps the current query string (attribution), never personal data.
      window.location.assign(confirmationUrl(window.location.search))
    } catch {
      inFlight.current = false
      setSending(false)
      setProblem({ field: null, message: SUBMIT_FAILED_MESSAGE })
    }
  }

  /** A field's label and input, as its definition says; the browser's own check of a pattern shows the field's message. */
  const field = (name: LeadField) => {
    const { input, message, accepts }: LeadFieldDefinition = LEAD_DEFINITION[name]
    const text = (key: string) => form[key as LeadInputText]
    return [
      <label key={`${name}-label`} htmlFor={name}>
        {text(input.label)}
      </label>,
      <input
        key={name}
        id={name}
        name={name}
        required={!accepts('', false)}
        type={input.type}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        placeholder={input.placeholder && text(input.placeholder)}
        pattern={input.pattern}
        title={input.pattern && message}
        aria-invalid={problem?.field === name ? true : undefined}
        aria-describedby={problem?.field === name ? 'free-score-error' : undefined}
        defaultValue={refused?.values[name]}
        autoFocus={refused?.problem.field === name || undefined}
      />,
    ]
  }

  return (
    <form ref={formRef} className="score-form" method="post" action="/api/score" onSubmit={onSubmit}>
      {LEAD_FIELDS.map(field)}
      <div className="hp-field" aria-hidden="true">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <p id="free-score-error" className="form-error" role="alert">
        {problem?.message}
      </p>
      <button className="button" type="submit" disabled={sending}>
        {sending ? form.sending : form.submit}
      </button>
      <p className="form-note">{form.privacyNote}</p>
      {refused && <input type="hidden" name={RETURN_QUERY_FIELD} defaultValue={refused.returnQuery} />}
    </form>
  )
}
