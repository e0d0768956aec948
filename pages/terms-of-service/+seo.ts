import { pageSeo } from '../../lib/node/pages.server'

export default () => pageSeo('terms-of-service', '/terms-of-service')
