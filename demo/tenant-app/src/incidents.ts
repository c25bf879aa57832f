import { intHash, unitHash } from './random.js';

/**
 * The demo app's incidents: in each hour, with a small chance, one starts at a drawn minute and lasts a drawn
 * time. Everything about them follows from the seed, so the past is the same whenever it is asked about.
 */
const hourMs = 60 * 60 * 1000;
const minuteMs = 60 * 1000;
/** About one incident every day and a half. */
const chancePerHour = 0.03;

export interface Incident {
  startsAt: number;
  endsAt: number;
  critical: boolean;
}

export function incidentInHour(seed: string, hour: number): Incident | null {
  if (unitHash(seed, 'incident', hour) >= chancePerHour) return null;
  const startsAt = hour * hourMs + intHash(0, 45, seed, 'incident-minute', hour) * minuteMs;
  const endsAt = startsAt + intHash(8, 40, seed, 'incident-length', hour) * minuteMs;
  return { startsAt, endsAt, critical: unitHash(seed, 'incident-critical', hour) < 0.4 };
}

/** Incidents that started in (since, until], newest first. */
export function incidentsBetween(seed: string, since: number, until: number): Incident[] {
  const found: Incident[] = [];
  for (let hour = Math.floor(until / hourMs); hour >= Math.floor(since / hourMs); hour -= 1) {
    const incident = incidentInHour(seed, hour);
    if (incident !== null && incident.startsAt > since && incident.startsAt <= until) found.push(incident);
  }
  return found;
}

/** The incident under way at `now`, if any (one never lasts past the next hour's end). */
export function activeIncident(seed: string, now: number): Incident | null {
  const hour = Math.floor(now / hourMs);
  for (const candidate of [hour, hour - 1]) {
    const incident = incidentInHour(seed, candidate);
    if (incident !== null && incident.startsAt <= now && now < incident.endsAt) return incident;
  }
  return null;
}
