import { STEP_TYPE } from '#shared/constants.ts';

/**
 * Whether a finder asks for the shopper's email: without that step its answers are stored with
 * no address, so nobody can send a size back (the editor warns; the storefront promises none).
 */
export function hasEmailStep(steps: readonly { type: number }[]): boolean {
  return steps.some((s) => s.type === STEP_TYPE.email);
}
