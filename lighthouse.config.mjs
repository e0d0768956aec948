// Lighthouse's defaults plus `layout-shift-events`: under mobile emulation Chromium takes the viewport's resize
// for an input, so CLS drops a shift flagged `had_recent_input`; the gate makes no input, so this counts every shift.
import { Audit } from 'lighthouse'

class LayoutShiftEvents extends Audit {
  static get meta() {
    return {
      id: 'layout-shift-events',
      title: 'No layout shift',
      failureTitle: 'The layout shifted',
      description:
        "Every layout shift Chromium traced during the load, whether or not it flagged the shift as following an input: Lighthouse's emulated viewport counts as one.",
      scoreDisplayMode: Audit.SCORING_MODES.NUMERIC,
      requiredArtifacts: ['Trace'],
    }
  }

  static audit(artifacts) {
    const shifts = artifacts.Trace.traceEvents.filter((event) => event.name === 'LayoutShift' && event.args?.data)
    // weighted_score_delta: a shift's score, weighted by its frame's share of the viewport (Lighthouse's CLS sums the same).
    const total = shifts.reduce((sum, event) => sum + event.args.data.weighted_score_delta, 0)
    return {
      score: total === 0 ? 1 : 0,
      numericValue: total,
      numericUnit: 'unitless',
      displayValue: `${shifts.length} shift${shifts.length === 1 ? '' : 's'}, ${total.toFixed(3)}`,
      details: Audit.makeTableDetails(
        [
          { key: 'score', valueType: 'numeric', granularity: 0.001, label: 'Score' },
          { key: 'hadRecentInput', valueType: 'text', label: 'had_recent_input' },
        ],
        shifts.map((event) => ({ score: event.args.data.weighted_score_delta, hadRecentInput: String(event.args.data.had_recent_input) })),
      ),
    }
  }
}

export default {
  extends: 'lighthouse:default',
  audits: [LayoutShiftEvents],
  // Lighthouse runs only the audits of a category; weight 0 leaves the performance score as it was.
  categories: { performance: { auditRefs: [{ id: 'layout-shift-events', weight: 0, group: 'diagnostics' }] } },
}
