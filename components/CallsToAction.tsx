import { usePageContext } from './pageContext'

/** The two offers: the free score (always) and the $97 audit (unless a page turns it off). */
export function CallsToAction({ showUpgrade = true }: { showUpgrade?: boolean }) {
  const { site, ui } = usePageContext()
  return (
    <div className="cta-row">
      <a className="button" href="/#free-score">
        {ui.cta.freeScore}
      </a>
      {showUpgrade && (
        <a className="button button-secondary" href={site.checkoutUrl} data-testid="upgrade-cta">
          {ui.cta.upgrade}
        </a>
      )}
    </div>
  )
}
