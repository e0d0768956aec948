import { pageSeo } from '../../lib/content/pages'

export default () => pageSeo('terms-of-service', '/terms-of-service')
