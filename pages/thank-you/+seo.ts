import { pageSeo } from '../../lib/content/pages'

export default () => pageSeo('thank-you', '/thank-you', { noindex: true })
