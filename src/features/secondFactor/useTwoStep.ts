import type { SecondFactorList } from '../../../contract/secondFactor';
import { loadOf, useOnlineResource, type ResourceLoad } from '../../online/useOnlineResource';
import * as api from '../../secondFactor/secondFactorApi';

export type TwoStepLoad = ResourceLoad<SecondFactorList>;

/** The member's factors, read online (again on "Try again", on coming back online, after a change). */
export function useTwoStep() {
  const factors = useOnlineResource('second-factors', api.fetchFactors);
  return { load: loadOf(factors), online: factors.online, reload: factors.retry };
}
