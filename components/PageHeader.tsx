export function PageHeader({ h1, lead, className = 'page-header' }: { h1: string; lead?: string | undefined; className?: string }) {
  return (
    <header className={className}>
      <h1>{h1}</h1>
      {lead && <p className="lead">{lead}</p>}
    </header>
  )
}
