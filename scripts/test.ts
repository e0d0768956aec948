// `npm test`: everything CI tests, phase by phase with each phase's seconds.
import { npmRunHeld, run, runPhases } from './npm-scripts'

const npm = (script: string) => () => run('npm', ['run', '--silent', script])
const allPass = async (scripts: readonly string[]) => ((await Promise.all(scripts.map(npmRunHeld))).every((code) => code === 0) ? 0 : 1)

process.exitCode = await runPhases([
  { name: 'static checks', run: () => allPass(['typecheck', 'lint', 'format:check']) },
  { name: 'unit', run: npm('test:unit') },
  { name: 'browser on Node', run: npm('test:e2e') },
  { name: 'browser on the Worker', run: npm('test:e2e:cloudflare') },
])
