import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { defaultLagDegradedAfterMs, metricCatalogue } from '@app/service-kit';

/**
 * The dashboards, alert rules and runbook of deploy/observability against what the code exports: a dashboard or
 * an alert that names a metric or label nobody exports would sit silently empty, so every PromQL expression is
 * parsed with Prometheus's own grammar and every name in it checked against the metric catalogue.
 */
const root = join(import.meta.dirname, '..', '..');
const dashboardsDir = join(root, 'deploy/observability/dashboards');
const rulesFile = join(root, 'deploy/observability/alerts/platform.yml');
const runbookFile = join(root, 'docs/operations.md');
const ruleTestsFile = join(root, 'deploy/observability/alert-tests/platform.test.yml');

/** Labels Prometheus adds from its scrape configuration, and the bucket bound of every histogram. */
const scrapeLabels = ['job', 'instance'];

interface Panel {
  type: string;
  title: string;
  datasource?: { type?: string; uid?: string };
  targets?: Array<{ refId?: string; expr?: string; datasource?: { uid?: string } }>;
  panels?: Panel[];
  fieldConfig?: { defaults?: { thresholds?: { steps?: Array<{ color: string; value: number | null }> } } };
}
interface Dashboard {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Array<{ name: string; query: string | { query: string } }> };
}
interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

/** Metric name → the labels it may be selected or grouped by. */
type KnownMetrics = Map<string, Set<string>>;

async function knownMetrics(): Promise<KnownMetrics> {
  const known: KnownMetrics = new Map([['up', new Set(scrapeLabels)]]);
  const add = (name: string, type: string, labels: readonly string[]) => {
    const names = type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name];
    for (const series of names) {
      const suffixLabels = series.endsWith('_bucket') ? ['le'] : [];
      known.set(series, new Set([...labels, ...scrapeLabels, ...suffixLabels]));
    }
  };
  for (const metric of Object.values(metricCatalogue)) add(metric.name, metric.type, metric.labels);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of await registry.getMetricsAsJSON()) {
    const labels = metric.values.flatMap((value) => Object.keys(value.labels));
    // prom-client types `type` as a numeric enum, but the JSON holds the exposition name (`histogram`).
    add(metric.name, String(metric.type), [...new Set(labels)]);
  }
  return known;
}

/** Grafana's own interval variables, which are not PromQL until Grafana substitutes them. */
function withGrafanaVariables(expr: string): string {
  return expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m');
}

