import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sameChildName } from '../../../../shared/rules/child-name';
import type { DetailsToRecord } from '../../../components/child-details-ask-rules';
import { ApiError, apiRequest } from '../../../lib/api';
import { currentUserKeys } from '../../../lib/auth';
import { myChildPath, myFamilyKeys, myFamilyQuery } from '../../../lib/my-family';

/**
 * Issue 31: the booking dialog records a chosen child's missing date of birth and/or sex before it books, one
 * PATCH /api/me/family/children/:childId per child (the ids are GET /api/me/family's: GET /api/me's children carry
 * none). The session call and the family's read come back before the booking goes ahead, so the dialog then knows
 * the details (and greys a child they rule out).
 */
export function useSaveChildDetails() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, DetailsToRecord[]>({
    mutationFn: async (records) => {
      const family = await queryClient.fetchQuery(myFamilyQuery());
      for (const { childName, body } of records) {
        const child = family.children.find((candidate) => sameChildName(candidate.name, childName));
        if (!child) {
          const message = `${childName} is no longer on your family's record. Please reload the page.`;
          throw new ApiError(`404: ${message}`, 404, [], { message, code: 'NOT_FOUND' });
        }
        await apiRequest('PATCH', myChildPath(child.id), body);
      }
    },
    onSettled: async () => {
      await Promise.all([currentUserKeys.all, myFamilyKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
