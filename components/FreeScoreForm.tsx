import { useLayout } from '../renderer/usePageContext'

/** The free-score form's markup; submitting, validation and the redirect come with the lead-capture work. */
export function FreeScoreForm() {
  const { form } = useLayout()
  return (
    <form className="score-form" noValidate>
      <label htmlFor="first_name">{form.firstName}</label>
      <input id="first_name" name="first_name" type="text" autoComplete="given-name" required />
      <label htmlFor="linkedin_url">{form.linkedinUrl}</label>
      <input id="linkedin_url" name="linkedin_url" type="url" inputMode="url" placeholder={form.linkedinPlaceholder} required />
      <label htmlFor="email">{form.email}</label>
      <input id="email" name="email" type="email" autoComplete="email" required />
      <button className="button" type="submit">
        {form.submit}
      </button>
      <p className="form-note">{form.privacyNote}</p>
    </form>
  )
}
