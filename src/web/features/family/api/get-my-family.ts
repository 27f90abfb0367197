import { useQuery } from '@tanstack/react-query';
import { myFamilyQuery } from '../../../lib/my-family';

/** GET /api/me/family: the signed-in guardian's family (guardians, the children's profiles, emergency contacts). */
export { myFamilyQuery };

export function useMyFamily() {
  return useQuery(myFamilyQuery());
}
