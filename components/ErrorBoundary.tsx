import { Component, type ErrorInfo, type ReactNode } from 'react'

export const APPLICATION_ERROR_TEXT = 'Unexpected Application Error!'

/** The router's default error view (SPEC §8): a page that fails to render shows this instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(APPLICATION_ERROR_TEXT, error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return <ApplicationError />
  }
}

export function ApplicationError() {
  return (
    <section className="section narrow" role="alert">
      <h1>{APPLICATION_ERROR_TEXT}</h1>
      <p>
        Something broke while showing this page. <a href="/">Go to the home page</a> or reload to try again.
      </p>
    </section>
  )
}
