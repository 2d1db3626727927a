/**
 * CloudWatch metrics through Powertools (embedded metric format in the function's logs): pages, OCR pages,
 * documents by status, failures and durations, namespace `Readflow`. Metrics are gathered during an invocation and
 * published once at its end (`flushMetrics`, called by the handler helpers): one log entry per set of dimensions,
 * not one per metric. A cold start is counted once per container (`coldStart`). Created on first use so the
 * environment (POWERTOOLS_METRICS_DISABLED in tests and local mode) applies.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

let metrics: Metrics | undefined;
const get = () => (metrics ??= new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Readflow', serviceName: 'readflow' }));

interface Pending {
  name: string;
  unit: (typeof MetricUnit)[keyof typeof MetricUnit];
  value: number;
  dimensions: Record<string, string>;
}
const pending: Pending[] = [];

export function count(name: string, value: number, dimensions: Record<string, string> = {}): void {
  pending.push({ name, unit: MetricUnit.Count, value, dimensions });
}

export function millis(name: string, value: number): void {
  pending.push({ name, unit: MetricUnit.Milliseconds, value, dimensions: {} });
}

/** Publishes what the invocation gathered: one entry per set of dimensions. */
export function flushMetrics(): void {
  if (!pending.length) return;
  const groups = new Map<string, Pending[]>();
  for (const p of pending.splice(0)) {
    const key = JSON.stringify(Object.entries(p.dimensions).sort());
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const m = get();
  for (const group of groups.values()) {
    for (const [k, v] of Object.entries(group[0].dimensions)) m.addDimension(k, v);
    for (const p of group) m.addMetric(p.name, p.unit, p.value);
    m.publishStoredMetrics();
  }
}

/** A ColdStart metric the first time a container runs a handler. */
export function coldStart(): void {
  get().captureColdStartMetric();
}
