import type { DunningStepOut } from '../../domain/api/past-due';
import { dunningStepLabel } from '../../domain/dunning';
import { formatDate } from './dates';

/** 'Retry 2 of 3 on Nov 29, 2026': a step the server sent, in the app's date format. */
export function stepText(step: DunningStepOut): string {
  return dunningStepLabel({ ...step, at: new Date(step.at) }, (at) => formatDate(at.toISOString()));
}
