/** The free-score form's markup; submitting, validation and the redirect come with the lead-capture work. */
export function FreeScoreForm() {
  return (
    <form className="score-form" noValidate>
      <label htmlFor="first_name">First name</label>
      <input id="first_name" name="first_name" type="text" autoComplete="given-name" required />
      <label htmlFor="linkedin_url">LinkedIn profile or company URL</label>
      <input id="linkedin_url" name="linkedin_url" type="url" inputMode="url" placeholder="https://www.linkedin.com/in/your-name" required />
      <label htmlFor="email">E-mail</label>
      <input id="email" name="email" type="email" autoComplete="email" required />
      <button className="button" type="submit">
        Get my free score
      </button>
    </form>
  )
}
