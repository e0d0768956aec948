import { pageSeo } from '../../lib/node/pages.server'

export default () => pageSeo('thank-you', '/thank-you', { noindex: true })
