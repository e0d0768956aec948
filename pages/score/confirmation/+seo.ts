import { pageSeo } from '../../../lib/content/pages'

export default () => pageSeo('score-confirmation', '/score/confirmation', { noindex: true })
