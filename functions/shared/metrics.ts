/**
 * CloudWatch metrics through Powertools (embedded metric format in the function's logs): pages, OCR pages,
 * documents by status, failures and durations, namespace `Readflow`. Created on first use so the environment
 * (POWERTOOLS_METRICS_DISABLED in tests and local mode) applies.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

let metrics: Metrics | undefined;
const get = () => (metrics ??= new Metrics({ namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'Readflow', serviceName: 'readflow' }));

export function count(name: string, value: number, dimensions: Record<string, string> = {}): void {
  const m = get();
  for (const [k, v] of Object.entries(dimensions)) m.addDimension(k, v);
  m.addMetric(name, MetricUnit.Count, value);
  m.publishStoredMetrics();
}

export function millis(name: string, value: number): void {
  const m = get();
  m.addMetric(name, MetricUnit.Milliseconds, value);
  m.publishStoredMetrics();
}
