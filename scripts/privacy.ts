// `npm run privacy -- export EMAIL`: every record held about that address, as JSON.
// `npm run privacy -- delete EMAIL`: deletes them (server/privacy.ts). DATABASE_URL=d1:remote reaches the Worker's D1.
import { DEFAULT_DATABASE_URL } from '../server/database'
import { openExistingStore, runPrivacyCommand } from '../server/privacy'
import { d1StoreOf } from './d1-wrangler-database'

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL
const open = () => Promise.resolve(d1StoreOf(url) ?? openExistingStore(url))
process.exitCode = await runPrivacyCommand(process.argv.slice(2), open, { out: console.log, err: console.error })
