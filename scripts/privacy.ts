// `npm run privacy -- export EMAIL`: every record held about that address, as JSON.
// `npm run privacy -- delete EMAIL`: deletes them and says how many. See server/privacy.ts.
import { runPrivacyCommand } from '../server/privacy'
import { Store } from '../server/store'

process.exitCode = await runPrivacyCommand(process.argv.slice(2), () => Store.open(), { out: console.log, err: console.error })
