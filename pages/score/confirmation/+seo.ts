import { pageSeo } from '../../../lib/node/pages.server'

export default () => pageSeo('score-confirmation', '/score/confirmation', { noindex: true })
