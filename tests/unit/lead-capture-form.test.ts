// The no-JavaScript form post to POST /api/score (server/api.ts): a 303 to the confirmation page with the
// sending page's query, cleaned; a refused value answered with the home page's form, filled in; and the
// content types the endpoint takes, or answers 415 to.
import { parse } from 'node-html-parser'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FreeScoreForm } from '../../components/FreeScoreForm'
import { PageContextProvider } from '../../components/pageContext'
import { confirmationUrl } from '../../lib/universal/confirmation'
import { LEAD_MESSAGES, LINKEDIN_URL_PATTERN } from '../../lib/universal/lead'
import { form, forwardedFor, leadsFor, pageContext, person, post, setUpLeadCaptureApi } from './lead-capture-fixture'

setUpLeadCaptureApi()

/**
 * A form as the visitor meets it: each element with its attributes and text, less what a refused post
 * fills in (the values, the field marked invalid, the message, the sending page's query).
 */
function formShape(html: string): string {
  const form = parse(html).querySelector('form.score-form')!
  form.querySelector('input[type="hidden"]')?.remove()
  for (const element of form.querySelectorAll('*')) for (const name of ['value', 'aria-invalid', 'aria-describedby', 'autofocus']) element.removeAttribute(name)
  form.querySelector('[role="alert"]')!.set_content('')
  return form.toString()
}

describe('the form posted without JavaScript', () => {
  it('stores the lead and answers 303 to the confirmation page with the sending page’s query, minus any form field', async () => {
    const lead = person()
    const response = await form(lead, { referer: 'http://localhost/?utm_source=newsletter&ref=PARTNER&email=leak%40example.com' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/score/confirmation?utm_source=newsletter&ref=PARTNER')
    expect(await leadsFor(lead.email)).toHaveLength(1)
    expect(await forwardedFor(lead.email)).toEqual([expect.objectContaining({ first_name: 'Ada', linkedin_url: lead.linkedin_url })])
  })

  it('leaves out of the confirmation URL the form’s field names in any letter case, any value holding an e-mail address, and another site’s query', async () => {
    const referer = 'http://localhost/?EMAIL=ann%40x.co&Website=x&utm_term=ann%40example.com&utm_source=newsletter&First_Name=Ann&Return_Query=y&ref=P1'
    const response = await form(person(), { referer })
    expect(response.headers.get('location')).toBe('/score/confirmation?utm_source=newsletter&ref=P1')
    // The hydrated form builds the same URL from its own query.
    expect(confirmationUrl(new URL(referer).search)).toBe('/score/confirmation?utm_source=newsletter&ref=P1')
    // No Referer, or one from another site: the bare confirmation page.
    expect((await form(person())).headers.get('location')).toBe('/score/confirmation')
    expect((await form(person(), { referer: 'https://evil.example/?utm_source=x' })).headers.get('location')).toBe('/score/confirmation')
  })

  it('answers a refused value with a page showing the exact message and the values typed, escaped, and no URL carrying them', async () => {
    const typed = { first_name: 'Ada', linkedin_url: 'https://example.com/in/"ada"<b>', email: 'ada@example.com' }
    const response = await form(typed, { referer: 'http://localhost/?utm_source=ads' })
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    expect(response.headers.get('location')).toBeNull()
    const html = await response.text()
    expect(html).toContain(`role="alert">${LEAD_MESSAGES.linkedin_url}</p>`)
    expect(html).toContain('value="Ada"')
    expect(html).toContain('value="https://example.com/in/&quot;ada&quot;&lt;b&gt;"')
    expect(html).toContain('value="ada@example.com"')
    expect(html).toContain('name="return_query" value="?utm_source=ads"')
    expect(html).not.toContain('<b>')
    expect(html).not.toMatch(/<script/i)
    expect(await leadsFor(typed.email)).toHaveLength(0)

    // Sent again from that page (Referer /api/score), the query comes from its hidden field.
    const fixed = { ...typed, linkedin_url: 'https://www.linkedin.com/in/ada-fixed', return_query: '?utm_source=ads' }
    const again = await form(fixed, { referer: 'http://localhost/api/score' })
    expect(again.headers.get('location')).toBe('/score/confirmation?utm_source=ads')
    expect(await leadsFor(typed.email)).toHaveLength(1)
  })

  it('answers a refused value with the home page’s form: the same fields, labels, attributes, browser checks and button', async () => {
    const response = await form({ first_name: 'Ada', linkedin_url: 'https://example.com/in/ada', email: 'ada@example.com' })
    expect(response.status).toBe(400)
    const homeForm = renderToString(createElement(PageContextProvider, { pageContext, children: createElement(FreeScoreForm) }))
    const refused = formShape(await response.text())
    expect(refused).toBe(formShape(homeForm))
    for (const label of [pageContext.ui.form.firstName, pageContext.ui.form.linkedinUrl, pageContext.ui.form.email, pageContext.ui.form.submit])
      expect(refused).toContain(`>${label}</`)
    // Before any script runs, the browser's own checks: each field required, the URL field held to the form's pattern.
    const home = parse(homeForm)
    expect(home.querySelectorAll('input[required]').map((input) => input.getAttribute('name'))).toEqual(['first_name', 'linkedin_url', 'email'])
    expect(home.querySelector('input[name="linkedin_url"]')?.attributes).toMatchObject({ pattern: LINKEDIN_URL_PATTERN, title: LEAD_MESSAGES.linkedin_url })
  })
})

describe('content types', () => {
  it('takes application/json with parameters and the urlencoded form, and answers 415 to look-alikes', async () => {
    expect((await post(person(), { 'content-type': 'application/json; charset=utf-8' })).status).toBe(202)
    expect((await post(person(), { 'content-type': 'Application/JSON' })).status).toBe(202)
    expect((await form(person(), { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' })).status).toBe(303)
    for (const type of ['application/json-evil', 'application/jsonx', 'text/json', 'application/x-www-form-urlencoded-evil', 'multipart/form-data', '']) {
      const lead = person()
      const response = await post(lead, { 'content-type': type })
      expect(response.status, type).toBe(415)
      expect(await response.json()).toEqual({
        error: 'Send JSON (Content-Type: application/json) or a form (Content-Type: application/x-www-form-urlencoded).',
      })
      expect(await leadsFor(lead.email)).toHaveLength(0)
    }
  })
})
