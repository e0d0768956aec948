import { join } from 'node:path'
import { siteSchema, type Site } from '../universal/site'
import { readJsonFile } from './json-file.server'
import { contentDir } from './paths.server'

/** Reads and validates site.json, then applies PRODUCT_NAME, SITE_URL, CHECKOUT_URL and INTAKE_FORM_URL from env. */
export function loadSite(dir = contentDir(), env: NodeJS.ProcessEnv = process.env): Site {
  const site = readJsonFile(join(dir, 'site.json'), siteSchema, (raw) => ({
    ...raw,
    ...(env.PRODUCT_NAME ? { productName: env.PRODUCT_NAME } : {}),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    ...(env.CHECKOUT_URL ? { checkoutUrl: env.CHECKOUT_URL } : {}),
    ...(env.INTAKE_FORM_URL ? { intakeFormUrl: env.INTAKE_FORM_URL } : {}),
  }))
  // The canonical origin never ends with a slash, so `${siteUrl}${path}` is always right.
  return { ...site, siteUrl: new URL(site.siteUrl).origin, legalNote: site.legalNote.replaceAll('{product}', site.productName) }
}
