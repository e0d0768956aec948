import { pageProse } from '../../lib/content/pages'

export default () => pageProse('terms-of-service')