/** Every problem with one expression: syntax errors, unknown metrics, labels a metric does not carry. */
function checkExpression(expr: string, known: KnownMetrics): string[] {
  const text = withGrafanaVariables(expr);
  const problems: string[] = [];
  const metrics: string[] = [];
  const grouping: string[] = [];
  parser.parse(text).iterate({
    enter: (ref) => {
      const slice = text.slice(ref.from, ref.to);
      if (ref.type.isError) problems.push(`syntax error at ${ref.from} in: ${expr}`);
      const parent = ref.node.parent?.name;
      if (ref.name === 'Identifier' && parent === 'VectorSelector') {
        metrics.push(slice);
        const labels = known.get(slice);
        if (!labels) problems.push(`unknown metric ${slice}`);
        const matchers = ref.node.parent?.getChild('LabelMatchers');
        for (const matcher of matchers?.getChildren('UnquotedLabelMatcher') ?? []) {
          const label = matcher.getChild('LabelName');
          const name = label ? text.slice(label.from, label.to) : '';
          if (labels && !labels.has(name)) problems.push(`metric ${slice} has no label ${name}`);
        }
      }
      if (ref.name === 'LabelName' && parent === 'GroupingLabels') grouping.push(slice);
    },
  });
  const available = new Set(metrics.flatMap((metric) => [...(known.get(metric) ?? [])]));
  for (const label of grouping) {
    if (!available.has(label)) problems.push(`no metric in the expression has label ${label}: ${expr}`);
  }
  return problems;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
function anchors(markdown: string): Set<string> {
  const headings = markdown.split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(
    headings.map((line) =>
      line
        .replace(/^#+ /, '')
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

function flatten(panels: Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...flatten(panel.panels ?? [])]);
}

const dashboardFiles = readdirSync(dashboardsDir).filter((file) => file.endsWith('.json'));
const dashboards = dashboardFiles.map((file) => ({
  file,
  board: JSON.parse(readFileSync(join(dashboardsDir, file), 'utf8')) as Dashboard,
}));
const dataPanels = dashboards.flatMap(({ file, board }) =>
  flatten(board.panels)
    .filter((panel) => panel.type !== 'row')
    .map((panel) => ({ file, panel })),
);
const rulesDocument = parseYaml(readFileSync(rulesFile, 'utf8')) as {
  groups: Array<{ name: string; rules: Rule[] }>;
};
const rules = rulesDocument.groups.flatMap((group) => group.rules);
const degradedSeconds = defaultLagDegradedAfterMs / 1000;
/** Prometheus's own checker, where installed; the checks above stand without it. */
const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool) console.warn("promtool not on PATH: the alert rules' promtool unit tests are SKIPPED");

let known: KnownMetrics;
beforeAll(async () => {
  known = await knownMetrics();
});

describe('the PromQL checks themselves', () => {
  it('catch a misspelt metric, a label the metric lacks, a grouping nobody has and broken syntax', () => {
    expect(checkExpression('sum by (job) (rate(http_request_duration_seconds_count[5m]))', known)).toEqual(
      [],
    );
    expect(checkExpression('rate(http_request_duraton_seconds_count[5m])', known)).toEqual([
      'unknown metric http_request_duraton_seconds_count',
    ]);
    expect(checkExpression('billing_payments_total{status="failed"}', known)).toEqual([
      'metric billing_payments_total has no label status',
    ]);
    expect(checkExpression('sum by (tenant) (monitoring_scrapes_total)', known)).toHaveLength(1);
    expect(checkExpression('sum(rate(up[5m])', known)).not.toEqual([]);
  });
});

describe('Grafana dashboards', () => {
  it('are the five the runbook names, each with a unique uid and title', () => {
    expect(dashboardFiles.sort()).toEqual([
      'event-pipeline.json',
      'notifications.json',
      'payments.json',
      'platform-overview.json',
      'service-red.json',
    ]);
    const uids = dashboards.map(({ board }) => board.uid);
    const titles = dashboards.map(({ board }) => board.title);
    expect(new Set(uids).size).toBe(uids.length);
    expect(new Set(titles).size).toBe(titles.length);
    for (const { file, board } of dashboards) {
      expect(`${board.uid}.json`).toBe(file);
      expect(board.schemaVersion).toBeGreaterThanOrEqual(39);
    }
  });

  it('give every panel the provisioned Prometheus datasource and at least one query', () => {
    for (const { file, panel } of dataPanels) {
      const where = `${file}: ${panel.title}`;
      expect(panel.datasource, where).toEqual({ type: 'prometheus', uid: 'prometheus' });
      expect(panel.targets?.length, where).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        expect(target.expr, where).toMatch(/\S/);
        expect(target.datasource?.uid, where).toBe('prometheus');
      }
    }
  });

  it('query only metrics and labels the platform exports, in valid PromQL', () => {
    const problems = dataPanels.flatMap(({ file, panel }) =>
      (panel.targets ?? []).flatMap((target) =>
        checkExpression(target.expr ?? '', known).map((problem) => `${file}: ${panel.title}: ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('fill their template variables from exported metrics', () => {
    for (const { file, board } of dashboards) {
      for (const variable of board.templating.list) {
        const query = typeof variable.query === 'string' ? variable.query : variable.query.query;
        const [, metric, label] = /^label_values\((\w+),\s*(\w+)\)$/.exec(query) ?? [];
        expect(metric && known.get(metric)?.has(label ?? ''), `${file}: $${variable.name}`).toBe(true);
      }
    }
  });

  it('chart every metric of the catalogue', () => {
    const charted = dataPanels.flatMap(({ panel }) => (panel.targets ?? []).map((target) => target.expr));
    for (const metric of Object.values(metricCatalogue)) {
      expect(
        charted.some((expr) => expr?.includes(metric.name)),
        metric.name,
      ).toBe(true);
    }
  });

  it('draw the lag threshold where readiness reports degraded', () => {
    const lagPanels = dataPanels.filter(({ panel }) =>
      panel.targets?.some((target) => /eventing_(relay|projection)_lag_seconds/.test(target.expr ?? '')),
    );
    expect(lagPanels.length).toBeGreaterThan(4);
    for (const { file, panel } of lagPanels.filter(({ panel }) => panel.title !== 'Lag not measured')) {
      const steps = panel.fieldConfig?.defaults?.thresholds?.steps ?? [];
      expect(steps.at(-1), `${file}: ${panel.title}`).toEqual({ color: 'red', value: degradedSeconds });
    }
  });
});

describe('Prometheus alert rules', () => {
  it('have the rule-file shape, with a known severity and a duration for every alert', () => {
    expect(rulesDocument.groups.length).toBeGreaterThan(0);
    const groupNames = rulesDocument.groups.map((group) => group.name);
    expect(new Set(groupNames).size).toBe(groupNames.length);
    for (const rule of rules) {
      expect(rule.alert, rule.expr).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(rule.expr, rule.alert).toMatch(/\S/);
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['warning', 'critical'], rule.alert).toContain(rule.labels.severity);
    }
  });

  it('cover the failures the platform must page on', () => {
    expect(new Set(rules.map((rule) => rule.alert))).toEqual(
      new Set([
        'TargetDown',
        'HighErrorRate',
        'HighLatencyP95',
        'RelayLagHigh',
        'ProjectionLagHigh',
        'EventLagUnmeasured',
        'TenantScrapesFailing',
        'PaymentFailuresHigh',
        'NotificationsBacklog',
        'EmailDeliveryDelayed',
        'WebhookEndpointFailing',
      ]),
    );
    const byName = (name: string) => rules.filter((rule) => rule.alert === name).map((rule) => rule.expr);
    expect(byName('TargetDown')).toEqual(['up == 0']);
    expect(byName('TenantScrapesFailing').join()).toContain('monitoring_scrapes_total{outcome="failed"}');
    expect(byName('PaymentFailuresHigh').join()).toContain('billing_payments_total{outcome="failed"}');
    expect(byName('NotificationsBacklog').join()).toContain('notifications_queue_oldest_due_seconds');
    expect(byName('EmailDeliveryDelayed').join()).toContain(
      'notifications_queue_oldest_pending_seconds{queue="email"}',
    );
    expect(byName('WebhookEndpointFailing').join()).toContain(
      'notifications_webhook_endpoints_marked_failing_total',
    );
    for (const name of ['RelayLagHigh', 'ProjectionLagHigh']) {
      expect(
        byName(name).some((expr) => expr.trim().endsWith(`> ${degradedSeconds}`)),
        name,
      ).toBe(true);
    }
  });

  it('use only metrics and labels the platform exports, in valid PromQL', () => {
    const problems = rules.flatMap((rule) =>
      checkExpression(rule.expr, known).map((problem) => `${rule.alert}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('carry a summary, a description and a runbook link to a section of docs/operations.md', () => {
    const sections = anchors(readFileSync(runbookFile, 'utf8'));
    for (const rule of rules) {
      expect(rule.annotations.summary, rule.alert).toMatch(/\S/);
      expect(rule.annotations.description, rule.alert).toMatch(/\S/);
      const [, anchor] = /^docs\/operations\.md#(.+)$/.exec(rule.annotations.runbook_url ?? '') ?? [];
      expect(anchor, rule.alert).toBe(rule.alert.toLowerCase());
      expect(sections.has(anchor ?? ''), `${rule.alert}: #${anchor}`).toBe(true);
    }
  });

  it.skipIf(!promtool)("pass Prometheus's own rule check and their promtool unit tests", () => {
    for (const args of [
      ['check', 'rules', rulesFile],
      ['test', 'rules', ruleTestsFile],
    ]) {
      const run = spawnSync('promtool', args, { encoding: 'utf8' });
      expect(run.status, `promtool ${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(0);
    }
  });
});
