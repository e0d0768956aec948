import { setCardsEnabled, takeDrawingDigest } from './cards/cards.server'
import { takeBuildDay } from './publication.server'

// What a build decides once for all its pages, handed to each render worker and by it to every page (the
// server bundle holds its own copy of these modules). Never through the environment: BUILD_DATE is read once.

export interface BuildSettings {
  /** The day the build publishes for (YYYY-MM-DD): drafts and entries dated after it are left out. */
  today: string
  /** False for `npm run build -- --no-cards`: no page names a drawn card or the raster logo. */
  cards: boolean
  /** The digest of how cards are drawn, found once by the build: every card's URL carries it. */
  drawing: string
}

/** Makes `settings` those of this process's copy of the content and card code. */
export function takeBuildSettings({ today, cards, drawing }: BuildSettings): void {
  takeBuildDay(today)
  setCardsEnabled(cards)
  takeDrawingDigest(drawing)
}
