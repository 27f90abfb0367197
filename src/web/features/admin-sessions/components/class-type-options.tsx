import type { ClassTypeDto } from '../../../../shared/schemas/sessions';

interface ClassTypeOptionsProps {
  classTypes: readonly ClassTypeDto[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** The options of a form's class type select: a prompt first (an empty value the schema rejects), then each class. */
export function ClassTypeOptions({ classTypes, loading, failed }: ClassTypeOptionsProps) {
  return (
    <>
      <option value="">{loading ? 'Loading classes...' : failed ? 'Classes could not be loaded' : 'Select a class type'}</option>
      {classTypes?.map((classType) => (
        <option key={classType.id} value={classType.id}>
          {classType.name} ({classType.code})
        </option>
      ))}
    </>
  );
}
