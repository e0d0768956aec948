// The checks `npm run check:site` runs over the built HTML, in order, each named as its report prints it.
import { checkCanonicals, checkDescriptions, checkHeadings, checkRobots, checkSitemap, checkTitles } from './indexing-checks'
import { checkLinks } from './link-checks'
import { checkImages, checkPlaceholders, checkValidHtml } from './markup-checks'
import { checkJsonLd } from './structured-data-checks'

export const SITE_CHECKS = [
  { name: 'titles', run: checkTitles },
  { name: 'meta descriptions', run: checkDescriptions },
  { name: 'one h1 per page', run: checkHeadings },
  { name: 'canonical URLs', run: checkCanonicals },
  { name: 'robots noindex', run: checkRobots },
  { name: 'sitemap', run: checkSitemap },
  { name: 'internal links and anchors', run: checkLinks },
  { name: 'images', run: checkImages },
  { name: 'structured data', run: checkJsonLd },
  { name: 'placeholder text', run: checkPlaceholders },
  { name: 'valid HTML', run: checkValidHtml },
] as const
