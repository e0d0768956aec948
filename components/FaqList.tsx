type Faq = { q: string; a: string }

/** Questions and answers: native <details> (no JavaScript); short lists are shown open. */
export function FaqList({ faqs, collapsible = false }: { faqs: ReadonlyArray<Faq>; collapsible?: boolean }) {
  if (!collapsible) {
    return (
      <div className="faq-list">
        {faqs.map((faq) => (
          <div key={faq.q} className="faq-item">
            <h3 className="faq-question">{faq.q}</h3>
            <p>{faq.a}</p>
          </div>
        ))}
      </div>
    )
  }
  return (
    <div className="faq-list">
      {faqs.map((faq) => (
        <details key={faq.q} className="faq-item">
          <summary className="faq-question">{faq.q}</summary>
          <p>{faq.a}</p>
        </details>
      ))}
    </div>
  )
}
