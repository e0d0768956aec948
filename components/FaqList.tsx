type Faq = { q: string; a: string }

/** Questions and answers: native <details> (no JavaScript); short lists are shown open. */
export function FaqList({ faqs, collapsible = false }: { faqs: ReadonlyArray<Faq>; collapsible?: boolean }) {
  const Item = collapsible ? 'details' : 'div'
  const Question = collapsible ? 'summary' : 'h3'
  return (
    <div className="faq-list">
      {faqs.map((faq) => (
        <Item key={faq.q} className="faq-item">
          <Question className="faq-question">{faq.q}</Question>
          <p>{faq.a}</p>
        </Item>
      ))}
    </div>
  )
}
