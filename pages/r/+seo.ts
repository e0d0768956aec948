import { pageSeo } from '../../lib/node/pages.server'

// One shell serves every /r/<code>: the server answers it for any code, and the code is read in the browser.
export default () => pageSeo('redirect', '/r', { noindex: true })
