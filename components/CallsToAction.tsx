import { useSite } from '../renderer/usePageContext'

/** The two offers: the free score (always) and the $97 audit (unless a page turns it off). */
export function CallsToAction({ showUpgrade = true }: { showUpgrade?: boolean }) {
  const site = useSite()
  return (
    <div className="cta-row">
      <a className="button" href="/#free-score">
        Get my free Authority Score
      </a>
      {showUpgrade && (
        <a className="button button-secondary" href={site.checkoutUrl} data-testid="upgrade-cta">
          Get the Full Audit — $97
        </a>
      )}
    </div>
  )
}
