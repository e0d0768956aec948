import { pageProse } from '../../lib/node/pages.server'

export default () => pageProse('privacy-policy')
