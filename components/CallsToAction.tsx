import { usePageContext } from './pageContext'

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
