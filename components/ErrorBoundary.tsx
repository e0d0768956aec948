import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useUiText } from './pageContext'

/** The router's default error view: a page that fails to render shows this instead of a blank screen. */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary heading={useUiText().error.heading}>{children}</Boundary>
}

/** A class, as React's error boundaries must be; its heading comes in as a prop, since a class cannot call hooks. */
class Boundary extends Component<{ heading: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.heading, error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <ApplicationError /> : this.props.children
  }
}

export function ApplicationError() {
  const { error } = useUiText()
  return (
    <section className="section narrow" role="alert">
      <h1>{error.heading}</h1>
      <p>
        {error.text} <a href="/">{error.homeLink}</a> {error.retry}
      </p>
    </section>
  )
}
