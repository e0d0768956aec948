import { useRef, useState, type FormEvent } from 'react'
import { LEAD_FIELDS, SUBMIT_FAILED_MESSAGE, validateLead, type LeadField } from '../lib/universal/lead'
import { useUiText } from './pageContext'

type Problem = { field: LeadField | null; message: string }

/** The free-score form: validates in the browser, posts to /api/score, then goes to the confirmation page. */
export function FreeScoreForm() {
  const { form } = useUiText()
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const inFlight = useRef(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current) return
    const formElement = event.currentTarget
    const values = Object.fromEntries(LEAD_FIELDS.map((field) => [field, new FormData(formElement).get(field)]))
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
        body: JSON.stringify({ ...result.lead, submitted_at: new Date().toISOString() }),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      // A full-page navigation that keeps the current query string (attribution).
      window.location.assign(`/score/confirmation${window.location.search}`)
    } catch {
      inFlight.current = false
      setSending(false)
      setProblem({ field: null, message: SUBMIT_FAILED_MESSAGE })
    }
  }

  const fieldProps = (field: LeadField) => ({
    id: field,
    name: field,
    required: true,
    'aria-invalid': problem?.field === field ? true : undefined,
    'aria-describedby': problem?.field === field ? 'free-score-error' : undefined,
  })

  return (
    <form className="score-form" noValidate onSubmit={onSubmit}>
      <label htmlFor="first_name">{form.firstName}</label>
      <input {...fieldProps('first_name')} type="text" autoComplete="given-name" />
      <label htmlFor="linkedin_url">{form.linkedinUrl}</label>
      <input {...fieldProps('linkedin_url')} type="url" inputMode="url" placeholder={form.linkedinPlaceholder} />
      <label htmlFor="email">{form.email}</label>
      <input {...fieldProps('email')} type="email" autoComplete="email" />
      <p id="free-score-error" className="form-error" role="alert">
        {problem?.message}
      </p>
      <button className="button" type="submit" disabled={sending}>
        {sending ? form.sending : form.submit}
      </button>
      <p className="form-note">{form.privacyNote}</p>
    </form>
  )
}
