/** What the inbox lists of a report, read from the (redacted) report itself. */
export interface ReportSummary {
  description: string;
  version: string;
  commit: string;
  userAgent: string;
  route: string | null;
  hasErrors: boolean;
  /** The answers' X-Request-Id of its requests: the journal's keys. */
  requestIds: string[];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface Entry {
  level?: unknown;
  status?: unknown;
  requestId?: unknown;
}

/** The page the report was sent from: the router's location in the trace's last state. */
function lastRoute(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const lifted = JSON.parse(payload) as { computedStates?: { state?: { router?: { location?: Record<string, unknown> } } }[] };
    const states = Array.isArray(lifted.computedStates) ? lifted.computedStates : [];
    const location = states[states.length - 1]?.state?.router?.location;
    if (!location || typeof location.pathname !== 'string') return null;
    return `${location.pathname}${typeof location.search === 'string' ? location.search : ''}`.slice(0, 2000);
  } catch {
    return null;
  }
}

interface Summarised {
  trace: Record<string, unknown>;
  console: Entry[];
  requests: Entry[];
  description: string;
  version: string;
  commit: string;
  userAgent: string;
}

/** Read from the redacted report: the inbox shows its description and browser as the file holds them. */
export function summarise(report: Summarised): ReportSummary {
  const failed = (status: unknown) => typeof status === 'number' && (status === 0 || status >= 400);
  const requestIds = [
    ...new Set(
      report.requests.map((entry) => entry.requestId).filter((id): id is string => typeof id === 'string' && REQUEST_ID.test(id)),
    ),
  ];
  return {
    description: report.description.trim() || report.description,
    version: report.version,
    commit: report.commit,
    userAgent: report.userAgent,
    route: lastRoute(report.trace.payload),
    hasErrors: report.console.some((entry) => entry.level !== 'warning') || report.requests.some((entry) => failed(entry.status)),
    requestIds,
  };
}
