import { setCardsEnabled, takeDrawingDigest } from './cards/cards.server'
import { takeBuildDay } from './publication.server'

// Handed to each render worker and by it to every page (the server bundle holds its own copy of these modules); BUILD_DATE is read once.

export interface BuildSettings {
  /** YYYY-MM-DD: drafts and entries dated after it are left out. */
  today: string
  /** False for `npm run build -- --no-cards`. */
  cards: boolean
  drawing: string
}

export function takeBuildSettings({ today, cards, drawing }: BuildSettings): void {
  takeBuildDay(today)
  setCardsEnabled(cards)
  takeDrawingDigest(drawing)
}
